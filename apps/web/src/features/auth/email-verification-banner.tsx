import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { getErrorMessage } from '../../lib/api-client';
import type { CurrentUser } from '../../lib/current-user';
import { useResendVerification } from './api';

/**
 * Until the account's address is proven: a reminder with a button that sends the link again. The
 * app works meanwhile; nothing waits on it.
 */
export function EmailVerificationBanner({ user }: { user: CurrentUser }) {
  const resend = useResendVerification();
  if (user.emailVerified) return null;
  return (
    <Alert
      severity={resend.isError ? 'error' : 'info'}
      role="status"
      // A long address wraps instead of making the message a scrolling box on a phone.
      sx={{
        mb: 2.5,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { overflow: 'visible', overflowWrap: 'anywhere', minWidth: 0, flex: 1 },
        '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 4.5, sm: 2 } },
      }}
      action={
        !resend.isSuccess && (
          <Button color="inherit" size="small" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? 'Sending…' : 'Send the link again'}
          </Button>
        )
      }
    >
      {resend.isSuccess
        ? `We sent a new link to ${user.email}. It works for 24 hours.`
        : resend.isError
          ? getErrorMessage(resend.error, 'The link could not be sent. Please try again.')
          : `Please confirm your e-mail address: we sent a link to ${user.email}.`}
    </Alert>
  );
}
