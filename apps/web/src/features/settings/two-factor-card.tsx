import { isSecondFactorCode, twoFactorMessages } from '@letsema/domain';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ActionDialog } from '../../components/action-dialog';
import { RetryAlert } from '../../components/retry-alert';
import { getErrorMessage } from '../../lib/api-client';
import { useSuccessMessage } from '../../lib/use-success-message';
import { useDisableMfa, useMfaStatus, useNewRecoveryCodes } from './api';
import { SettingsCard } from './settings-card';
import { RecoveryCodes, TwoFactorEnrolment } from './two-factor-enrolment';
import { TextInput } from '../../components/text-input';

export const TWO_FACTOR_OFF_MESSAGE = 'Two-factor sign-in is off. Your password alone signs you in now.';

/** Settings: turn two-factor sign-in on or off, and replace the recovery codes. */
export function TwoFactorCard({ hasPassword, isRequired }: { hasPassword: boolean; isRequired: boolean }) {
  const status = useMfaStatus();
  const success = useSuccessMessage();
  const [dialog, setDialog] = useState<'off' | 'codes' | null>(null);
  const [isEnrolling, setIsEnrolling] = useState(false);

  return (
    <SettingsCard
      icon={<PhonelinkLockOutlined />}
      title="Two-factor sign-in"
      description="After your password, a 6-digit code from an authenticator app on your phone: a stolen password alone cannot sign in."
    >
      {success.message && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {success.message}
        </Alert>
      )}
      {status.isPending && <Skeleton variant="rounded" height={40} />}
      {status.isError && (
        <RetryAlert onRetry={() => void status.refetch()}>
          {getErrorMessage(status.error, 'Failed to load two-factor sign-in')}
        </RetryAlert>
      )}
      {/* The enrolment stays until its recovery codes are put away, though the status says "on" before that. */}
      {status.data && (!status.data.enabled || isEnrolling) && (
        <TwoFactorEnrolment
          onStart={() => setIsEnrolling(true)}
          onDone={() => {
            setIsEnrolling(false);
            success.show('Two-factor sign-in is on for your account.');
          }}
        />
      )}
      {status.data?.enabled && !isEnrolling && (
        <Stack spacing={2}>
          <Typography>
            <strong>On.</strong> {status.data.recoveryCodesLeft} of 10 recovery codes left.
            {isRequired && ' Admin accounts must keep it on.'}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="outlined" onClick={() => setDialog('codes')}>
              New recovery codes
            </Button>
            {!isRequired && (
              <Button variant="outlined" color="error" onClick={() => setDialog('off')}>
                Turn off
              </Button>
            )}
          </Stack>
        </Stack>
      )}
      <TurnOffDialog
        isOpen={dialog === 'off'}
        hasPassword={hasPassword}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          success.show(TWO_FACTOR_OFF_MESSAGE);
        }}
      />
      <NewCodesDialog isOpen={dialog === 'codes'} onClose={() => setDialog(null)} />
    </SettingsCard>
  );
}

function codeError(code: string): string | null {
  if (!code.trim()) return twoFactorMessages.codeRequired;
  return isSecondFactorCode(code) ? null : twoFactorMessages.codeFormat;
}

function CodeField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  return (
    <TextInput
      label="Code from the app, or a recovery code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      error={error !== null}
      helperText={error ?? ' '}
      disabled={disabled}
      slotProps={{ htmlInput: { maxLength: 40 } }}
    />
  );
}

function TurnOffDialog({
  isOpen,
  hasPassword,
  onClose,
  onDone,
}: {
  isOpen: boolean;
  hasPassword: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const disable = useDisableMfa();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(hasPassword && !password ? { password: twoFactorMessages.passwordRequired } : {}),
      ...(codeError(code) ? { code: codeError(code)! } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    disable.mutate({ ...(hasPassword ? { password } : {}), code: code.trim() }, { onSuccess: onDone });
  };

  return (
    <ActionDialog
      isOpen={isOpen}
      title="Turn off two-factor sign-in?"
      subtitle="Your password alone will sign you in. Confirm with your password and a code."
      isPending={disable.isPending}
      onClose={onClose}
      onExited={() => {
        setPassword('');
        setCode('');
        setErrors({});
        disable.reset();
      }}
    >
      <form noValidate onSubmit={submit}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {disable.error && <Alert severity="error">{getErrorMessage(disable.error, 'It was not turned off')}</Alert>}
            {hasPassword && (
              <TextInput
                label="Password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={Boolean(errors.password)}
                helperText={errors.password ?? ' '}
                disabled={disable.isPending}
              />
            )}
            <CodeField value={code} onChange={setCode} error={errors.code ?? null} disabled={disable.isPending} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={disable.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={disable.isPending}
            startIcon={disable.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {disable.isPending ? 'Turning off…' : 'Turn off'}
          </Button>
        </DialogActions>
      </form>
    </ActionDialog>
  );
}

function NewCodesDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const newCodes = useNewRecoveryCodes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = codeError(code);
    setError(found);
    if (!found) newCodes.mutate({ code: code.trim() });
  };

  return (
    <ActionDialog
      isOpen={isOpen}
      title="New recovery codes"
      subtitle="Your old recovery codes stop working. Confirm with a code."
      isPending={newCodes.isPending}
      onClose={onClose}
      onExited={() => {
        setCode('');
        setError(null);
        newCodes.reset();
      }}
    >
      {newCodes.data ? (
        <DialogContent>
          <RecoveryCodes codes={newCodes.data.recoveryCodes} onDone={onClose} />
        </DialogContent>
      ) : (
        <form noValidate onSubmit={submit}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {newCodes.error && (
                <Alert severity="error">{getErrorMessage(newCodes.error, 'No new codes were made')}</Alert>
              )}
              <CodeField value={code} onChange={setCode} error={error} disabled={newCodes.isPending} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={onClose} disabled={newCodes.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={newCodes.isPending}
              startIcon={newCodes.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {newCodes.isPending ? 'Making codes…' : 'Make new codes'}
            </Button>
          </DialogActions>
        </form>
      )}
    </ActionDialog>
  );
}
