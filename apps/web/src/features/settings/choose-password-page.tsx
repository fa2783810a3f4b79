import { homePathFor } from '@letsema/domain';
import { useNavigate } from 'react-router';
import { CenteredPage } from '../../components/centered-page';
import { useShellUser } from '../../shell/shell-context';
import { ChangePasswordForm } from './change-password-card';

/** Where an account whose password was generated (the first super admin) chooses its own. */
export function ChoosePasswordPage() {
  const user = useShellUser();
  const navigate = useNavigate();
  return (
    <CenteredPage
      title="Choose a new password"
      subtitle="The password you signed in with was generated for the first start. Choose your own before you continue."
    >
      <ChangePasswordForm
        email={user.email}
        fullName={user.fullName}
        hasPassword={user.hasPassword}
        submitLabel="Save and continue"
        onChanged={() => void navigate(homePathFor(user), { replace: true })}
      />
    </CenteredPage>
  );
}
