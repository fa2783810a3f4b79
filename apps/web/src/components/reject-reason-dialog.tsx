import { rejectWithReasonBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';

/**
 * Asks for the reason of a rejection (payments, pool requests). The reason is checked with the
 * server's own rule ('Rejection reason is required') before it is sent.
 */
export function RejectReasonDialog({
  isOpen,
  title,
  description,
  isPending,
  errorMessage,
  onClose,
  onConfirm,
}: {
  isOpen: boolean;
  title: string;
  description: ReactNode;
  isPending: boolean;
  errorMessage: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();

  const confirm = () => {
    const parsed = rejectWithReasonBody.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    onConfirm(parsed.data.reason);
  };

  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{
        paper: { sx: { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: undefined } } },
        transition: {
          onExited: () => {
            setReason('');
            setProblem(null);
          },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {title}
      </DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <DialogContent>
          <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 2 }}>
            {description}
          </Typography>
          {errorMessage && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage}
            </Alert>
          )}
          <TextField
            label="Reason for rejection"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (problem) setProblem(null);
            }}
            multiline
            minRows={3}
            disabled={isPending}
            autoFocus
            required
            error={Boolean(problem)}
            helperText={problem ?? 'The member is told this reason.'}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={onClose} disabled={isPending} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={isPending}
            startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {isPending ? 'Rejecting…' : 'Reject'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
