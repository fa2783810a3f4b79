import { reauthMessages } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { ActionDialog } from '../../../../components/action-dialog';
import { ApiError, getErrorMessage } from '../../../../lib/api-client';
import { useReauthenticate } from '../api';

/**
 * Asks the acting admin for their own password before a change to another admin's roles or
 * password, then makes the change (`onConfirmed`); either failure is shown here.
 */
export function ConfirmPasswordDialog({
  isOpen,
  onCancel,
  onConfirmed,
}: {
  isOpen: boolean;
  onCancel: () => void;
  onConfirmed: () => Promise<void>;
}) {
  const reauthenticate = useReauthenticate();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const isPending = reauthenticate.isPending || isSaving;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!password) {
      setFieldError(reauthMessages.passwordRequired);
      return;
    }
    setFieldError(null);
    try {
      await reauthenticate.mutateAsync(password);
    } catch (error) {
      const message = getErrorMessage(error, 'Your password could not be checked');
      if (error instanceof ApiError && error.details.password) setFieldError(error.details.password);
      else setFailure(message);
      return;
    }
    setIsSaving(true);
    try {
      await onConfirmed();
    } catch (error) {
      setFailure(getErrorMessage(error, 'The change was not saved'));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <ActionDialog
      isOpen={isOpen}
      title="Confirm with your password"
      subtitle="Changing another admin's roles or password needs your own password, typed again."
      isPending={isPending}
      onClose={onCancel}
      onExited={() => {
        setPassword('');
        setFieldError(null);
        setFailure(null);
        reauthenticate.reset();
      }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldError !== null}
              helperText={fieldError ?? ' '}
              disabled={isPending}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isPending}
            startIcon={isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {isPending ? 'Confirming…' : 'Confirm'}
          </Button>
        </DialogActions>
      </form>
    </ActionDialog>
  );
}
