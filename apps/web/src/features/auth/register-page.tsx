import type { registerForm, RegisterForm } from '@letsema/domain';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormPlainPasswordField, FormPlainTextField } from '../../components/form-plain-fields';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { PlainAlert } from '../../components/plain/plain-alert';
import { PlainSubmitButton } from '../../components/plain/plain-button';
import styles from '../../components/plain/plain.module.css';
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
  // Followed from a cooperative's invitation link (/join/<slug>): the account is that cooperative's.
  const [search] = useSearchParams();
  const cooperative = search.get('cooperative') ?? undefined;
  const { control, handleSubmit, setError } = useForm<z.input<typeof registerForm>, unknown, RegisterForm>({
    resolver: rules.resolver,
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const email = useWatch({ control, name: 'email' });

  const submit = handleSubmit(({ email, password }) => {
    register.mutate(
      { email, password, ...(cooperative ? { cooperative } : {}) },
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
      subtitle={
        cooperative
          ? 'Create your account to join the cooperative that invited you'
          : 'Join the Letsema savings and investment cooperative'
      }
      footer={{ question: 'Already have an account?', linkText: 'Sign in', to: '/login' }}
    >
      <form
        noValidate
        onSubmit={submit}
        onInput={rules.preload}
        onPointerDown={rules.preload}
        className={styles.formStack}
      >
        {register.error && (
          <PlainAlert severity="error">{getErrorMessage(register.error, 'Registration failed')}</PlainAlert>
        )}
        <FormPlainTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          disabled={register.isPending}
        />
        <FormPlainPasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="new-password"
          helperText="At least 8 characters. A phrase of three or four uncommon words is strong and easy to remember."
          disabled={register.isPending}
        />
        <PasswordStrengthMeter control={control} name="password" userInputs={[email]} />
        <FormPlainPasswordField
          control={control}
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
          disabled={register.isPending}
        />
        <PlainSubmitButton label="Sign Up" pendingLabel="Creating account…" isPending={register.isPending} />
      </form>
      <GoogleSignInButton disabled={register.isPending} />
    </AuthLayout>
  );
}
