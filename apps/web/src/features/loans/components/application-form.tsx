import type { LoanDetail, LoanOffer, LoanQuote } from '@letsema/domain';
import { centsToRand, formatRandAmount, type LoanApplicationBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useFormState, useWatch } from 'react-hook-form';
import { ActionDialog, ActionDialogButtons } from '../../../components/action-dialog';
import { Amount } from '../../../components/amount';
import { Figure } from '../../../components/figure';
import { FormTextField } from '../../../components/form-text-field';
import { FormSelectField } from '../../../components/form-select-field';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { formatAdminDate } from '../../../lib/formatters';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { loanKeys, postLoanQuote, useApplyForLoan, useLoanQuote, type LoanQuoteRequest } from '../api';
import {
  describePenalty,
  formatPercent,
  getGuarantorProblem,
  getQuoteRequest,
  isQuoteFor,
  type LoanApplicationContext,
  type LoanApplicationValues,
} from '../loan-rules';
import { useDebouncedValue } from '../use-debounced-value';
import { QuotedScheduleTable } from './schedule-tables';

const rules = lazyResolver(() => import('../form-rules').then((module) => module.loanApplicationResolver));

/** How long the member's typing must pause before the schedule is worked out again. */
const QUOTE_DELAY_MS = 400;

const fields = ['type', 'amount', 'termMonths', 'poolId', 'purpose', 'guarantor'] as const;

function isSameRequest(a: LoanQuoteRequest | null, b: LoanQuoteRequest | null): boolean {
  if (a === null || b === null) return a === b;
  return a.type === b.type && a.amount === b.amount && a.termMonths === b.termMonths && a.poolId === b.poolId;
}

interface PendingApplication {
  body: LoanApplicationBody;
  quote: LoanQuote;
}

/**
 * The loan application: type, amount, term, purpose (and the guarantor when the quote needs one).
 * The schedule is quoted by the server as the member types, with the reason they could not borrow
 * it; the application is confirmed in a dialog that sums it up before it is sent.
 */
export function ApplicationForm({ offer, onApplied }: { offer: LoanOffer; onApplied: (loan: LoanDetail) => void }) {
  const { products, pools } = offer;
  const queryClient = useQueryClient();
  const apply = useApplyForLoan();
  const [pending, setPending] = useState<PendingApplication | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);

  // One object for the form's life, so the rules always read the latest quote's guarantor rule.
  const [guarantorRule] = useState<LoanApplicationContext>(() => ({ isGuarantorNeeded: false, guaranteedAmount: 0 }));
  const form = useForm<LoanApplicationValues, unknown, LoanApplicationBody>({
    resolver: rules.resolver,
    context: guarantorRule,
    defaultValues: {
      type: products.length === 1 ? products[0]!.type : '',
      amount: '',
      termMonths: '',
      poolId: pools.length > 1 ? pools[0]!.id : '',
      purpose: '',
      guarantor: '',
    },
  });
  const { control, handleSubmit, setError, reset } = form;
  const { isSubmitting } = useFormState({ control });
  const [type, amount, termMonths, poolId] = useWatch({ control, name: ['type', 'amount', 'termMonths', 'poolId'] });

  const request = getQuoteRequest({ type, amount, termMonths, poolId });
  const settledRequest = useDebouncedValue(request, QUOTE_DELAY_MS, isSameRequest);
  const quote = useLoanQuote(settledRequest);
  const shownQuote = request ? quote.data : undefined;
  const eligibility = shownQuote?.eligibility;
  const context: LoanApplicationContext = {
    isGuarantorNeeded: eligibility?.isGuarantorNeeded ?? false,
    guaranteedAmount: eligibility?.guaranteedAmount ?? 0,
  };
  useEffect(() => {
    guarantorRule.isGuarantorNeeded = context.isGuarantorNeeded;
    guarantorRule.guaranteedAmount = context.guaranteedAmount;
  }, [guarantorRule, context.isGuarantorNeeded, context.guaranteedAmount]);

  const product = products.find((item) => item.type === type);

  const review = handleSubmit(async (body) => {
    setBlocked(null);
    const exact: LoanQuoteRequest = {
      type: body.type,
      amount: centsToRand(body.amount),
      termMonths: body.termMonths,
      ...(body.poolId ? { poolId: body.poolId } : {}),
    };
    let current: LoanQuote;
    try {
      current =
        quote.data && !quote.isPlaceholderData && isQuoteFor(quote.data, exact) && isSameRequest(settledRequest, exact)
          ? quote.data
          : await queryClient.fetchQuery({ queryKey: loanKeys.quote(exact), queryFn: () => postLoanQuote(exact) });
    } catch (error) {
      setBlocked(getErrorMessage(error, 'Failed to load the repayment schedule'));
      return;
    }
    const { refusal, refusalField } = current.eligibility;
    if (refusal) {
      if (refusalField === 'amount' || refusalField === 'termMonths') setError(refusalField, { message: refusal });
      else setBlocked(refusal);
      return;
    }
    const guarantorProblem = getGuarantorProblem(current.eligibility, body.guarantor ?? '');
    if (guarantorProblem) {
      setError('guarantor', { message: guarantorProblem });
      return;
    }
    apply.reset();
    setPending({
      body: current.eligibility.isGuarantorNeeded ? body : { ...body, guarantor: undefined },
      quote: current,
    });
  });

  const submit = async () => {
    if (!pending) return;
    const { body } = pending;
    try {
      const loan = await apply.mutateAsync({
        type: body.type,
        amount: centsToRand(body.amount),
        termMonths: body.termMonths,
        purpose: body.purpose,
        ...(body.poolId ? { poolId: body.poolId } : {}),
        ...(body.guarantor ? { guarantor: body.guarantor } : {}),
      });
      setPending(null);
      reset();
      onApplied(loan);
    } catch (error) {
      // A field the server refused is shown on the field itself, with the dialog closed.
      if (error instanceof ApiError && fields.some((field) => error.details[field])) {
        setPending(null);
        applyServerFieldErrors(error, setError, fields);
      }
    }
  };

  return (
    <Paper
      component="form"
      aria-labelledby="apply-title"
      noValidate
      onSubmit={(event) => void review(event)}
      onInput={rules.preload}
      onPointerDown={rules.preload}
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      <Box>
        <Typography id="apply-title" variant="h4" component="h2">
          Apply for a loan
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Borrow against your paid-up capital. Your repayments are worked out as you type.
        </Typography>
      </Box>

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <FormSelectField
          control={control}
          name="type"
          label="Loan type"
          disabled={isSubmitting}
          helperText={
            product ? `${formatPercent(product.annualRatePercent)} a year on the reducing balance` : undefined
          }
        >
          {products.length !== 1 && (
            <option value="" disabled>
              Choose a loan type
            </option>
          )}
          {products.map((item) => (
            <option key={item.id} value={item.type}>
              {item.name}
            </option>
          ))}
        </FormSelectField>
        {pools.length > 1 && (
          <FormSelectField control={control} name="poolId" label="Pool backing the loan" disabled={isSubmitting}>
            {pools.map((pool) => (
              <option key={pool.id} value={pool.id}>
                {pool.name} ({formatRandAmount(pool.capital)} capital)
              </option>
            ))}
          </FormSelectField>
        )}
        <FormTextField
          control={control}
          name="amount"
          label="Amount"
          disabled={isSubmitting}
          helperText={
            product ? (
              <>
                You can borrow up to <Amount rand={product.maxAmount} />
              </>
            ) : (
              'The smallest loan is R 500.00'
            )
          }
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            input: { startAdornment: <InputAdornment position="start">R</InputAdornment> },
          }}
        />
        <FormTextField
          control={control}
          name="termMonths"
          label="Term in months"
          disabled={isSubmitting}
          helperText={product ? `From ${product.minTermMonths} to ${product.maxTermMonths} months` : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      </Box>

      {product && (
        <Typography variant="body2" color="text.secondary">
          {product.description ? `${product.description} ` : ''}
          {describePenalty(product)}
          {product.guarantorAboveCapital ? ' A guarantor is needed for any part above your paid-up capital.' : ''}
        </Typography>
      )}

      <QuotePanel
        hasRequest={request !== null}
        quote={shownQuote}
        isLoading={request !== null && (quote.isPending || !isSameRequest(settledRequest, request))}
        isUpdating={quote.isFetching || !isSameRequest(settledRequest, request)}
        error={request ? quote.error : null}
        onRetry={() => void quote.refetch()}
      />

      <FormTextField
        control={control}
        name="purpose"
        label="What is the loan for?"
        multiline
        minRows={2}
        disabled={isSubmitting}
        helperText="10 to 500 characters"
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />

      {context.isGuarantorNeeded && (
        <FormTextField
          control={control}
          name="guarantor"
          label="Guarantor's phone number or e-mail"
          placeholder="082 123 4567"
          disabled={isSubmitting}
          helperText={
            <>
              Another member who guarantees <Amount rand={context.guaranteedAmount} /> of the loan. That much of their
              capital is held until the loan is repaid.
            </>
          }
          slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 254 } }}
        />
      )}

      {blocked && <Alert severity="error">{blocked}</Alert>}

      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isSubmitting}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {isSubmitting ? 'Checking…' : 'Review application'}
      </Button>

      <ActionDialog
        isOpen={pending !== null}
        title="Confirm your loan application"
        subtitle="Please check the loan before you send it."
        isPending={apply.isPending}
        onClose={() => setPending(null)}
      >
        {pending && <ApplicationSummary pending={pending} error={apply.error} />}
        <ActionDialogButtons
          label="Submit application"
          pendingLabel="Submitting…"
          isPending={apply.isPending}
          onCancel={() => setPending(null)}
          onConfirm={() => void submit()}
        />
      </ActionDialog>
    </Paper>
  );
}

/** The schedule the server quoted, the figures that sum it up, and why the member could not borrow it. */
function QuotePanel({
  hasRequest,
  quote,
  isLoading,
  isUpdating,
  error,
  onRetry,
}: {
  hasRequest: boolean;
  quote: LoanQuote | undefined;
  isLoading: boolean;
  isUpdating: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Box
      component="section"
      aria-labelledby="quote-title"
      aria-busy={isUpdating}
      sx={{ p: 2, borderRadius: 3, bgcolor: 'background.default' }}
    >
      <Typography id="quote-title" variant="h6" component="h3" sx={{ mb: 1 }}>
        Your repayments
      </Typography>
      {!hasRequest && (
        <Typography color="text.secondary">
          Choose a loan type, an amount and a term to see each instalment before you apply.
        </Typography>
      )}
      {hasRequest && Boolean(error) && !quote && (
        <RetryAlert onRetry={onRetry}>{getErrorMessage(error, 'Failed to load the repayment schedule')}</RetryAlert>
      )}
      {hasRequest && !quote && !error && isLoading && (
        <Box role="status" aria-label="Working out your repayments">
          <Skeleton height={32} />
          <Skeleton height={32} />
          <Skeleton variant="rounded" height={160} sx={{ mt: 1 }} />
        </Box>
      )}
      {hasRequest && quote && (
        <Box sx={{ opacity: isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {quote.eligibility.refusal ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {quote.eligibility.refusal} Your limit on this loan is <Amount rand={quote.eligibility.maxAmount} />.
            </Alert>
          ) : quote.eligibility.isGuarantorNeeded ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              A guarantor is needed for <Amount rand={quote.eligibility.guaranteedAmount} />, the part above your
              paid-up capital.
            </Alert>
          ) : null}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
              mb: 2,
            }}
          >
            <Figure label="Monthly instalment" value={formatRandAmount(quote.instalment)} />
            <Figure label="Total interest" value={formatRandAmount(quote.totalInterest)} />
            <Figure label="Total to repay" value={formatRandAmount(quote.totalRepayable)} />
            <Figure label="First instalment" value={formatAdminDate(quote.firstDueOn)} />
          </Box>
          <QuotedScheduleTable rows={quote.schedule} label="Repayment schedule" />
        </Box>
      )}
    </Box>
  );
}

/** The application summed up before it is sent. */
export function ApplicationSummary({ pending, error }: { pending: PendingApplication; error: unknown }) {
  const { body, quote } = pending;
  const lines: [string, ReactNode][] = [
    ['Loan', `${quote.typeLabel} loan`],
    ['Amount', <Amount rand={quote.amount} />],
    ['Term', `${quote.termMonths} months`],
    ['Interest rate', `${formatPercent(quote.annualRatePercent)} a year`],
    ['Monthly instalment', <Amount rand={quote.instalment} />],
    ['Total interest', <Amount rand={quote.totalInterest} />],
    ['Total to repay', <Amount rand={quote.totalRepayable} />],
    ['First instalment', formatAdminDate(quote.firstDueOn)],
    ['Purpose', body.purpose],
    ...(body.guarantor
      ? ([
          [
            'Guarantor',
            <>
              {body.guarantor} (<Amount rand={quote.eligibility.guaranteedAmount} />)
            </>,
          ],
        ] as [string, ReactNode][])
      : []),
  ];
  return (
    <DialogContent>
      {Boolean(error) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {getErrorMessage(error, 'Failed to submit the application')}
        </Alert>
      )}
      <Box component="dl" sx={{ m: 0 }}>
        {lines.map(([label, value]) => (
          <Box
            key={label}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 2,
              py: 0.75,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {body.guarantor
          ? 'We ask your guarantor first; the loan admins decide once they accept. The dates move to the day the loan is paid out.'
          : 'The loan admins decide your application. The dates move to the day the loan is paid out.'}
      </Typography>
    </DialogContent>
  );
}
