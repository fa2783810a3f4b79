import { centsToRand, type LoanRepaymentBody } from '@letsema/domain';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm, useFormState } from 'react-hook-form';
import { Amount } from '../../../components/amount';
import { FormTextField } from '../../../components/form-text-field';
import { FormSelectField } from '../../../components/form-select-field';
import { getErrorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { ProofPicker } from '../../../components/proof-picker';
import { centsToAmountText } from '../../../lib/formatters';
import { useSubmitRepayment } from '../api';
import type { LoanRepaymentContext, LoanRepaymentValues } from '../loan-rules';
import { useProofUpload } from '../../../lib/use-proof-upload';

const rules = lazyResolver(() => import('../form-rules').then((module) => module.loanRepaymentResolver));

const fields = ['amount', 'paymentMethod', 'proofUrl'] as const;

/**
 * A repayment: the amount (the next instalment to start with), how it was paid, and the proof. At
 * most what settles the loan today less repayments still being checked.
 */
export function RepaymentForm({
  loanId,
  paymentMethods,
  suggestedCents,
  ceilingCents,
  onSubmitted,
}: {
  loanId: string;
  paymentMethods: readonly string[];
  /** What the amount starts at: the next instalment, or all that may be paid when less. */
  suggestedCents: number;
  ceilingCents: number;
  onSubmitted: (amountCents: number) => void;
}) {
  const submitRepayment = useSubmitRepayment();
  const [ceiling] = useState<LoanRepaymentContext>(() => ({ ceilingCents }));
  useEffect(() => {
    ceiling.ceilingCents = ceilingCents;
  }, [ceiling, ceilingCents]);

  const { control, handleSubmit, setValue, setError, clearErrors } = useForm<
    LoanRepaymentValues,
    unknown,
    LoanRepaymentBody
  >({
    resolver: rules.resolver,
    context: ceiling,
    defaultValues: {
      amount: suggestedCents > 0 ? centsToAmountText(suggestedCents) : '',
      paymentMethod: paymentMethods.length === 1 ? paymentMethods[0] : '',
      proofUrl: '',
    },
  });
  const { isSubmitting, errors } = useFormState({ control });
  const proof = useProofUpload((url) => {
    setValue('proofUrl', url);
    clearErrors('proofUrl');
  });

  const submit = handleSubmit(async (values) => {
    try {
      await submitRepayment.mutateAsync({
        id: loanId,
        body: { amount: centsToRand(values.amount), paymentMethod: values.paymentMethod, proofUrl: values.proofUrl },
      });
      onSubmitted(values.amount);
    } catch (error) {
      applyServerFieldErrors(error, setError, fields);
    }
  });
  const isBusy = isSubmitting || proof.status === 'uploading';

  return (
    <Paper
      component="form"
      aria-labelledby="repay-title"
      noValidate
      onSubmit={(event) => void submit(event)}
      onInput={rules.preload}
      onPointerDown={rules.preload}
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      <Box>
        <Typography id="repay-title" variant="h4" component="h2">
          Make a repayment
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Pay with one of the pool&apos;s methods, then upload the proof. An admin checks it before it counts.
        </Typography>
      </Box>

      {submitRepayment.isError && (
        <Alert severity="error">{getErrorMessage(submitRepayment.error, 'Failed to submit the repayment')}</Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {paymentMethods.length > 0 ? (
          <FormSelectField control={control} name="paymentMethod" label="Payment method" disabled={isBusy}>
            {paymentMethods.length !== 1 && (
              <option value="" disabled>
                Choose a method
              </option>
            )}
            {paymentMethods.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </FormSelectField>
        ) : (
          <FormTextField
            control={control}
            name="paymentMethod"
            label="Payment method"
            disabled={isBusy}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        )}
        <FormTextField
          control={control}
          name="amount"
          label="Amount"
          disabled={isBusy}
          helperText={
            <>
              At most <Amount cents={ceilingCents} /> now
            </>
          }
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
        error={proof.error ?? errors.proofUrl?.message ?? null}
        disabled={isSubmitting}
        onPick={(file) => {
          setValue('proofUrl', '');
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
        {isSubmitting ? 'Submitting…' : 'Submit repayment'}
      </Button>
    </Paper>
  );
}
