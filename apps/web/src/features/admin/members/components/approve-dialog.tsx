import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { ReviewTarget } from '../api';
import { getTargetName } from '../review-rules';

/** Asks the admin to confirm an approval before it is sent. */
export function ApproveDialog({
  target,
  memberName,
  isOpen,
  isPending,
  onClose,
  onConfirm,
}: {
  target: ReviewTarget;
  memberName: string;
  isOpen: boolean;
  isPending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const text =
    target === 'kyc'
      ? `${memberName}'s registration will be approved and their account activated. They will be told by e-mail.`
      : `Next of kin #${target} of ${memberName} will be marked as verified.`;
  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { sx: { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: undefined } } } }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        Approve {getTargetName(target)}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={isPending} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          color="success"
          onClick={onConfirm}
          disabled={isPending}
          startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ color: '#fff' }}
        >
          {isPending ? 'Approving…' : 'Approve'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
