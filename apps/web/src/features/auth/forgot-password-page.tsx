import { recoveryMessages, type EmailLinkBody, type emailLinkBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
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
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {text.sent}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            No e-mail after a few minutes? Check your spam folder, and that you typed the address your account uses.
          </Typography>
          {kind === 'reset' && <AssistedResetHint />}
        </Stack>
      ) : (
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          onInput={rules.preload}
          onPointerDown={rules.preload}
          spacing={2.5}
        >
          {request.error && <Alert severity="error">{getErrorMessage(request.error, 'Sending failed')}</Alert>}
          <FormTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            disabled={request.isPending}
          />
          <SubmitButton label={text.label} pendingLabel={text.pendingLabel} isPending={request.isPending} />
          {kind === 'reset' && <AssistedResetHint />}
        </Stack>
      )}
    </AuthLayout>
  );
}

function AssistedResetHint() {
  return (
    <Typography variant="body2" color="text.secondary">
      No access to your e-mail?{' '}
      <Link component={RouterLink} to="/assisted-reset" sx={{ fontWeight: 600 }}>
        Use a code from the cooperative
      </Link>
    </Typography>
  );
}

/** `/forgot-password`: asks for a reset link. */
export function ForgotPasswordPage() {
  return <EmailLinkRequestForm kind="reset" />;
}
