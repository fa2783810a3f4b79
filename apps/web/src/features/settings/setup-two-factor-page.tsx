import { homePathFor } from '@letsema/domain';
import { useNavigate } from 'react-router';
import { CenteredPage } from '../../components/centered-page';
import { useShellUser } from '../../shell/shell-context';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/** Where an admin without two-factor sign-in is sent before the back office opens. */
export function SetupTwoFactorPage() {
  const user = useShellUser();
  const navigate = useNavigate();
  return (
    <CenteredPage
      title="Set up two-factor sign-in"
      subtitle="Admin accounts sign in with a password and a code from an authenticator app on your phone."
      maxWidth={520}
    >
      <TwoFactorEnrolment
        startLabel="Start set-up"
        onDone={() => void navigate(homePathFor(user), { replace: true })}
      />
    </CenteredPage>
  );
}
