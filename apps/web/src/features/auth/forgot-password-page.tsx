import { recoveryMessages, type EmailLinkBody, type emailLinkBody } from '@letsema/domain';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { FormPlainTextField } from '../../components/form-plain-fields';
import { PlainAlert } from '../../components/plain/plain-alert';
import { PlainSubmitButton } from '../../components/plain/plain-button';
import styles from '../../components/plain/plain.module.css';
import { getErrorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useRequestPasswordReset, useRequestSignInLink } from './api';
import { AuthLayout } from './auth-layout';

const rules = lazyResolver(() => import('./form-rules').then((module) => module.emailLinkResolver));

const KINDS = {
  reset: {
    title: 'Forgot your password?',
    subtitle: 'Enter the e-mail address of your account and we will e-mail you a link to choose a new password.',
    label: 'E-mail me a reset link',
    pendingLabel: 'Sending…',
    sent: recoveryMessages.resetSent,
  },
  signIn: {
    title: 'Sign in with an e-mailed link',
    subtitle: 'Enter the e-mail address of your account and we will e-mail you a link that signs you in.',
    label: 'E-mail me a sign-in link',
    pendingLabel: 'Sending…',
    sent: recoveryMessages.signInLinkSent,
  },
} as const;

/** Asks for a link by e-mail: a password reset, or a sign-in link. The answer never says whether the address has an account. */
export function EmailLinkRequestForm({ kind }: { kind: keyof typeof KINDS }) {
  const text = KINDS[kind];
  const reset = useRequestPasswordReset();
  const signIn = useRequestSignInLink();
  const request = kind === 'reset' ? reset : signIn;
  const { control, handleSubmit, setError } = useForm<z.input<typeof emailLinkBody>, unknown, EmailLinkBody>({
    resolver: rules.resolver,
    defaultValues: { email: '' },
  });
  const submit = handleSubmit((values) => {
    request.mutate(values, { onError: (error) => applyServerFieldErrors(error, setError, ['email']) });
  });

  return (
    <AuthLayout
      title={text.title}
      subtitle={text.subtitle}
      footer={{ question: 'Remembered it?', linkText: 'Back to sign in', to: '/login' }}
    >
      {request.isSuccess ? (
        <div className={styles.formStack} style={{ gap: 16 }}>
          <PlainAlert severity="success">{text.sent}</PlainAlert>
          <p className={styles.secondaryText}>
            No e-mail after a few minutes? Check your spam folder, and that you typed the address your account uses.
          </p>
          {kind === 'reset' && <AssistedResetHint />}
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          onInput={rules.preload}
          onPointerDown={rules.preload}
          className={styles.formStack}
        >
          {request.error && (
            <PlainAlert severity="error">{getErrorMessage(request.error, 'Sending failed')}</PlainAlert>
          )}
          <FormPlainTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            disabled={request.isPending}
          />
          <PlainSubmitButton label={text.label} pendingLabel={text.pendingLabel} isPending={request.isPending} />
          {kind === 'reset' && <AssistedResetHint />}
        </form>
      )}
    </AuthLayout>
  );
}

function AssistedResetHint() {
  return (
    <p className={styles.secondaryText}>
      No access to your e-mail?{' '}
      <RouterLink to="/assisted-reset" className={styles.link}>
        Use a code from the cooperative
      </RouterLink>
    </p>
  );
}

/** `/forgot-password`: asks for a reset link. */
export function ForgotPasswordPage() {
  return <EmailLinkRequestForm kind="reset" />;
}
