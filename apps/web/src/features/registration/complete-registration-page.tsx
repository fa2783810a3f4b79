import { isKinComplete, resumeStep, type WizardStep } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { PlainButton } from '../../components/plain/plain-button';
import { getErrorMessage } from '../../lib/api-client';
import type { NextOfKinView } from '@letsema/domain';
import { useShellUser } from '../../shell/shell-context';
import { useNextOfKin, type Registrant } from './api';
import { AwaitingReviewStep } from './awaiting-review-step';
import { MemberDocumentStep } from './member-document-step';
import { NextOfKinStep } from './next-of-kin-step';
import { ProfileStep } from './profile-step';
import { ReturnedItemsAlert } from './returned-items-alert';
import { WizardProgressCard } from './wizard-progress-card';
import styles from './wizard.module.css';

/**
 * The six-step verification wizard. The step is never stored: it is worked out from what the
 * server holds, so a reload, another device or a returned registration all open where work is due.
 */
export function CompleteRegistrationPage() {
  const user = useShellUser();
  const kin = useNextOfKin();

  return (
    <>
      <PageHeader
        title="Complete Registration"
        subtitle="Verify your identity to start saving and investing with the cooperative."
      />
      {kin.data ? (
        <Wizard user={user} kin={kin.data} />
      ) : kin.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void kin.refetch()} disabled={kin.isFetching}>
              {kin.isFetching ? 'Retrying…' : 'Retry'}
            </Button>
          }
        >
          {getErrorMessage(kin.error, 'Failed to load data')}
        </Alert>
      ) : (
        <Paper
          role="status"
          aria-label="Loading your registration"
          sx={{ p: 6, display: 'flex', justifyContent: 'center' }}
        >
          <CircularProgress />
        </Paper>
      )}
    </>
  );
}

function Wizard({ user, kin }: { user: Registrant; kin: NextOfKinView[] }) {
  const step = resumeStep(user, kin);
  const isReturned = user.registrationStatus === 'rejected';
  // Until the registration is sent for review, the member may go back to their details (a wrong ID
  // number or name found at a later step), then carry on where they were.
  const [isEditingProfile, setIsEditingProfile] = useState(false);
  const mayEditProfile = step > 1 && step < 6;
  // The form or the step opens at the top of the page, where its title is.
  const setEditingProfile = (isEditing: boolean) => {
    setIsEditingProfile(isEditing);
    window.scrollTo({ top: 0 });
  };
  if (isEditingProfile && mayEditProfile) {
    return (
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <WizardProgressCard step={step} />
        <ProfileStep user={user} onSaved={() => setEditingProfile(false)} onCancel={() => setEditingProfile(false)} />
      </Stack>
    );
  }
  return (
    <Stack spacing={{ xs: 2, sm: 3 }}>
      <WizardProgressCard step={step} />
      {isReturned && step < 6 && <ReturnedItemsAlert user={user} kin={kin} />}
      <StepContent key={step} step={step} user={user} kin={kin} />
      {mayEditProfile && (
        <div className={styles.backLine}>
          <PlainButton onClick={() => setEditingProfile(true)}>Edit profile details</PlainButton>
        </div>
      )}
    </Stack>
  );
}

function StepContent({ step, user, kin }: { step: WizardStep; user: Registrant; kin: NextOfKinView[] }) {
  switch (step) {
    case 1:
      return <ProfileStep user={user} />;
    case 2:
      return <MemberDocumentStep kind="profile-picture" identityType={user.identityType} />;
    case 3:
      return <MemberDocumentStep kind="id-document" identityType={user.identityType} />;
    case 4:
    case 5: {
      const nokOrder = step === 4 ? 1 : 2;
      const other = kin.find((k) => k.nokOrder === (nokOrder === 1 ? 2 : 1));
      return (
        <NextOfKinStep
          nokOrder={nokOrder}
          existing={kin.find((k) => k.nokOrder === nokOrder)}
          isFinal={isKinComplete(other)}
        />
      );
    }
    default:
      return <AwaitingReviewStep user={user} />;
  }
}
