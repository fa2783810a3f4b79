import type { StartCooperativeBody, StartCooperativeForm } from '@letsema/domain';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormPlainPasswordField, FormPlainTextField } from '../../components/form-plain-fields';
import { ProvinceOptions } from '../../components/province-options';
import { FormSelectField } from '../../components/form-select-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { PlainAlert } from '../../components/plain/plain-alert';
import { PlainSubmitButton } from '../../components/plain/plain-button';
import styles from '../../components/plain/plain.module.css';
import { getErrorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useAuthProviders, useStartCooperative } from './api';
import { AuthLayout } from './auth-layout';

const rules = lazyResolver(() => import('./form-rules').then((module) => module.startCooperativeResolver));

/**
 * `/start`: a founder starts a new cooperative and becomes its super admin, then goes to the back
 * office (which asks for two-factor sign-in first where admins need it). Where the installation
 * serves one cooperative only, the page says so instead of offering a form that would be refused.
 */
export function StartPage() {
  const navigate = useNavigate();
  const providers = useAuthProviders();
  const start = useStartCooperative();
  const { control, handleSubmit, setError } = useForm<StartCooperativeForm, unknown, StartCooperativeBody>({
    resolver: rules.resolver,
    defaultValues: {
      name: '',
      registrationNumber: '',
      province: '' as StartCooperativeForm['province'],
      founderName: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
  });
  const [email, founderName, name] = useWatch({ control, name: ['email', 'founderName', 'name'] });

  const submit = handleSubmit((body) => {
    start.mutate(body, {
      onSuccess: () => void navigate('/admin', { replace: true }),
      onError: (error) =>
        applyServerFieldErrors(error, setError, [
          'name',
          'registrationNumber',
          'province',
          'founderName',
          'email',
          'password',
        ]),
    });
  });

  const layout = {
    title: 'Start a cooperative',
    subtitle: 'Set up your savings club on Letsema and invite its members',
    footer: { question: 'Already on Letsema?', linkText: 'Sign in', to: '/login' },
  };
  if (providers.data && !providers.data.startCooperative) {
    return (
      <AuthLayout {...layout}>
        <PlainAlert severity="info">
          This installation of Letsema serves one cooperative. Ask whoever runs it, or sign in to yours.
        </PlainAlert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout {...layout}>
      <form
        noValidate
        onSubmit={submit}
        onInput={rules.preload}
        onPointerDown={rules.preload}
        className={styles.formStack}
      >
        {start.error && (
          <PlainAlert severity="error">
            {getErrorMessage(start.error, 'The cooperative could not be started')}
          </PlainAlert>
        )}
        <FormPlainTextField
          control={control}
          name="name"
          label="Cooperative's name"
          autoComplete="organization"
          autoFocus
          disabled={start.isPending}
        />
        <FormSelectField control={control} name="province" label="Province" disabled={start.isPending}>
          <ProvinceOptions />
        </FormSelectField>
        <FormPlainTextField
          control={control}
          name="registrationNumber"
          label="Registration number (optional)"
          autoComplete="off"
          disabled={start.isPending}
        />
        <FormPlainTextField
          control={control}
          name="founderName"
          label="Your full name"
          autoComplete="name"
          disabled={start.isPending}
        />
        <FormPlainTextField
          control={control}
          name="email"
          label="Your email"
          type="email"
          autoComplete="email"
          disabled={start.isPending}
        />
        <FormPlainPasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="new-password"
          helperText="At least 8 characters. You will also set up two-factor sign-in, as every admin does."
          disabled={start.isPending}
        />
        <PasswordStrengthMeter control={control} name="password" userInputs={[email, founderName, name]} />
        <FormPlainPasswordField
          control={control}
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
          disabled={start.isPending}
        />
        <PlainSubmitButton
          label="Start the cooperative"
          pendingLabel="Starting the cooperative…"
          isPending={start.isPending}
        />
      </form>
    </AuthLayout>
  );
}
