import type { MembershipView } from '@letsema/domain';
import {
  centsToRand,
  formatRand,
  formatRandAmount,
  frequencyLabels,
  type PaymentFrequency,
  randAmountToCents,
} from '@letsema/domain';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useForm, useFormState } from 'react-hook-form';
import { Figure } from '../../../components/figure';
import { FormTextField } from '../../../components/form-text-field';
import { FormSelectField } from '../../../components/form-select-field';
import { getErrorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { getPlanHint } from '../../../lib/investing';
import type { CreatePaymentRequest } from '../api';
import { getNextInstalmentCents, type PaymentFormOutput, type PaymentFormValues } from '../payment-rules';
import { ProofPicker } from '../../../components/proof-picker';
import { centsToAmountText } from '../../../lib/formatters';
import { useProofUpload } from '../../../lib/use-proof-upload';

const rules = lazyResolver(() => import('../form-rules').then((module) => module.paymentResolver));

/** The payment form of an approved membership: method, amount (the next instalment to start with) and proof. */
export function PaymentForm({
  membership,
  coveredCents,
  submitError,
  onSubmit,
}: {
  membership: MembershipView;
  /** What approved and waiting payments already cover, in cents. */
  coveredCents: number;
  submitError: unknown;
  onSubmit: (body: CreatePaymentRequest) => Promise<unknown>;
}) {
  const methods = membership.pool?.paymentMethods ?? [];
  const commitmentCents = randAmountToCents(membership.totalCommitment);
  const owedCents = Math.max(commitmentCents - coveredCents, 0);
  const waitingCents = coveredCents - randAmountToCents(membership.totalPaid);
  const nextCents = getNextInstalmentCents(
    commitmentCents,
    membership.installmentPlan,
    membership.pool?.investmentDuration ?? 0,
    coveredCents,
  );

  const { control, handleSubmit, setValue, setError, clearErrors } = useForm<
    PaymentFormValues,
    unknown,
    PaymentFormOutput
  >({
    resolver: rules.resolver,
    defaultValues: {
      paymentMethod: methods.length === 1 ? methods[0] : '',
      amount: centsToAmountText(nextCents),
      proofOfPaymentUrl: '',
    },
  });
  const { isSubmitting, errors } = useFormState({ control });
  const proof = useProofUpload((url) => {
    setValue('proofOfPaymentUrl', url);
    clearErrors('proofOfPaymentUrl');
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({
        poolId: membership.poolId,
        amount: centsToRand(values.amount),
        paymentMethod: values.paymentMethod,
        proofOfPaymentUrl: values.proofOfPaymentUrl,
      });
    } catch (error) {
      applyServerFieldErrors(error, setError, ['amount', 'paymentMethod', 'proofOfPaymentUrl']);
    }
  });
  const isBusy = isSubmitting || proof.status === 'uploading';
  const planLabel = frequencyLabels[membership.installmentPlan as PaymentFrequency] ?? membership.installmentPlan;

  return (
    <Paper
      component="form"
      aria-label="Make a payment"
      noValidate
      onSubmit={(event) => void submit(event)}
      onInput={rules.preload}
      onPointerDown={rules.preload}
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      <Box>
        <Typography variant="h4" component="h2">
          Make a payment
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Pay into the pool with one of its methods, then upload the proof. An admin confirms it.
        </Typography>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          p: 2,
          borderRadius: 3,
          bgcolor: 'background.default',
        }}
      >
        <Figure
          label="Instalment"
          value={formatRandAmount(membership.contributionAmount)}
          hint={getPlanHint(planLabel, membership)}
        />
        <Figure
          label="Paid"
          value={formatRandAmount(membership.totalPaid)}
          hint={`of ${formatRand(commitmentCents)}`}
        />
        <Figure
          label="Still owed"
          value={formatRand(owedCents)}
          hint={waitingCents > 0 ? `${formatRand(waitingCents)} waiting for approval` : undefined}
        />
      </Box>

      {Boolean(submitError) && (
        <Alert severity="error">{getErrorMessage(submitError, 'Failed to submit payment')}</Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <FormSelectField control={control} name="paymentMethod" label="Payment method" disabled={isBusy}>
          {methods.length !== 1 && (
            <option value="" disabled>
              Choose a method
            </option>
          )}
          {methods.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </FormSelectField>
        <FormTextField
          control={control}
          name="amount"
          label="Amount"
          disabled={isBusy}
          helperText={`Next instalment ${formatRand(nextCents)} · at most ${formatRand(owedCents)}`}
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            input: { startAdornment: <InputAdornment position="start">R</InputAdornment> },
          }}
        />
      </Box>

      <ProofPicker
        file={proof.file}
        status={proof.status}
        progress={proof.progress}
        error={proof.error ?? errors.proofOfPaymentUrl?.message ?? null}
        disabled={isSubmitting}
        onPick={(file) => {
          setValue('proofOfPaymentUrl', '');
          proof.start(file);
        }}
      />

      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isBusy}
        startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : <Send />}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {isSubmitting ? 'Submitting…' : 'Submit Payment'}
      </Button>
    </Paper>
  );
}
