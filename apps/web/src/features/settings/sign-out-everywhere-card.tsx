import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId, useState } from 'react';
import { ActionDialog, ActionDialogButtons } from '../../components/action-dialog';
import { getErrorMessage } from '../../lib/api-client';
import { useSignOutEverywhere } from './api';
import { SettingsCard } from './settings-card';

/** Ends every session of the account after a confirmation, this one included. */
export function SignOutEverywhereCard() {
  const [isOpen, setIsOpen] = useState(false);
  const signOut = useSignOutEverywhere();
  const descriptionId = useId();

  const close = () => {
    if (signOut.isPending) return;
    setIsOpen(false);
  };

  return (
    <SettingsCard
      icon={<DevicesOutlined />}
      title="Sign out everywhere"
      description="Lost a phone or signed in on a shared computer? End every session of your account, on every device and browser, this one included."
    >
      <Button
        variant="outlined"
        color="error"
        onClick={() => {
          signOut.reset();
          setIsOpen(true);
        }}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        Sign out everywhere
      </Button>

      <ActionDialog
        isOpen={isOpen}
        title="Sign out everywhere?"
        isPending={signOut.isPending}
        maxWidth="xs"
        describedBy={descriptionId}
        onClose={close}
      >
        <DialogContent>
          <DialogContentText id={descriptionId}>
            You will be signed out on every device and browser, including this one, and will need to sign in again.
          </DialogContentText>
          {signOut.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {getErrorMessage(signOut.error, 'Failed to sign out everywhere')}
            </Alert>
          )}
        </DialogContent>
        <ActionDialogButtons
          label="Sign out everywhere"
          pendingLabel="Signing out…"
          isPending={signOut.isPending}
          color="error"
          onCancel={close}
          onConfirm={() => signOut.mutate()}
        />
      </ActionDialog>
    </SettingsCard>
  );
}
