import { formatRand, formatRandAmount, frequencyLabels, type PaymentFrequency } from '@letsema/domain';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { getErrorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useJoinPool, type JoinablePool } from '../api';
import {
  getCommitmentCents,
  getJoinFigures,
  getPlanName,
  readShares,
  toJoinRequest,
  type JoinFormOutput,
  type JoinFormValues,
} from '../join-rules';

/** Choosing shares and a plan, with the commitment and instalment worked out as the member chooses. */
export function JoinPoolForm({ pool }: { pool: JoinablePool }) {
  const join = useJoinPool();
  const rules = useMemo(
    () => lazyResolver(() => import('../form-rules').then((module) => module.joinResolver(pool))),
    [pool],
  );
  const firstPlan = pool.paymentInstallments[0]?.frequency ?? '';
  const { control, handleSubmit, setValue, setError } = useForm<JoinFormValues, unknown, JoinFormOutput>({
    resolver: rules.resolver,
    defaultValues: { numberOfShares: '1', installmentPlan: firstPlan },
  });
  const sharesText = useWatch({ control, name: 'numberOfShares' });
  const plan = useWatch({ control, name: 'installmentPlan' });
  const figures = getJoinFigures(pool, sharesText, plan);
  const commitmentCents = getCommitmentCents(pool, sharesText);
  const hasNoShares = pool.availableShares < 1;

  const stepShares = (step: number) => {
    const current = readShares(sharesText, pool.availableShares) ?? 0;
    const next = Math.min(Math.max(current + step, 1), Math.max(pool.availableShares, 1));
    setValue('numberOfShares', String(next), { shouldValidate: true });
  };

  const submit = handleSubmit((values) => {
    const chosen = getJoinFigures(pool, String(values.numberOfShares), values.installmentPlan);
    if (!chosen) return;
    join.mutate(toJoinRequest(pool.id, values.installmentPlan, chosen), {
      onError: (error) => applyServerFieldErrors(error, setError, ['numberOfShares', 'installmentPlan']),
    });
  });

  return (
    <Paper
      component="form"
      aria-label="Join the pool"
      noValidate
      onSubmit={(event) => void submit(event)}
      onInput={rules.preload}
      onPointerDown={rules.preload}
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      <Box>
        <Typography variant="h4" component="h2">
          Join the pool
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Choose how many shares to buy and how often to pay. An admin approves your request.
        </Typography>
      </Box>

      {join.isError && <Alert severity="error">{getErrorMessage(join.error, 'Failed to submit request')}</Alert>}
      {hasNoShares && <Alert severity="info">No shares are left in this pool.</Alert>}

      <FormTextField
        control={control}
        name="numberOfShares"
        label="Number of shares"
        disabled={join.isPending || hasNoShares}
        helperText={`1 to ${pool.availableShares} shares at ${formatRandAmount(pool.pricePerShare)} each`}
        slotProps={{
          htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', autoComplete: 'off' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <IconButton
                  aria-label="One share fewer"
                  onClick={() => stepShares(-1)}
                  disabled={join.isPending || hasNoShares || (readShares(sharesText, pool.availableShares) ?? 0) <= 1}
                  edge="start"
                  size="small"
                >
                  <Remove />
                </IconButton>
              </InputAdornment>
            ),
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label="One share more"
                  onClick={() => stepShares(1)}
                  disabled={
                    join.isPending ||
                    hasNoShares ||
                    (readShares(sharesText, pool.availableShares) ?? 0) >= pool.availableShares
                  }
                  edge="end"
                  size="small"
                >
                  <Add />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        sx={{ '& input': { textAlign: 'center', fontWeight: 600, fontSize: '1.125rem' } }}
      />

      <PlanChoice pool={pool} control={control} sharesText={sharesText} disabled={join.isPending || hasNoShares} />

      <Box
        component="section"
        aria-label="Your commitment"
        aria-live="polite"
        sx={{
          borderRadius: 3,
          bgcolor: 'rgba(0, 122, 255, 0.06)',
          border: '1px solid rgba(0, 122, 255, 0.18)',
          p: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        <SummaryFigure
          label="Total commitment"
          value={commitmentCents > 0 ? formatRand(commitmentCents) : '—'}
          hint={figures ? `${figures.shares} ${figures.shares === 1 ? 'share' : 'shares'}` : 'Choose your shares'}
        />
        <SummaryFigure
          label="Your instalment"
          value={figures ? `${formatRand(figures.instalmentCents)} ${frequencyLabels[plan as PaymentFrequency]}` : '—'}
          hint={
            figures
              ? figures.instalments === 1
                ? 'Paid once'
                : `${figures.instalments} payments over ${pool.investmentDuration} months` +
                  (figures.lastInstalmentCents === null ? '' : `, the last ${formatRand(figures.lastInstalmentCents)}`)
              : 'Choose a plan'
          }
        />
      </Box>

      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={join.isPending || hasNoShares}
        startIcon={join.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {join.isPending ? 'Sending request…' : 'Request to Join'}
      </Button>
    </Paper>
  );
}

function SummaryFigure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.375rem', color: 'primary.main', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {hint}
      </Typography>
    </Box>
  );
}

/** The pool's plans as selectable cards, each with the instalment for the shares chosen. */
function PlanChoice({
  pool,
  control,
  sharesText,
  disabled,
}: {
  pool: JoinablePool;
  control: Control<JoinFormValues, unknown, JoinFormOutput>;
  sharesText: string;
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'installmentPlan' });
  const labelId = useId();
  const errorId = useId();
  return (
    <Box role="radiogroup" aria-labelledby={labelId} aria-describedby={fieldState.error ? errorId : undefined}>
      <Typography id={labelId} sx={{ fontWeight: 600, mb: 1 }}>
        Payment plan
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {pool.paymentInstallments.map((plan) => {
          const isSelected = field.value === plan.frequency;
          const planFigures = getJoinFigures(pool, sharesText, plan.frequency);
          const instalment = planFigures ? formatRand(planFigures.instalmentCents) : null;
          return (
            <Box
              key={plan.frequency}
              component="label"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                p: 1.5,
                pr: 2,
                borderRadius: 2.5,
                border: '1.5px solid',
                borderColor: isSelected ? 'primary.main' : 'divider',
                bgcolor: isSelected ? 'rgba(0, 122, 255, 0.06)' : 'background.paper',
                cursor: disabled ? 'default' : 'pointer',
                transition: 'border-color 120ms ease, background-color 120ms ease',
              }}
            >
              <Radio
                checked={isSelected}
                onChange={() => field.onChange(plan.frequency)}
                onBlur={field.onBlur}
                value={plan.frequency}
                name={field.name}
                disabled={disabled}
                inputRef={field.ref}
                size="small"
                slotProps={{ input: { 'aria-label': getPlanName(plan.frequency) } }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }}>{getPlanName(plan.frequency)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {instalment ? `${instalment} ${frequencyLabels[plan.frequency]}` : frequencyLabels[plan.frequency]}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      {fieldState.error && (
        <FormHelperText id={errorId} error sx={{ mx: 1.75 }}>
          {fieldState.error.message}
        </FormHelperText>
      )}
    </Box>
  );
}
