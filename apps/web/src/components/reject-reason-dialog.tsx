import { rejectWithReasonBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { ActionDialog, ActionDialogButtons } from './action-dialog';
import { TextInput } from './text-input';

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
  reasonHint = 'The member is told this reason.',
}: {
  isOpen: boolean;
  title: string;
  description: ReactNode;
  /** Under the reason: who reads it. */
  reasonHint?: string;
  isPending: boolean;
  errorMessage: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

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
    <ActionDialog
      isOpen={isOpen}
      title={title}
      isPending={isPending}
      onClose={onClose}
      onExited={() => {
        setReason('');
        setProblem(null);
      }}
    >
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
          <TextInput
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
            helperText={problem ?? reasonHint}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <ActionDialogButtons
          label="Reject"
          pendingLabel="Rejecting…"
          isPending={isPending}
          color="error"
          onCancel={onClose}
        />
      </Box>
    </ActionDialog>
  );
}
