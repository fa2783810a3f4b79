import { accountMessages, type changePasswordForm } from '@letsema/domain';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormPasswordField } from '../../components/form-password-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { lazyResolver } from '../../lib/lazy-resolver';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { useChangePassword } from './api';
import { SettingsCard } from './settings-card';
import { useSuccessMessage } from '../../lib/use-success-message';

type ChangePasswordValues = z.input<typeof changePasswordForm>;
type ChangePasswordResult = z.output<typeof changePasswordForm>;

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. Every other device has been signed out; this one stays signed in.';
export const PASSWORD_SET_MESSAGE = 'Your password has been set. You can now also sign in with your e-mail address.';

/**
 * Changes the password. An account made through Google has none yet: it sets one without being
 * asked for a current password.
 */
export function ChangePasswordCard({
  email,
  fullName,
  hasPassword,
}: {
  email: string;
  fullName?: string | null;
  hasPassword: boolean;
}) {
  return (
    <SettingsCard
      icon={<LockOutlined />}
      title={hasPassword ? 'Change password' : 'Set a password'}
      description={
        hasPassword
          ? 'Every other device and browser is signed out when your password changes; this one stays signed in.'
          : 'You sign in with Google. Set a password to also sign in with your e-mail address and password.'
      }
    >
      <ChangePasswordForm email={email} fullName={fullName} hasPassword={hasPassword} />
    </SettingsCard>
  );
}

/** The change-password form, on the settings card and on the page that asks for a new password first. */
export function ChangePasswordForm({
  email,
  fullName,
  hasPassword,
  submitLabel,
  onChanged,
}: {
  email: string;
  fullName?: string | null;
  hasPassword: boolean;
  submitLabel?: string;
  onChanged?: () => void;
}) {
  const changePassword = useChangePassword();
  const success = useSuccessMessage();
  const rules = useMemo(
    () => lazyResolver(() => import('./form-rules').then((module) => module.changePasswordResolver(email, fullName))),
    [email, fullName],
  );
  const { control, handleSubmit, setError, reset } = useForm<ChangePasswordValues, unknown, ChangePasswordResult>({
    resolver: rules.resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit(({ currentPassword, newPassword }) => {
    success.clear();
    if (hasPassword && !currentPassword) {
      setError('currentPassword', { type: 'required', message: accountMessages.currentPasswordRequired });
      return;
    }
    changePassword.mutate(hasPassword ? { currentPassword, newPassword } : { newPassword }, {
      onSuccess: () => {
        reset();
        success.show(hasPassword ? PASSWORD_CHANGED_MESSAGE : PASSWORD_SET_MESSAGE);
        onChanged?.();
      },
      onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
    });
  });

  // Field errors are shown on their fields; anything else goes in the banner.
  const error = changePassword.error;
  const isFieldError = error instanceof ApiError && FIELDS.some((field) => error.details[field]);
  const isPending = changePassword.isPending;

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      onInput={rules.preload}
      onPointerDown={rules.preload}
      spacing={2.5}
    >
      {success.message && <Alert severity="success">{success.message}</Alert>}
      {error && !isFieldError && <Alert severity="error">{getErrorMessage(error, 'Failed to change password')}</Alert>}
      {/* Lets password managers file the new password under the right account. */}
      <Box component="input" type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {hasPassword && (
        <FormPasswordField
          control={control}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          disabled={isPending}
        />
      )}
      <FormPasswordField
        control={control}
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        helperText="At least 8 characters. A phrase of three or four uncommon words is strong and easy to remember."
        disabled={isPending}
      />
      <PasswordStrengthMeter control={control} name="newPassword" userInputs={[email, fullName ?? '']} />
      <FormPasswordField
        control={control}
        name="confirmPassword"
        label="Confirm new password"
        autoComplete="new-password"
        disabled={isPending}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={isPending}
          startIcon={isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {isPending ? 'Saving…' : (submitLabel ?? (hasPassword ? 'Change password' : 'Set password'))}
        </Button>
      </Box>
    </Stack>
  );
}
