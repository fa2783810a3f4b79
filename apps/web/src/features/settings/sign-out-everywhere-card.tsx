import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { useSignOutEverywhere } from './api';
import { SettingsCard } from './settings-card';

/** Ends every session of the account after a confirmation, this one included. */
export function SignOutEverywhereCard() {
  const [isOpen, setIsOpen] = useState(false);
  const signOut = useSignOutEverywhere();
  const titleId = useId();
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

      <Dialog
        open={isOpen}
        onClose={close}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        fullWidth
        maxWidth="xs"
        slotProps={{ paper: { sx: { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: undefined } } } }}
      >
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          Sign out everywhere?
        </DialogTitle>
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
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={close} disabled={signOut.isPending} color="inherit">
            Cancel
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            startIcon={signOut.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {signOut.isPending ? 'Signing out…' : 'Sign out everywhere'}
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsCard>
  );
}
