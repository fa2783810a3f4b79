import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * The frame of a dialog that asks before an action: a title (and a line under it), a paper that
 * fits a phone, and no closing while the action is being sent. Its content is mounted only while it
 * is open, so a form inside starts afresh at every opening.
 */
export function ActionDialog({
  isOpen,
  title,
  subtitle,
  isPending,
  maxWidth = 'sm',
  describedBy,
  onClose,
  onExited,
  children,
}: {
  isOpen: boolean;
  title: ReactNode;
  subtitle?: string;
  isPending: boolean;
  maxWidth?: DialogProps['maxWidth'];
  /** The id of the text that describes the dialog, if any. */
  describedBy?: string;
  onClose: () => void;
  /** Called once the dialog has finished closing, to reset what it held. */
  onExited?: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      fullWidth
      maxWidth={maxWidth}
      slotProps={{
        paper: { sx: { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: undefined } } },
        transition: onExited ? { onExited } : {},
      }}
    >
      <DialogTitle id={titleId} sx={subtitle ? { fontWeight: 700, pb: 1.5 } : { fontWeight: 700 }}>
        {title}
        {subtitle && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </DialogTitle>
      {children}
    </Dialog>
  );
}

/**
 * Cancel and the confirming button of an action dialog. Without `onConfirm` the button submits the
 * dialog's form. Both are disabled while the action is being sent; the button then shows its pending text.
 */
export function ActionDialogButtons({
  label,
  pendingLabel,
  isPending,
  isDisabled = false,
  color = 'primary',
  isSpacious = false,
  onCancel,
  onConfirm,
}: {
  label: string;
  pendingLabel: string;
  isPending: boolean;
  /** Whether the action cannot be confirmed yet, apart from being sent. */
  isDisabled?: boolean;
  color?: 'primary' | 'success' | 'error';
  /** Even padding, for actions under a content area with dividers. */
  isSpacious?: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
}) {
  return (
    <DialogActions sx={isSpacious ? { px: 3, py: 2, gap: 1 } : { px: 3, pb: 2.5, gap: 1 }}>
      <Button onClick={onCancel} disabled={isPending} color="inherit">
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant="contained"
        color={color}
        onClick={onConfirm}
        disabled={isDisabled || isPending}
        startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={color === 'success' ? { color: '#fff' } : undefined}
      >
        {isPending ? pendingLabel : label}
      </Button>
    </DialogActions>
  );
}
