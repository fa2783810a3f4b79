import { recoveryMessages, type assistedResetForm, type AssistedResetForm } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormPasswordField } from '../../components/form-password-field';
import { FormTextField } from '../../components/form-text-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { SubmitButton } from '../../components/submit-button';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useCompleteAssistedReset } from './api';
import { AuthLayout } from './auth-layout';
import type { LoginPageState } from './login-page';

const rules = lazyResolver(() => import('./form-rules').then((module) => module.assistedResetResolver));

/** `/assisted-reset`: a member without e-mail access sets a new password with the code the cooperative gave them. */
export function AssistedResetPage() {
  const navigate = useNavigate();
  const [asksCode, setAsksCode] = useState(false);
  const complete = useCompleteAssistedReset();
  const { control, handleSubmit, setError } = useForm<z.input<typeof assistedResetForm>, unknown, AssistedResetForm>({
    resolver: rules.resolver,
    defaultValues: { email: '', resetCode: '', password: '', confirmPassword: '', code: '' },
  });
  const email = useWatch({ control, name: 'email' });

  const submit = handleSubmit(({ email, resetCode, password, code }) => {
    complete.mutate(
      { email, resetCode, password, ...(code ? { code } : {}) },
      {
        onSuccess: () => {
          const state: LoginPageState = { message: recoveryMessages.passwordReset };
          void navigate('/login', { replace: true, state });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details.code) setAsksCode(true);
          applyServerFieldErrors(error, setError, ['email', 'resetCode', 'password', 'code']);
        },
      },
    );
  });

  return (
    <AuthLayout
      title="Reset with a code from the cooperative"
      subtitle="No access to your e-mail? An admin of the cooperative can give you a one-time code after checking who you are."
      footer={{ question: 'Remembered it?', linkText: 'Back to sign in', to: '/login' }}
    >
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        onInput={rules.preload}
        onPointerDown={rules.preload}
        spacing={2.5}
      >
        {complete.error && (
          <Alert severity="error">{getErrorMessage(complete.error, 'The password could not be changed')}</Alert>
        )}
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          disabled={complete.isPending}
        />
        <FormTextField
          control={control}
          name="resetCode"
          label="One-time code"
          autoComplete="off"
          helperText="As the cooperative gave it, for example abcd-efgh-jkmn."
          disabled={complete.isPending}
        />
        <FormPasswordField
          control={control}
          name="password"
          label="New password"
          autoComplete="new-password"
          helperText="At least 8 characters. A phrase of three or four uncommon words is strong and easy to remember."
          disabled={complete.isPending}
        />
        <PasswordStrengthMeter control={control} name="password" userInputs={[email]} />
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
    </AuthLayout>
  );
}
