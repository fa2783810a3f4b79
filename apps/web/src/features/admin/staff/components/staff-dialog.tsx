import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, type FormEventHandler, type ReactNode } from 'react';

/**
 * The frame of the create and edit dialogs: a title and a line under it. It cannot be closed while
 * the form is being sent. Its children (the form) are mounted only while it is open, so every
 * opening starts with a fresh form.
 */
export function StaffFormDialog({
  isOpen,
  title,
  subtitle,
  isPending,
  onClose,
  onExited,
  children,
}: {
  isOpen: boolean;
  title: string;
  subtitle: string;
  isPending: boolean;
  onClose: () => void;
  onExited?: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      scroll="paper"
      slotProps={{
        paper: { sx: { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: undefined } } },
        transition: onExited ? { onExited } : {},
      }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700, pb: 1.5 }}>
        {title}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.5 }}>
          {subtitle}
        </Typography>
      </DialogTitle>
      {children}
    </Dialog>
  );
}

/** The form inside a staff dialog: its fields (scrolling when long), its failure, and Cancel and submit. */
export function StaffFormBody({
  submitLabel,
  pendingLabel,
  isPending,
  failure,
  onCancel,
  onSubmit,
  children,
}: {
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  failure: string | null;
  onCancel: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogContent dividers sx={{ display: 'grid', gap: 2.25, py: 2.5 }}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Button onClick={onCancel} disabled={isPending} color="inherit">
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={isPending}
          startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}
