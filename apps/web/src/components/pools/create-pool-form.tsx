import {
  centsToRand,
  type createPoolBody,
  formatRand,
  frequencyLabels,
  paymentFrequencies,
  type CreatePoolBody,
  type PaymentFrequency,
} from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { getErrorMessage } from '../../lib/api-client';
import { lazyResolver } from '../../lib/lazy-resolver';
import { FormTextField } from '../form-text-field';
import { applyPoolFieldErrors, getFirstErrorMessage } from './form-errors';
import { FormPaymentMethodsField } from './form-payment-methods-field';
import { FormSection, PoolAboutFields, PoolFormActions, poolPreviewPanelSx, PoolTermField } from './pool-form-fields';
import { formatDuration, previewInstalment, previewPricePerShare, readWholeNumber } from './pool-display';
import type { CreatePoolRequest } from './pool-queries';

type CreatePoolInput = z.input<typeof createPoolBody>;

const rules = lazyResolver(() => import('./form-rules').then((module) => module.createPoolResolver));

const createPoolFields = [
  'name',
  'description',
  'targetAmount',
  'totalShares',
  'paymentFrequencies',
  'paymentMethods',
  'maxMembers',
  'investmentDuration',
] as const;

const emptyPool: CreatePoolInput = {
  name: '',
  description: '',
  targetAmount: '',
  totalShares: '',
  paymentFrequencies: [],
  paymentMethods: [],
  maxMembers: '',
  investmentDuration: '',
};

/** The body `POST /api/pools` expects, from the checked form (whose target is in cents). */
export function toCreatePoolRequest(values: CreatePoolBody): CreatePoolRequest {
  return { ...values, targetAmount: centsToRand(values.targetAmount) };
}

/**
 * The form that proposes a new pool (it starts as a draft). Checked with the same schema as the
 * server; the server's field messages land on their fields and anything else shows in a banner.
 */
export function CreatePoolForm({
  onSubmit,
  onCancel,
}: {
  /** Sends the pool; a rejected promise shows its error on the form. */
  onSubmit: (body: CreatePoolRequest) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<CreatePoolInput, unknown, CreatePoolBody>({
    resolver: rules.resolver,
    defaultValues: emptyPool,
  });
  const isPending = formState.isSubmitting;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(toCreatePoolRequest(values));
    } catch (error) {
      applyPoolFieldErrors(error, setError, createPoolFields);
      setFailure(getErrorMessage(error, 'Failed to create pool'));
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      onInput={rules.preload}
      onPointerDown={rules.preload}
      spacing={3}
      aria-label="Create pool"
    >
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}

      <FormSection title="About the pool" subtitle="Members see the name and description on the pools page.">
        <PoolAboutFields control={control} disabled={isPending} isNew />
      </FormSection>

      <FormSection title="Funding" subtitle="The target is split into equal shares that members buy.">
        <Box sx={twoColumns}>
          <PoolTermField control={control} name="targetAmount" disabled={isPending} />
          <FormTextField
            control={control}
            name="totalShares"
            label="Total shares"
            inputMode="numeric"
            disabled={isPending}
          />
          <PoolTermField control={control} name="maxMembers" disabled={isPending} />
          <PoolTermField control={control} name="investmentDuration" disabled={isPending} />
        </Box>
        <SharePreview control={control} />
      </FormSection>

      <FormSection title="Payments" subtitle="How often members may pay, and the ways they can pay.">
        <Stack spacing={3}>
          <FrequencyCheckboxes control={control} disabled={isPending} />
          <FormControl component="fieldset" fullWidth>
            <FormLabel component="legend" sx={{ mb: 1.5, fontWeight: 600, color: 'text.primary' }}>
              Payment methods
            </FormLabel>
            <FormPaymentMethodsField control={control} name="paymentMethods" disabled={isPending} />
          </FormControl>
        </Stack>
      </FormSection>

      <PoolFormActions
        submitLabel="Create Pool"
        pendingLabel="Creating pool…"
        isPending={isPending}
        onCancel={onCancel}
      />
    </Stack>
  );
}

const twoColumns = {
  display: 'grid',
  gap: 2.5,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

function FrequencyCheckboxes({
  control,
  disabled,
}: {
  control: Control<CreatePoolInput, unknown, CreatePoolBody>;
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'paymentFrequencies' });
  const selected: string[] = Array.isArray(field.value) ? field.value : [];
  const message = getFirstErrorMessage(fieldState.error);

  const toggle = (frequency: PaymentFrequency, isChecked: boolean) => {
    const next = isChecked ? [...selected, frequency] : selected.filter((entry) => entry !== frequency);
    field.onChange(paymentFrequencies.filter((entry) => next.includes(entry)));
  };

  return (
    <FormControl component="fieldset" error={Boolean(message)} disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 0.5, fontWeight: 600, color: 'text.primary' }}>
        Payment frequencies
      </FormLabel>
      <FormGroup row sx={{ columnGap: 2 }}>
        {paymentFrequencies.map((frequency) => (
          <FormControlLabel
            key={frequency}
            label={frequencyLabels[frequency]}
            control={
              <Checkbox
                checked={selected.includes(frequency)}
                onChange={(event) => toggle(frequency, event.target.checked)}
                onBlur={field.onBlur}
                inputRef={frequency === paymentFrequencies[0] ? field.ref : undefined}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText sx={{ mx: 0 }}>{message ?? 'Members choose one of these when they join.'}</FormHelperText>
    </FormControl>
  );
}

/** The figures that follow from what has been typed: the price of one share and its instalments. */
function SharePreview({ control }: { control: Control<CreatePoolInput, unknown, CreatePoolBody> }) {
  const [targetAmount, totalShares, duration, frequencies] = useWatch({
    control,
    name: ['targetAmount', 'totalShares', 'investmentDuration', 'paymentFrequencies'],
  });
  const price = previewPricePerShare(targetAmount, totalShares);
  const months = readWholeNumber(duration);
  const chosen = paymentFrequencies.filter((frequency) => (frequencies ?? []).includes(frequency));
  const instalments = chosen
    .map((frequency) => ({ frequency, cents: previewInstalment(price, frequency, duration) }))
    .filter((entry): entry is { frequency: PaymentFrequency; cents: number } => entry.cents !== null);

  return (
    <Box aria-live="polite" data-testid="share-preview" sx={poolPreviewPanelSx}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          Price per share
        </Typography>
        <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
          {price === null ? '—' : formatRand(price)}
        </Typography>
      </Box>
      {price === null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Enter the target amount and total shares to see the price of one share.
        </Typography>
      ) : (
        instalments.length > 0 &&
        months !== null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            One share over {formatDuration(months)}:{' '}
            {instalments.map((entry) => `${formatRand(entry.cents)} ${frequencyLabels[entry.frequency]}`).join(' · ')}
          </Typography>
        )
      )}
    </Box>
  );
}
