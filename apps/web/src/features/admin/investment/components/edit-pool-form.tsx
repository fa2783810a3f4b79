import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  centsToRand,
  formatRand,
  frequencyLabels,
  installmentPair,
  paymentFrequencies,
  randToCents,
  updatePoolBody,
  type PaymentFrequency,
  type UpdatePoolBody,
} from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useFieldArray, useForm, useFormState, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { z } from 'zod';
import { applyPoolFieldErrors } from '../../../../components/pools/form-errors';
import { FormPaymentMethodsField } from '../../../../components/pools/form-payment-methods-field';
import {
  FormSection,
  PoolAboutFields,
  PoolFormActions,
  poolPreviewPanelSx,
  PoolTermField,
} from '../../../../components/pools/pool-form-fields';
import {
  capitalizeLabel,
  formatRandInput,
  previewInstalment,
  previewPricePerShare,
  readContributionPlans,
  readPaymentMethods,
  type PoolView,
} from '../../../../components/pools/pool-display';
import type { UpdatePoolRequest } from '../../../../components/pools/pool-queries';
import { getErrorMessage } from '../../../../lib/api-client';

type EditPoolInput = z.input<typeof updatePoolBody>;
type EditPoolControl = Control<EditPoolInput, unknown, UpdatePoolBody>;

const editPoolFields = [
  'name',
  'description',
  'targetAmount',
  'maxMembers',
  'investmentDuration',
  'paymentMethods',
  'paymentInstallments',
] as const;
const PLAN_PATH = /^paymentInstallments\.\d+\.(amount|frequency)$/;

/** The form's starting values: the pool as it is, amounts as typed text. */
export function toEditPoolValues(pool: PoolView): EditPoolInput {
  return {
    name: pool.name,
    description: pool.description,
    targetAmount: formatRandInput(randToCents(pool.targetAmount) ?? 0),
    maxMembers: String(pool.maxMembers),
    investmentDuration: String(pool.investmentDuration),
    paymentMethods: readPaymentMethods(pool),
    paymentInstallments: readContributionPlans(pool).map((plan) => ({
      frequency: plan.frequency,
      amount: formatRandInput(randToCents(plan.amount) ?? 0),
    })),
  };
}

/** The body `PUT /api/pools/{id}` expects, from the checked form (whose amounts are in cents). */
export function toUpdatePoolRequest(values: UpdatePoolBody): UpdatePoolRequest {
  return {
    ...values,
    targetAmount: centsToRand(values.targetAmount),
    paymentInstallments: values.paymentInstallments.map((plan) => ({
      frequency: plan.frequency,
      amount: centsToRand(plan.amount),
    })),
  };
}

/**
 * Edits a pool's name, description, terms, payment methods and contribution plans. A plan's amount
 * is the instalment for one share, which the target, the pool's shares and the duration decide, so
 * the form fills it in and keeps it in step when those change; the server checks it again.
 */
export function EditPoolForm({
  pool,
  onSubmit,
  onCancel,
}: {
  pool: PoolView;
  onSubmit: (body: UpdatePoolRequest) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, clearErrors, formState } = useForm<
    EditPoolInput,
    unknown,
    UpdatePoolBody
  >({
    resolver: zodResolver(updatePoolBody),
    defaultValues: toEditPoolValues(pool),
  });
  const isPending = formState.isSubmitting;
  // The server refuses a new target or duration once anyone holds shares (or asks to): the fields
  // are not offered then. A request still waiting is refused by the server with its message.
  const areTermsLocked = pool.totalMembers > 0;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(toUpdatePoolRequest(values));
    } catch (error) {
      applyPoolFieldErrors(error, setError, editPoolFields, PLAN_PATH);
      setFailure(getErrorMessage(error, 'Failed to update pool'));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-label="Edit pool">
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}

      <FormSection title="About the pool">
        <PoolAboutFields control={control} disabled={isPending} />
      </FormSection>

      <FormSection
        title="Terms"
        subtitle={
          areTermsLocked
            ? 'Members have joined, so the target and duration can no longer change.'
            : 'The target and duration can no longer change once members have joined.'
        }
      >
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          <PoolTermField control={control} name="targetAmount" disabled={isPending || areTermsLocked} />
          <PoolTermField control={control} name="maxMembers" disabled={isPending} />
          <PoolTermField control={control} name="investmentDuration" disabled={isPending || areTermsLocked} />
        </Box>
        <TermsPreview control={control} totalShares={pool.totalShares} />
      </FormSection>

      <FormSection title="Payment methods" subtitle="Ways members can pay their contributions.">
        <FormPaymentMethodsField control={control} name="paymentMethods" disabled={isPending} />
      </FormSection>

      <FormSection title="Contribution plans" subtitle="How often members may pay, with the instalment for one share.">
        <ContributionPlans
          control={control}
          setValue={setValue}
          clearPlanErrors={() => clearErrors('paymentInstallments')}
          totalShares={pool.totalShares}
          disabled={isPending}
        />
      </FormSection>

      <PoolFormActions submitLabel="Update Pool" pendingLabel="Updating…" isPending={isPending} onCancel={onCancel} />
    </Stack>
  );
}

/** The price per share in cents and the duration in months the form's current figures give. */
function useTerms(control: EditPoolControl, totalShares: number) {
  const [targetAmount, duration] = useWatch({ control, name: ['targetAmount', 'investmentDuration'] });
  return { price: previewPricePerShare(targetAmount, totalShares), duration };
}

function TermsPreview({ control, totalShares }: { control: EditPoolControl; totalShares: number }) {
  const { price } = useTerms(control, totalShares);
  return (
    <Box
      aria-live="polite"
      sx={{
        ...poolPreviewPanelSx,
        display: 'flex',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {totalShares} shares at
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{price === null ? '—' : `${formatRand(price)} per share`}</Typography>
    </Box>
  );
}

function ContributionPlans({
  control,
  setValue,
  clearPlanErrors,
  totalShares,
  disabled,
}: {
  control: EditPoolControl;
  setValue: UseFormSetValue<EditPoolInput>;
  clearPlanErrors: () => void;
  totalShares: number;
  disabled: boolean;
}) {
  const { fields, insert, remove } = useFieldArray({ control, name: 'paymentInstallments' });
  const plans = useWatch({ control, name: 'paymentInstallments' }) ?? [];
  const { errors } = useFormState({ control, name: 'paymentInstallments' });
  const { price, duration } = useTerms(control, totalShares);
  const deriveAmount = (frequency: PaymentFrequency): string | null => {
    const cents = previewInstalment(price, frequency, duration);
    return cents === null ? null : formatRandInput(cents);
  };

  // A plan's amount follows from the terms: when the target or duration change, listed plans follow.
  useEffect(() => {
    plans.forEach((plan, index) => {
      const cents = previewInstalment(price, plan.frequency as PaymentFrequency, duration);
      const amount = cents === null ? null : formatRandInput(cents);
      if (amount !== null && amount !== plan.amount) {
        setValue(`paymentInstallments.${index}.amount`, amount, { shouldDirty: true });
      }
    });
    // Only a change of terms re-derives; editing the list itself is handled when adding.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [price, duration]);

  const listed = plans.map((plan) => plan.frequency);
  const available = paymentFrequencies.filter((frequency) => !listed.includes(frequency));
  const listError = errors.paymentInstallments?.root?.message ?? errors.paymentInstallments?.message;

  return (
    <Box>
      {fields.length > 0 ? (
        <Box
          component="ul"
          aria-label="Contribution plans"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {fields.map((field, index) => {
            const plan = plans[index] ?? field;
            const frequency = plan.frequency as PaymentFrequency;
            const label = frequencyLabels[frequency] ?? String(plan.frequency);
            const cents = randToCents(String(plan.amount ?? ''));
            const rowError =
              errors.paymentInstallments?.[index]?.amount?.message ??
              errors.paymentInstallments?.[index]?.frequency?.message;
            return (
              <Box component="li" key={field.id}>
                <Box
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    pl: 2,
                    pr: 0.5,
                    py: 0.75,
                    borderRadius: 2.5,
                    bgcolor: rowError ? 'rgba(255, 59, 48, 0.08)' : '#F2F2F7',
                  }}
                >
                  <Typography sx={{ fontWeight: 500, flex: 1 }}>{capitalizeLabel(label)}</Typography>
                  <Box sx={{ textAlign: 'right' }}>
                    <Typography sx={{ fontWeight: 700 }}>
                      {cents === null ? String(plan.amount) : formatRand(cents)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      per share
                    </Typography>
                  </Box>
                  <IconButton
                    aria-label={`Remove ${label} plan`}
                    onClick={() => {
                      clearPlanErrors();
                      remove(index);
                    }}
                    disabled={disabled}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
                {rowError && (
                  <FormHelperText error sx={{ mx: 2 }}>
                    {rowError}
                  </FormHelperText>
                )}
              </Box>
            );
          })}
        </Box>
      ) : (
        <Typography color="text.secondary">No contribution plans yet. Add at least one below.</Typography>
      )}
      {listError && (
        <FormHelperText error sx={{ mx: 0, mt: 1 }}>
          {listError}
        </FormHelperText>
      )}

      {available.length > 0 ? (
        <AddPlanRow
          available={available}
          deriveAmount={deriveAmount}
          disabled={disabled}
          onAdd={(plan) => {
            clearPlanErrors();
            // Plans stay in the usual order: per month, per quarter, per year, one-time.
            const rank = (frequency: unknown) => paymentFrequencies.indexOf(frequency as PaymentFrequency);
            const position = plans.findIndex((listedPlan) => rank(listedPlan.frequency) > rank(plan.frequency));
            insert(position === -1 ? plans.length : position, plan);
          }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Every frequency has a plan.
        </Typography>
      )}
    </Box>
  );
}

/** Words for the amount of a plan whose terms are not complete yet. */
export const PLAN_AMOUNT_UNKNOWN = 'Enter the target and duration to work out the amount.';

/**
 * Adds a plan as an amount and frequency pair. The server accepts one amount only, the one the
 * terms give, so the amount is shown worked out, never typed.
 */
function AddPlanRow({
  available,
  deriveAmount,
  disabled,
  onAdd,
}: {
  available: PaymentFrequency[];
  deriveAmount: (frequency: PaymentFrequency) => string | null;
  disabled: boolean;
  onAdd: (plan: { frequency: PaymentFrequency; amount: string }) => void;
}) {
  const [chosen, setChosen] = useState<PaymentFrequency | ''>('');
  const [problems, setProblems] = useState<{ amount?: string; frequency?: string }>({});
  const frequency = chosen && available.includes(chosen) ? chosen : available[0]!;
  const derived = deriveAmount(frequency);

  const addPlan = () => {
    if (derived === null) {
      setProblems({ amount: PLAN_AMOUNT_UNKNOWN });
      return;
    }
    const parsed = installmentPair.safeParse({ amount: derived, frequency });
    if (!parsed.success) {
      const next: { amount?: string; frequency?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'amount' || key === 'frequency') && !next[key]) next[key] = issue.message;
      }
      setProblems(next);
      return;
    }
    onAdd({ frequency, amount: formatRandInput(parsed.data.amount) });
    setChosen('');
    setProblems({});
  };

  // Enter in the row adds the plan rather than sending the whole form.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addPlan();
  };

  return (
    <Box
      role="group"
      aria-label="Add a contribution plan"
      sx={{ mt: 2.5, pt: 2.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1.5 }}>
        Add a plan
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'flex-start',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto' },
        }}
      >
        <TextField
          select
          label="Frequency"
          value={frequency}
          onChange={(event) => {
            setChosen(event.target.value as PaymentFrequency);
            setProblems({});
          }}
          disabled={disabled}
          error={Boolean(problems.frequency)}
          helperText={problems.frequency}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {available.map((option) => (
            <option key={option} value={option}>
              {frequencyLabels[option]}
            </option>
          ))}
        </TextField>
        <TextField
          label="Amount per share"
          value={derived ?? ''}
          onKeyDown={handleKeyDown}
          disabled={disabled}
          error={Boolean(problems.amount)}
          helperText={
            problems.amount ??
            (derived === null
              ? PLAN_AMOUNT_UNKNOWN
              : `From the terms: ${formatRand(randToCents(derived) ?? 0)} ${frequencyLabels[frequency]}`)
          }
          slotProps={{
            input: { readOnly: true, startAdornment: <InputAdornment position="start">R</InputAdornment> },
          }}
        />
        <Button
          variant="outlined"
          onClick={addPlan}
          disabled={disabled}
          startIcon={<Add />}
          sx={{ height: 56, whiteSpace: 'nowrap' }}
        >
          Add Plan
        </Button>
      </Box>
    </Box>
  );
}
