import type { LoanProduct, LoanSettings } from '@letsema/domain';
import {
  type CreateLoanProductBody,
  formatRandAmount,
  type LoanSettingsBody,
  type LoanType,
  loanTypeLabels,
  loanTypes,
  penaltyTypeLabels,
  penaltyTypes,
  toHundredths,
} from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ActionDialog, ActionDialogButtons } from '../../../components/action-dialog';
import { FormCheckbox } from '../../../components/form-checkbox';
import { FormTextField } from '../../../components/form-text-field';
import { FormSelectField } from '../../../components/form-select-field';
import { RetryAlert } from '../../../components/retry-alert';
import { getErrorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { formatAdminDateTime } from '../../../lib/formatters';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useSuccessMessage } from '../../../lib/use-success-message';
import { useLoanProducts, useLoanSettings, useSaveLoanProduct, useSaveLoanSettings } from './lending-api';
import {
  formatPercentText,
  previewLegalCap,
  toCaps,
  toProductForm,
  toProductRequest,
  toSettingsForm,
  toSettingsRequest,
  type ProductFormValues,
  type SettingsFormValues,
} from './lending-rules';

const settingsRules = lazyResolver(() => import('./lending-form-rules').then((module) => module.settingsResolver));

const settingsFields = [
  'isEnabled',
  'repoRatePercent',
  'capMarginPercent',
  'maxPenaltyPercent',
  'maxPenaltyFixed',
  'dualApprovalAbove',
  'confirmRulesAllowLending',
] as const;

const productFields = [
  'name',
  'description',
  'annualRatePercent',
  'minTermMonths',
  'maxTermMonths',
  'maxCapitalMultiple',
  'graceDays',
  'penaltyType',
  'penaltyFixed',
  'penaltyPercent',
  'guarantorAboveCapital',
  'isActive',
] as const;

/** The super admin's lending setup: lending on or off, the legal caps, and the loan products. */
export function LendingSection() {
  const settings = useLoanSettings();
  const products = useLoanProducts();
  return (
    <Box component="section" aria-labelledby="lending-title" sx={{ maxWidth: 760, mx: 'auto', mt: 4 }}>
      <Typography id="lending-title" variant="h2" sx={{ fontSize: '1.375rem', fontWeight: 700 }}>
        Lending
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Loans to members: whether the cooperative lends, the caps of the National Credit Act’s Regulation 42, and the
        terms of each loan type. Only the super admin changes them.
      </Typography>
      {settings.isError ? (
        <RetryAlert onRetry={() => void settings.refetch()}>
          {getErrorMessage(settings.error, 'The lending settings could not be loaded')}
        </RetryAlert>
      ) : settings.isPending ? (
        <Skeleton variant="rounded" height={320} role="status" aria-label="Loading the lending settings" />
      ) : (
        <Stack spacing={3}>
          <SettingsForm settings={settings.data} />
          <ProductsPanel settings={settings.data} products={products} />
        </Stack>
      )}
    </Box>
  );
}

function Panel({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h3" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {subtitle}
      </Typography>
      {children}
    </Paper>
  );
}

function SettingsForm({ settings }: { settings: LoanSettings }) {
  const save = useSaveLoanSettings();
  const success = useSuccessMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<SettingsFormValues, unknown, LoanSettingsBody>({
    resolver: settingsRules.resolver,
    defaultValues: toSettingsForm(settings),
  });
  const [isEnabled, repoRate, margin] = useWatch({
    control,
    name: ['isEnabled', 'repoRatePercent', 'capMarginPercent'],
  });
  const legalCap = previewLegalCap(repoRate, margin);
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    success.clear();
    try {
      const saved = await save.mutateAsync(toSettingsRequest(values));
      reset(toSettingsForm(saved));
      success.show('Lending settings saved.');
    } catch (error) {
      applyServerFieldErrors(error, setError, settingsFields);
      setFailure(getErrorMessage(error, 'The lending settings could not be saved'));
    }
  });
  const isBusy = formState.isSubmitting;

  return (
    <Panel
      id="lending-settings-title"
      title="Lending settings"
      subtitle="Turning lending off stops new applications, approvals and payouts; loans already paid out go on being repaid."
    >
      <Box
        component="form"
        noValidate
        aria-labelledby="lending-settings-title"
        onSubmit={(event) => void submit(event)}
        onInput={settingsRules.preload}
        onPointerDown={settingsRules.preload}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Box aria-live="polite">{success.message && <Alert severity="success">{success.message}</Alert>}</Box>
        {failure && (
          <Alert severity="error" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {settings.productsAboveCap.length > 0 && (
          <Alert severity="warning">
            Above the legal maximum rate, nobody can borrow on:{' '}
            {settings.productsAboveCap.map((product) => `${product.name} (${product.annualRatePercent}%)`).join(', ')}.
            Change their rate below.
          </Alert>
        )}
        <FormCheckbox control={control} name="isEnabled" look="switch" label="Lend to members" disabled={isBusy} />
        {isEnabled && (
          <FormCheckbox
            control={control}
            name="confirmRulesAllowLending"
            label="I confirm that the cooperative’s rules allow it to lend to members"
            helperText={
              settings.rulesConfirmedAt
                ? `Confirmed ${formatAdminDateTime(settings.rulesConfirmedAt)}${settings.rulesConfirmedBy?.fullName ? ` by ${settings.rulesConfirmedBy.fullName}` : ''}.`
                : undefined
            }
            disabled={isBusy}
          />
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="repoRatePercent"
            label="Repo rate (% a year)"
            helperText="Change it when the Reserve Bank does."
            disabled={isBusy}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
          />
          <FormTextField
            control={control}
            name="capMarginPercent"
            label="Cap margin (% a year)"
            helperText="Regulation 42 allows the repo rate plus 21% for unsecured credit."
            disabled={isBusy}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
          />
        </Box>
        <Typography variant="body2" aria-live="polite">
          Legal maximum rate: <strong>{legalCap ? `${legalCap} a year` : '--'}</strong> (the repo rate plus the margin)
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="maxPenaltyPercent"
            label="Highest penalty (%)"
            helperText="Of the overdue instalment."
            disabled={isBusy}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
          />
          <FormTextField
            control={control}
            name="maxPenaltyFixed"
            label="Highest fixed penalty (R)"
            disabled={isBusy}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
          />
          <FormTextField
            control={control}
            name="dualApprovalAbove"
            label="Two approvers above (R)"
            helperText="Loans above this amount need two different approvers."
            disabled={isBusy}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
          />
        </Box>
        {settings.updatedAt && (
          <Typography variant="caption" color="text.secondary">
            Last changed {formatAdminDateTime(settings.updatedAt)}
            {settings.updatedBy?.fullName ? ` by ${settings.updatedBy.fullName}` : ''}.
          </Typography>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={isBusy}
            startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {isBusy ? 'Saving…' : 'Save lending settings'}
          </Button>
        </Box>
      </Box>
    </Panel>
  );
}

function ProductsPanel({
  settings,
  products,
}: {
  settings: LoanSettings;
  products: ReturnType<typeof useLoanProducts>;
}) {
  const [editing, setEditing] = useState<{ type: LoanType; product: LoanProduct | null } | null>(null);
  const success = useSuccessMessage();
  const byType = new Map((products.data ?? []).map((product) => [product.type, product]));
  return (
    <Panel
      id="loan-products-title"
      title="Loan products"
      subtitle={`One per loan type. Rates are yearly on the reducing balance, at most ${formatPercentText(toHundredths(settings.maxAnnualRatePercent))} a year now.`}
    >
      <Box aria-live="polite">
        {success.message && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={success.clear}>
            {success.message}
          </Alert>
        )}
      </Box>
      {products.isError ? (
        <RetryAlert onRetry={() => void products.refetch()}>
          {getErrorMessage(products.error, 'The loan products could not be loaded')}
        </RetryAlert>
      ) : products.isPending ? (
        <Skeleton variant="rounded" height={200} role="status" aria-label="Loading the loan products" />
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Loan products">
          {loanTypes.map((type) => {
            const product = byType.get(type) ?? null;
            const label = loanTypeLabels[type];
            return (
              <Box
                component="li"
                key={type}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'grid', gap: 0.5 }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
                    {label}
                    {product && product.name !== label ? ` · ${product.name}` : ''}
                  </Typography>
                  <Stack direction="row" spacing={1}>
                    {product && !product.isWithinCap && (
                      <Chip size="small" color="error" variant="outlined" label="Above the cap" />
                    )}
                    <Chip
                      size="small"
                      variant="outlined"
                      color={product?.isActive ? 'success' : 'default'}
                      label={product ? (product.isActive ? 'On offer' : 'Not on offer') : 'Not set up'}
                      sx={{ fontWeight: 600 }}
                    />
                  </Stack>
                </Box>
                {product ? (
                  <Typography variant="body2" color="text.secondary">
                    {product.annualRatePercent}% a year · {product.minTermMonths} to {product.maxTermMonths} months · up
                    to {product.maxCapitalMultiple} × capital · {product.graceDays} grace days ·{' '}
                    {product.penaltyType === 'fixed'
                      ? `late penalty ${formatRandAmount(product.penaltyFixed)}`
                      : product.penaltyType === 'percent'
                        ? `late penalty ${product.penaltyPercent}% of the overdue instalment`
                        : 'no late penalty'}{' '}
                    · {product.guarantorAboveCapital ? 'guarantor above capital' : 'no guarantor needed'}
                  </Typography>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Members cannot borrow for this type until it is set up.
                  </Typography>
                )}
                <Box sx={{ mt: 0.5 }}>
                  <Button
                    variant={product ? 'outlined' : 'contained'}
                    size="small"
                    onClick={() => setEditing({ type, product })}
                    aria-label={product ? `Edit ${label} loan product` : `Set up ${label} loan product`}
                  >
                    {product ? 'Edit' : 'Set up'}
                  </Button>
                </Box>
              </Box>
            );
          })}
        </Stack>
      )}
      <ProductDialog
        editing={editing}
        settings={settings}
        onClose={() => setEditing(null)}
        onSaved={(product, isNew) =>
          success.show(isNew ? `${product.typeLabel} loan product added.` : `${product.typeLabel} loan product saved.`)
        }
      />
    </Panel>
  );
}

function ProductDialog({
  editing,
  settings,
  onClose,
  onSaved,
}: {
  editing: { type: LoanType; product: LoanProduct | null } | null;
  settings: LoanSettings;
  onClose: () => void;
  onSaved: (product: LoanProduct, isNew: boolean) => void;
}) {
  const save = useSaveLoanProduct();
  const label = editing ? loanTypeLabels[editing.type] : '';
  return (
    <ActionDialog
      isOpen={editing !== null}
      title={editing?.product ? `Edit the ${label} loan product` : `Set up the ${label} loan product`}
      subtitle="Loans already asked for keep the terms they were asked on."
      isPending={save.isPending}
      maxWidth="md"
      onClose={onClose}
      onExited={save.reset}
    >
      {editing && (
        <ProductForm
          key={`${editing.type}-${editing.product?.updatedAt ?? 'new'}`}
          editing={editing}
          settings={settings}
          onCancel={onClose}
          onSubmit={async (body) => {
            const saved = await save.mutateAsync({ id: editing.product?.id ?? null, body });
            onSaved(saved, editing.product === null);
            onClose();
          }}
        />
      )}
    </ActionDialog>
  );
}

function ProductForm({
  editing,
  settings,
  onCancel,
  onSubmit,
}: {
  editing: { type: LoanType; product: LoanProduct | null };
  settings: LoanSettings;
  onCancel: () => void;
  onSubmit: (body: ReturnType<typeof toProductRequest>) => Promise<void>;
}) {
  const caps = toCaps(settings);
  const capsKey = JSON.stringify(caps);
  const rules = useMemo(
    () =>
      lazyResolver(() =>
        import('./lending-form-rules').then((module) => module.productResolver(JSON.parse(capsKey) as typeof caps)),
      ),
    [capsKey],
  );
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<ProductFormValues, unknown, CreateLoanProductBody>({
    resolver: rules.resolver,
    defaultValues: toProductForm(editing.product, editing.type),
  });
  const penaltyType = useWatch({ control, name: 'penaltyType' });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(toProductRequest(values));
    } catch (error) {
      applyServerFieldErrors(error, setError, productFields);
      setFailure(getErrorMessage(error, 'The loan product could not be saved'));
    }
  });
  const isBusy = formState.isSubmitting;
  const maxRate = formatPercentText(caps.repoRateBps + caps.capMarginBps);
  const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onInput={rules.preload}
      onPointerDown={rules.preload}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <FormTextField
          control={control}
          name="name"
          label="Name"
          required
          disabled={isBusy}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <FormTextField
          control={control}
          name="description"
          label="Description"
          multiline
          minRows={2}
          disabled={isBusy}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Box sx={twoColumns}>
          <FormTextField
            control={control}
            name="annualRatePercent"
            label="Interest rate (% a year)"
            required
            helperText={`Legal maximum: ${maxRate} a year (repo rate ${settings.repoRatePercent}% + margin ${settings.capMarginPercent}%). 0 lends without interest.`}
            disabled={isBusy}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
          />
          <FormTextField
            control={control}
            name="maxCapitalMultiple"
            label="Most a member may borrow (times their capital)"
            required
            helperText="3 by default."
            disabled={isBusy}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 6 } }}
          />
          <FormTextField
            control={control}
            name="minTermMonths"
            label="Shortest term (months)"
            required
            disabled={isBusy}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          />
          <FormTextField
            control={control}
            name="maxTermMonths"
            label="Longest term (months)"
            required
            disabled={isBusy}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          />
          <FormTextField
            control={control}
            name="graceDays"
            label="Grace days"
            required
            helperText="Days after the due date before the penalty is charged."
            disabled={isBusy}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
          />
          <FormSelectField control={control} name="penaltyType" label="Late penalty" disabled={isBusy}>
            {penaltyTypes.map((type) => (
              <option key={type} value={type}>
                {penaltyTypeLabels[type]}
              </option>
            ))}
          </FormSelectField>
          {penaltyType === 'fixed' && (
            <FormTextField
              control={control}
              name="penaltyFixed"
              label="Fixed penalty (R)"
              required
              helperText={`At most ${formatRandAmount(settings.maxPenaltyFixed)}.`}
              disabled={isBusy}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
            />
          )}
          {penaltyType === 'percent' && (
            <FormTextField
              control={control}
              name="penaltyPercent"
              label="Penalty (% of the overdue instalment)"
              required
              helperText={`At most ${settings.maxPenaltyPercent}%.`}
              disabled={isBusy}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
            />
          )}
        </Box>
        <FormCheckbox
          control={control}
          name="guarantorAboveCapital"
          look="switch"
          label="A guarantor is needed for the part above the member’s capital"
          disabled={isBusy}
        />
        <FormCheckbox control={control} name="isActive" look="switch" label="On offer to members" disabled={isBusy} />
      </DialogContent>
      <ActionDialogButtons label="Save product" pendingLabel="Saving…" isPending={isBusy} onCancel={onCancel} />
    </Box>
  );
}
