import type { AdminPayoutAccount } from '@letsema/domain';
import { acceptAttribute, formatRandAmount, loanMessages, type WaivePenaltyBody } from '@letsema/domain';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ActionDialog, ActionDialogButtons } from '../../../components/action-dialog';
import { FileButton } from '../../../components/file-picker';
import { FormTextField } from '../../../components/form-text-field';
import { isPayoutAccountReady, PayoutAccountDetails } from '../../../components/payout-account-details';
import { fetchFile, getErrorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { getFileExtension, isPdfFile, isProtectedFileUrl, saveBlob } from '../shared/files-api';
import { ImagePreviewDialog } from '../shared/image-preview-dialog';
import { adminKeys } from '../shared/query-keys';
import { uploadDisbursementProof } from './api';

const waiveRules = lazyResolver(() => import('./form-rules').then((module) => module.waiveResolver));

/**
 * Opens a stored proof (of payment or of transfer): loads it with the admin's token, then shows an
 * image full screen or saves a PDF. The token never goes into a URL.
 */
export function ProofFileButton({
  url,
  label,
  accessibleName,
  title,
  fileName,
}: {
  url: string | null;
  label: string;
  accessibleName: string;
  /** The full-screen preview's title. */
  title: string;
  /** The download's name, without its extension. */
  fileName: string;
}) {
  const queryClient = useQueryClient();
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const [preview, setPreview] = useState<{ src: string; blob: Blob } | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.src) : undefined), [preview]);

  if (!isProtectedFileUrl(url)) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        No proof
      </Typography>
    );
  }
  const open = async () => {
    setIsLoading(true);
    setHasFailed(false);
    try {
      const blob = await queryClient.fetchQuery({
        queryKey: adminKeys.file(url),
        queryFn: ({ signal }) => fetchFile(url, signal),
        staleTime: Infinity,
        retry: false,
      });
      if (isPdfFile(url, blob)) saveBlob(blob, `${fileName}.pdf`);
      else setPreview({ src: URL.createObjectURL(blob), blob });
    } catch {
      setHasFailed(true);
    } finally {
      setIsLoading(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        color={hasFailed ? 'error' : 'primary'}
        onClick={() => void open()}
        disabled={isLoading}
        aria-label={hasFailed ? `Retry: ${accessibleName} (it could not be loaded)` : accessibleName}
        startIcon={isLoading ? <CircularProgress size={14} color="inherit" /> : <Visibility fontSize="small" />}
        sx={{ px: 1, minWidth: 0 }}
      >
        {hasFailed ? 'Retry' : label}
      </Button>
      <ImagePreviewDialog
        isOpen={Boolean(preview)}
        title={title}
        src={preview?.src ?? null}
        onClose={() => setPreview(null)}
        onDownload={preview ? () => saveBlob(preview.blob, `${fileName}.${getFileExtension(preview.blob)}`) : undefined}
      />
    </>
  );
}

/** Asks before an action that needs nothing more than a yes (approving a loan, a waiver, a repayment). */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  pendingLabel,
  color = 'success',
  isPending,
  errorMessage,
  onClose,
  onConfirm,
}: {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  color?: 'primary' | 'success' | 'error';
  isPending: boolean;
  errorMessage: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ActionDialog isOpen={isOpen} title={title} isPending={isPending} onClose={onClose}>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {errorMessage && <Alert severity="error">{errorMessage}</Alert>}
        <Typography variant="body2" component="div">
          {children}
        </Typography>
      </DialogContent>
      <ActionDialogButtons
        label={confirmLabel}
        pendingLabel={pendingLabel}
        isPending={isPending}
        color={color}
        onCancel={onClose}
        onConfirm={onConfirm}
      />
    </ActionDialog>
  );
}

/** Pays out an approved loan: the proof of the transfer is uploaded, then the payout is sent with its URL. */
export function DisburseDialog({
  isOpen,
  loan,
  account,
  onClose,
  onDisburse,
}: {
  isOpen: boolean;
  loan: { number: string; amount: number; memberName: string };
  account: AdminPayoutAccount | null | undefined;
  onClose: () => void;
  onDisburse: (proofUrl: string) => Promise<unknown>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const confirm = async () => {
    if (!file) {
      setProblem(loanMessages.proofOfTransfer);
      return;
    }
    setProblem(null);
    setIsPending(true);
    try {
      await onDisburse(await uploadDisbursementProof(file));
      onClose();
    } catch (error) {
      setProblem(getErrorMessage(error, 'The loan could not be paid out'));
    } finally {
      setIsPending(false);
    }
  };
  return (
    <ActionDialog
      isOpen={isOpen}
      title="Pay out the loan"
      subtitle={`${loan.number} · ${loan.memberName}`}
      isPending={isPending}
      onClose={onClose}
      onExited={() => {
        setFile(null);
        setProblem(null);
      }}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <Typography variant="body2">
          Transfer {formatRandAmount(loan.amount)} to {loan.memberName}’s payout account, then upload the bank’s proof
          of transfer. The repayment schedule starts today and the payout is posted to the books.
        </Typography>
        <PayoutAccountDetails account={account} memberName={loan.memberName} />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Box>
          <FileButton
            label={file ? `Proof: ${file.name}` : 'Choose the proof of transfer'}
            inputLabel="Proof of transfer file"
            accept={acceptAttribute.document}
            variant="outlined"
            size="medium"
            disabled={isPending}
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = '';
              if (picked) {
                setFile(picked);
                setProblem(null);
              }
            }}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            A photo or PDF of the bank’s confirmation, 10 MB at most.
          </Typography>
        </Box>
      </DialogContent>
      <ActionDialogButtons
        label="Pay out"
        pendingLabel="Paying out…"
        isPending={isPending}
        isDisabled={!isPayoutAccountReady(account)}
        onCancel={onClose}
        onConfirm={() => void confirm()}
      />
    </ActionDialog>
  );
}

/** Asks a second loan admin to waive what is left of a late penalty, with the reason. */
export function WaiveDialog({
  isOpen,
  penalty,
  onClose,
  onWaive,
}: {
  isOpen: boolean;
  penalty: { instalmentNumber: number; amount: number } | null;
  onClose: () => void;
  onWaive: (reason: string) => Promise<unknown>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<{ reason: string }, unknown, WaivePenaltyBody>({
    resolver: waiveRules.resolver,
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onWaive(values.reason);
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, setError, ['reason']);
      setFailure(getErrorMessage(error, 'The waiver could not be asked for'));
    }
  });
  return (
    <ActionDialog
      isOpen={isOpen}
      title="Waive the late penalty"
      subtitle={
        penalty
          ? `Instalment ${penalty.instalmentNumber}: ${formatRandAmount(penalty.amount)} left to waive`
          : undefined
      }
      isPending={formState.isSubmitting}
      onClose={onClose}
      onExited={() => {
        reset();
        setFailure(null);
      }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        onInput={waiveRules.preload}
        onPointerDown={waiveRules.preload}
      >
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Typography variant="body2">
            A second loan admin must agree before the penalty is waived; until then the member still owes it.
          </Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          <FormTextField
            control={control}
            name="reason"
            label="Reason for the waiver"
            multiline
            minRows={3}
            required
            autoFocus
            disabled={formState.isSubmitting}
            helperText="At least 5 characters. The second admin reads it."
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <ActionDialogButtons
          label="Ask to waive"
          pendingLabel="Sending…"
          isPending={formState.isSubmitting}
          onCancel={onClose}
        />
      </Box>
    </ActionDialog>
  );
}
