import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page-header';
import { useShellUser } from '../../shell/shell-context';
import { ChangePasswordCard } from './change-password-card';
import { EmailPreferencesCard } from './email-preferences-card';
import { SignOutEverywhereCard } from './sign-out-everywhere-card';
import { TwoFactorCard } from './two-factor-card';

/** The account's settings, for members and admins alike: password, sessions and e-mail notifications. */
export function SettingsPage() {
  const user = useShellUser();
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <PageHeader
        title="Settings"
        subtitle="Your password, two-factor sign-in, where you are signed in, and the e-mails you receive."
      />
      <Stack spacing={3}>
        <ChangePasswordCard email={user.email} fullName={user.fullName} hasPassword={user.hasPassword} />
        <TwoFactorCard hasPassword={user.hasPassword} isRequired={user.mfaRequired ?? false} />
        <SignOutEverywhereCard />
        <EmailPreferencesCard email={user.email} />
      </Stack>
    </Box>
  );
}
