import { recoveryMessages, type passwordResetForm, type PasswordResetForm } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormPasswordField } from '../../components/form-password-field';
import { FormTextField } from '../../components/form-text-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { SubmitButton } from '../../components/submit-button';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useCompletePasswordReset } from './api';
import { AuthLayout } from './auth-layout';
import type { LoginPageState } from './login-page';

const rules = lazyResolver(() => import('./form-rules').then((module) => module.passwordResetResolver));

/** Reads the link's token once and takes it out of the address bar (and so out of the history). */
function takeToken(): string {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/** `/reset-password?token=…`: where the reset e-mail leads; the owner chooses a new password. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [token] = useState(takeToken);
  // The code field appears once the server says the account has two-factor sign-in on.
  const [asksCode, setAsksCode] = useState(false);
  const complete = useCompletePasswordReset();
  const { control, handleSubmit, setError } = useForm<z.input<typeof passwordResetForm>, unknown, PasswordResetForm>({
    resolver: rules.resolver,
    defaultValues: { token, password: '', confirmPassword: '', code: '' },
  });

  const submit = handleSubmit(({ password, code }) => {
    complete.mutate(
      { token, password, ...(code ? { code } : {}) },
      {
        onSuccess: () => {
          const state: LoginPageState = { message: recoveryMessages.passwordReset };
          void navigate('/login', { replace: true, state });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details.code) setAsksCode(true);
          applyServerFieldErrors(error, setError, ['password', 'code']);
        },
      },
    );
  });

  const failure = complete.error ? getErrorMessage(complete.error, 'The password could not be changed') : null;
  const isLinkDead = !token || (complete.error instanceof ApiError && Boolean(complete.error.details.token));

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
      footer={{ question: 'Remembered it?', linkText: 'Back to sign in', to: '/login' }}
    >
      {isLinkDead ? (
        <Stack spacing={2.5}>
          <Alert severity="error">{failure ?? recoveryMessages.resetInvalid}</Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained" size="large" fullWidth replace>
            Ask for a new link
          </Button>
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
          {failure && <Alert severity="error">{failure}</Alert>}
          <FormPasswordField
            control={control}
            name="password"
            label="New password"
            autoComplete="new-password"
            autoFocus
            helperText="At least 8 characters. A phrase of three or four uncommon words is strong and easy to remember."
            disabled={complete.isPending}
          />
          <PasswordStrengthMeter control={control} name="password" userInputs={[]} />
          <FormPasswordField
            control={control}
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
            disabled={complete.isPending}
          />
          {asksCode && (
            <FormTextField
              control={control}
              name="code"
              label="Two-factor code"
              autoComplete="one-time-code"
              helperText="The 6-digit code from your authenticator app, or one of your recovery codes."
              disabled={complete.isPending}
            />
          )}
          <SubmitButton label="Set new password" pendingLabel="Saving…" isPending={complete.isPending} />
        </Stack>
      )}
    </AuthLayout>
  );
}
