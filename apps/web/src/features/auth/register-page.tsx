import type { registerForm, RegisterForm } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormPasswordField } from '../../components/form-password-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { getErrorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useRegister } from './api';
import { AuthLayout } from './auth-layout';
import { GoogleSignInButton } from './google-sign-in-button';
import type { LoginPageState } from './login-page';

export const ACCOUNT_CREATED_MESSAGE = 'Account created! Please log in to complete your registration.';

const rules = lazyResolver(() => import('./form-rules').then((module) => module.registerResolver));

export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const { control, handleSubmit, setError } = useForm<z.input<typeof registerForm>, unknown, RegisterForm>({
    resolver: rules.resolver,
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const email = useWatch({ control, name: 'email' });

  const submit = handleSubmit(({ email, password }) => {
    register.mutate(
      { email, password },
      {
        onSuccess: () => {
          const state: LoginPageState = { message: ACCOUNT_CREATED_MESSAGE };
          void navigate('/login', { state });
        },
        onError: (error) => applyServerFieldErrors(error, setError, ['email', 'password']),
      },
    );
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Join the Letsema savings and investment cooperative"
      footer={{ question: 'Already have an account?', linkText: 'Sign in', to: '/login' }}
    >
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        onInput={rules.preload}
        onPointerDown={rules.preload}
        spacing={2.5}
      >
        {register.error && <Alert severity="error">{getErrorMessage(register.error, 'Registration failed')}</Alert>}
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          disabled={register.isPending}
        />
        <FormPasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="new-password"
          helperText="At least 8 characters. A phrase of three or four uncommon words is strong and easy to remember."
          disabled={register.isPending}
        />
        <PasswordStrengthMeter control={control} name="password" userInputs={[email]} />
        <FormPasswordField
          control={control}
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
          disabled={register.isPending}
        />
        <SubmitButton label="Sign Up" pendingLabel="Creating account…" isPending={register.isPending} />
      </Stack>
      <GoogleSignInButton disabled={register.isPending} />
    </AuthLayout>
  );
}
