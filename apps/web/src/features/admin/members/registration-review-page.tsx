import ArrowBack from '@mui/icons-material/ArrowBack';
import Cancel from '@mui/icons-material/Cancel';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { RejectKinBody, RejectKycBody } from '@letsema/domain';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useSuccessMessage } from '../../../lib/use-success-message';
import {
  memberKeys,
  useMemberForReview,
  useReviewDecision,
  type MemberForReview,
  type ReviewDecision,
  type ReviewTarget,
} from './api';
import { ApproveDialog } from './components/approve-dialog';
import { DECISION_BAR_SPACE, DecisionBar } from './components/decision-bar';
import { KinPanel } from './components/kin-panel';
import { KycPanel } from './components/kyc-panel';
import { RejectDialog } from './components/reject-dialog';
import { PENDING_LIST_PATH, ReviewHeader } from './components/review-header';
import {
  canDecide,
  findKin,
  getApproveFailureMessage,
  getDecisionState,
  getDecisionSuccessMessage,
  getRejectOptions,
  getReviewTabs,
  getTargetName,
  getTargetStatus,
  REJECT_FAILURE_MESSAGE,
} from './review-rules';

const tabIcons: Record<string, ReactElement> = {
  verified: <CheckCircle fontSize="small" color="success" />,
  rejected: <Cancel fontSize="small" color="error" />,
  pending: <HourglassTop fontSize="small" color="warning" />,
};

export function RegistrationReviewPage() {
  const { userId = '' } = useParams();
  const member = useMemberForReview(userId);

  if (member.isPending) return <LoadingReview />;
  if (member.isError) {
    const message =
      member.error instanceof ApiError && member.error.status === 404
        ? 'User not found'
        : getErrorMessage(member.error, 'Failed to load user data');
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <Button component={RouterLink} to={PENDING_LIST_PATH} startIcon={<ArrowBack />} color="inherit" sx={{ mb: 2 }}>
          Back
        </Button>
        <Alert
          severity="error"
          action={
            member.error instanceof ApiError && member.error.status === 404 ? undefined : (
              <Button color="inherit" size="small" onClick={() => void member.refetch()}>
                Retry
              </Button>
            )
          }
        >
          {message}
        </Alert>
      </Box>
    );
  }
  return <RegistrationReview member={member.data} />;
}

interface DialogState {
  kind: 'approve' | 'reject';
  target: ReviewTarget;
  isOpen: boolean;
}

function RegistrationReview({ member }: { member: MemberForReview }) {
  const [selected, setSelected] = useState<ReviewTarget>('kyc');
  const [dialog, setDialog] = useState<DialogState>({ kind: 'approve', target: 'kyc', isOpen: false });
  const [failed, setFailed] = useState<{ message: string; state: string } | null>(null);
  const [rejectFailure, setRejectFailure] = useState<string | null>(null);
  const success = useSuccessMessage();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const decision = useReviewDecision(member.id);
  const queryClient = useQueryClient();

  const tabs = getReviewTabs(member);
  const target: ReviewTarget = selected !== 'kyc' && !findKin(member, selected) ? 'kyc' : selected;
  const isDecidable = canDecide(member, target);
  const state = getDecisionState(member, target);
  // A failure stays while the review it was about is unchanged: another tab or decision clears it.
  const failure = failed?.state === state ? failed.message : null;
  const setFailure = (message: string | null) => setFailed(message === null ? null : { message, state });
  const name = member.fullName?.trim() || member.email;

  const openDialog = (kind: 'approve' | 'reject') => {
    setFailure(null);
    setRejectFailure(null);
    success.clear();
    setDialog({ kind, target, isOpen: true });
  };
  const closeDialog = () => setDialog((current) => ({ ...current, isOpen: false }));

  const approve = (subject: ReviewTarget) => {
    decision.mutate(
      { target: subject, action: 'approve' },
      {
        onSuccess: () => {
          closeDialog();
          success.show(getDecisionSuccessMessage(subject, 'approve'));
        },
        onError: (error) => {
          closeDialog();
          // The review is loaded again before this runs: the failure belongs to what it shows now.
          const now = queryClient.getQueryData<MemberForReview>(memberKeys.detail(member.id)) ?? member;
          setFailed({
            message: getErrorMessage(error, getApproveFailureMessage(subject)),
            state: getDecisionState(now, subject),
          });
        },
      },
    );
  };

  const reject = (subject: ReviewTarget, body: RejectKycBody | RejectKinBody) => {
    setRejectFailure(null);
    decision.mutate({ target: subject, action: 'reject', body } as ReviewDecision, {
      onSuccess: () => {
        closeDialog();
        success.show(getDecisionSuccessMessage(subject, 'reject'));
      },
      onError: (error) => setRejectFailure(getErrorMessage(error, REJECT_FAILURE_MESSAGE)),
    });
  };

  const kin = target === 'kyc' ? undefined : findKin(member, target);

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', pb: isDecidable ? DECISION_BAR_SPACE : 0 }}>
      <ReviewHeader member={member} status={getTargetStatus(member, 'kyc')} />

      <Box aria-live="polite">
        {(failure || success.message) && (
          <Stack spacing={2} sx={{ mb: 2 }}>
            {failure && (
              <Alert severity="error" onClose={() => setFailure(null)}>
                {failure}
              </Alert>
            )}
            {success.message && (
              <Alert severity="success" onClose={success.clear}>
                {success.message}
              </Alert>
            )}
          </Stack>
        )}
      </Box>

      <Paper sx={{ mb: 2.5, px: { xs: 0.5, sm: 1 } }}>
        <Tabs
          value={target}
          onChange={(_event, value: ReviewTarget) => {
            setSelected(value);
          }}
          variant="scrollable"
          // Three tabs fit from sm up; on phones they scroll, with buttons to show there is more. The
          // buttons are always there on a phone: drawn only once the tabs were found to overflow, they
          // pushed the tabs aside under a finger already on its way to one.
          scrollButtons={isPhone}
          allowScrollButtonsMobile
          aria-label="Registration sections"
        >
          {tabs.map((tab) => (
            <Tab
              key={String(tab.target)}
              value={tab.target}
              label={tab.label}
              icon={tabIcons[tab.status]}
              iconPosition="start"
              id={`review-tab-${tab.target}`}
              aria-controls={`review-panel-${tab.target}`}
              sx={{ minHeight: 56, fontWeight: 600, textTransform: 'none' }}
            />
          ))}
        </Tabs>
      </Paper>

      <Box role="tabpanel" id={`review-panel-${target}`} aria-labelledby={`review-tab-${target}`}>
        {kin ? <KinPanel kin={kin} /> : <KycPanel member={member} />}
      </Box>

      {isDecidable && (
        <DecisionBar
          subject={tabs.find((tab) => tab.target === target)?.label ?? getTargetName(target)}
          isBusy={decision.isPending}
          onReject={() => openDialog('reject')}
          onApprove={() => openDialog('approve')}
        />
      )}

      <ApproveDialog
        target={dialog.target}
        memberName={name}
        isOpen={dialog.isOpen && dialog.kind === 'approve'}
        isPending={decision.isPending}
        onClose={closeDialog}
        onConfirm={() => approve(dialog.target)}
      />
      <RejectDialog
        target={dialog.target}
        options={getRejectOptions(member, dialog.target)}
        isOpen={dialog.isOpen && dialog.kind === 'reject'}
        isPending={decision.isPending}
        errorMessage={rejectFailure}
        onClose={closeDialog}
        onConfirm={(body) => reject(dialog.target, body)}
      />
    </Box>
  );
}

function LoadingReview() {
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} role="status" aria-label="Loading registration">
      <Paper sx={{ p: 2.5, mb: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
        <Skeleton variant="circular" width={56} height={56} />
        <Box sx={{ flexGrow: 1 }}>
          <Skeleton width="35%" height={32} />
          <Skeleton width="55%" />
        </Box>
      </Paper>
      <Skeleton variant="rounded" height={56} sx={{ mb: 2.5, borderRadius: 3 }} />
      <Skeleton variant="rounded" height={260} sx={{ borderRadius: 3 }} />
    </Box>
  );
}
