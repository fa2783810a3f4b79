import type { AdminPayoutAccount } from '@letsema/domain';
import { acceptAttribute } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ActionDialog, ActionDialogButtons } from '../../../components/action-dialog';
import { FileButton } from '../../../components/file-picker';
import { isPayoutAccountReady, PayoutAccountDetails } from '../../../components/payout-account-details';
import { getErrorMessage } from '../../../lib/api-client';
import { uploadPayoutProof } from './api';

/**
 * Marks a payout paid: the member's payout account is shown in full (the only account paid into), the
 * proof of the transfer is uploaded, then the step is sent with its URL.
 */
export function PayDialog({
  isOpen,
  title,
  description,
  account,
  memberName,
  onClose,
  onPay,
}: {
  isOpen: boolean;
  title: string;
  description: string;
  account: AdminPayoutAccount | null | undefined;
  memberName: string;
  onClose: () => void;
  onPay: (proofUrl: string) => Promise<unknown>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const confirm = async () => {
    if (!file) {
      setProblem('Please upload the proof of transfer');
      return;
    }
    setProblem(null);
    setIsPending(true);
    try {
      await onPay(await uploadPayoutProof(file));
      onClose();
    } catch (error) {
      setProblem(getErrorMessage(error, 'It could not be marked paid'));
    } finally {
      setIsPending(false);
    }
  };
  return (
    <ActionDialog
      isOpen={isOpen}
      title={title}
      isPending={isPending}
      onClose={onClose}
      onExited={() => {
        setFile(null);
        setProblem(null);
      }}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <Typography variant="body2">{description}</Typography>
        <PayoutAccountDetails account={account} memberName={memberName} />
        {problem && <Alert severity="error">{problem}</Alert>}
        <FileButton
          label={file ? `Proof: ${file.name}` : 'Choose the proof of transfer'}
          inputLabel="Proof of transfer file"
          accept={acceptAttribute.document}
          variant="outlined"
          size="medium"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            if (picked) setFile(picked);
          }}
        />
      </DialogContent>
      <ActionDialogButtons
        label="Mark paid"
        pendingLabel="Saving…"
        isPending={isPending}
        isDisabled={!isPayoutAccountReady(account)}
        onCancel={onClose}
        onConfirm={() => void confirm()}
      />
    </ActionDialog>
  );
}

/** Asks for a text (an early exit's reason) before a step is sent. */
export function TextStepDialog({
  isOpen,
  title,
  label,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  isOpen: boolean;
  title: string;
  label: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  return (
    <ActionDialog
      isOpen={isOpen}
      title={title}
      isPending={isPending}
      onClose={onClose}
      onExited={() => {
        setText('');
        setProblem(null);
      }}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <TextField
          label={label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <ActionDialogButtons
        label={confirmLabel}
        pendingLabel="Saving…"
        isPending={isPending}
        onCancel={onClose}
        onConfirm={() => {
          setIsPending(true);
          onConfirm(text)
            .then(onClose)
            .catch((error: unknown) => setProblem(getErrorMessage(error, 'It could not be saved')))
            .finally(() => setIsPending(false));
        }}
      />
    </ActionDialog>
  );
}
