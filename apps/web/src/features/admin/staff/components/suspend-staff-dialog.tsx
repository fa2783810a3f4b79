import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { getDisplayName } from '../../../../lib/formatters';
import type { StaffMember } from '../api';

/** Asks the admin to confirm a suspension, and says what it does, before it is sent. */
export function SuspendStaffDialog({
  staff,
  isOpen,
  isPending,
  failure,
  onClose,
  onExited,
  onConfirm,
}: {
  staff: StaffMember | null;
  isOpen: boolean;
  isPending: boolean;
  failure: string | null;
  onClose: () => void;
  onExited: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const name = staff ? getDisplayName(staff) : '';
  return (
    <Dialog
      open={isOpen && staff !== null}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      fullWidth
      maxWidth="xs"
      slotProps={{
        paper: { sx: { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: undefined } } },
        transition: { onExited },
      }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        Suspend admin user?
      </DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {failure}
          </Alert>
        )}
        <DialogContentText id={descriptionId} sx={{ color: 'text.primary' }}>
          <strong>{name}</strong>
          {staff && name !== staff.email ? ` (${staff.email})` : ''} loses access to the admin workspace at once: they
          are signed out on their next click and cannot sign in again.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={isPending} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={onConfirm}
          disabled={isPending}
          startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {isPending ? 'Suspending…' : 'Suspend'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
