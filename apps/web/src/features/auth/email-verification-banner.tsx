import { PlainAlert } from '../../components/plain/plain-alert';
import { PlainButton } from '../../components/plain/plain-button';
import plainStyles from '../../components/plain/plain.module.css';
import { useEffect } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import type { CurrentUser } from '../../lib/current-user';
import { SUCCESS_MESSAGE_MS } from '../../lib/use-success-message';
import { useResendVerification } from './api';

/**
 * Until the account's address is proven: a reminder with a button that sends the link again. The
 * app works meanwhile; nothing waits on it. Drawn with plain parts: it is on a new member's first screen.
 */
export function EmailVerificationBanner({ user }: { user: CurrentUser }) {
  const resend = useResendVerification();
  const { isSuccess, reset } = resend;
  // "We sent a new link" is a success message: it goes after three seconds, like every other, and
  // the reminder with its button comes back.
  useEffect(() => {
    if (!isSuccess) return undefined;
    const timer = setTimeout(reset, SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, reset]);
  if (user.emailVerified) return null;
  return (
    <PlainAlert
      severity={resend.isError ? 'error' : 'info'}
      // A long address keeps the width of a phone: the button goes under it.
      wrapsOnPhones
      className={plainStyles.spacedBelow}
      action={
        !resend.isSuccess && (
          <PlainButton color="inherit" size="small" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? 'Sending…' : 'Send the link again'}
          </PlainButton>
        )
      }
    >
      {resend.isSuccess
        ? `We sent a new link to ${user.email}. It works for 24 hours.`
        : resend.isError
          ? getErrorMessage(resend.error, 'The link could not be sent. Please try again.')
          : `Please confirm your e-mail address: we sent a link to ${user.email}.`}
    </PlainAlert>
  );
}
