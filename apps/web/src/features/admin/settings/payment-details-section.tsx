import type { PaymentDetails, PaymentDetailsBody, PaymentDetailsInput } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { RetryAlert } from '../../../components/retry-alert';
import { getErrorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { formatAdminDateTime } from '../../../lib/formatters';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useSuccessMessage } from '../../../lib/use-success-message';
import { SettingsFormFrame } from './settings-form-frame';
import { usePaymentDetails, useSavePaymentDetails } from '../../../lib/payment-details';

const rules = lazyResolver(() =>
  import('./payment-details-form-rules').then((module) => module.paymentDetailsResolver),
);
const fields = ['bankName', 'accountHolder', 'accountNumber', 'branchCode'] as const;
const empty: PaymentDetailsInput = {
  bankName: '',
  accountHolder: '',
  accountNumber: '',
  branchCode: '',
};

function toFormValues(saved: PaymentDetails): PaymentDetailsInput {
  return {
    bankName: saved.bankName,
    accountHolder: saved.accountHolder,
    accountNumber: saved.accountNumber,
    branchCode: saved.branchCode,
  };
}

/** The super admin's setting of where members pay: the cooperative's bank account. */
export function PaymentDetailsSection() {
  const details = usePaymentDetails();
  return (
    <Box component="section" aria-labelledby="payment-details-title" sx={{ maxWidth: 760, mx: 'auto', mt: 4 }}>
      <Typography id="payment-details-title" variant="h2" sx={{ fontSize: '1.375rem', fontWeight: 700 }}>
        Where members pay
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        The cooperative’s bank account, shown to members on their payment screen with a reference of their own and the
        cooperative’s registration number from its details above. Only the super admin changes it, and every change is
        in the audit log.
      </Typography>
      {details.isError ? (
        <RetryAlert onRetry={() => void details.refetch()}>
          {getErrorMessage(details.error, 'The payment details could not be loaded')}
        </RetryAlert>
      ) : details.isPending ? (
        <Skeleton variant="rounded" height={240} role="status" aria-label="Loading the payment details" />
      ) : (
        <PaymentDetailsForm saved={details.data} />
      )}
    </Box>
  );
}

function PaymentDetailsForm({ saved }: { saved: PaymentDetails | null }) {
  const save = useSavePaymentDetails();
  const success = useSuccessMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<
    PaymentDetailsInput,
    unknown,
    PaymentDetailsBody
  >({
    resolver: rules.resolver,
    defaultValues: saved ? toFormValues(saved) : empty,
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    success.clear();
    try {
      // The form shows what was saved: the digits as the server keeps them.
      reset(toFormValues(await save.mutateAsync(values)));
      success.show('Payment details saved. Members see the new account at once.');
    } catch (error) {
      applyServerFieldErrors(error, setError, fields);
      setFailure(getErrorMessage(error, 'The payment details could not be saved'));
    }
  });
  const isBusy = formState.isSubmitting;
  return (
    <SettingsFormFrame
      labelledBy="payment-details-title"
      onSubmit={(event) => void submit(event)}
      preload={rules.preload}
      success={success.message}
      failure={failure}
      onCloseFailure={() => setFailure(null)}
    >
      {!saved && <Alert severity="info">Members see no bank account until one is saved here.</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="bankName" label="Bank" disabled={isBusy} />
        <FormTextField control={control} name="accountHolder" label="Account holder" disabled={isBusy} />
        <FormTextField
          control={control}
          name="accountNumber"
          label="Account number"
          disabled={isBusy}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 24 } }}
        />
        <FormTextField
          control={control}
          name="branchCode"
          label="Branch code"
          disabled={isBusy}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 8 } }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {saved ? `Last changed ${formatAdminDateTime(saved.updatedAt)}.` : 'Not set yet.'}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          disabled={isBusy}
          startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {isBusy ? 'Saving…' : 'Save payment details'}
        </Button>
      </Box>
    </SettingsFormFrame>
  );
}
