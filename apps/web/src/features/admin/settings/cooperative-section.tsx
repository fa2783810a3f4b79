import {
  centsToRand,
  formatRandAmount,
  formatRandPlain,
  randAmountToCents,
  type CooperativeDetails,
  type CooperativeDetailsBody,
  type CooperativeDetailsInput,
  type CooperativeSettings,
  type CooperativeSettingsBody,
  type CooperativeSettingsInput,
} from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormCheckbox } from '../../../components/form-checkbox';
import { ProvinceOptions } from '../../../components/province-options';
import { FormSelectField } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';
import { RetryAlert } from '../../../components/retry-alert';
import { getErrorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { formatAdminDateTime } from '../../../lib/formatters';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useSuccessMessage } from '../../../lib/use-success-message';
import { SettingsFormFrame } from './settings-form-frame';
import {
  useCooperativeDetails,
  useCooperativeSettings,
  useSaveCooperativeDetails,
  useSaveCooperativeSettings,
} from './cooperative-api';

/** The details form's values: the province list starts blank while the cooperative has none. */
export type CooperativeDetailsFormValues = Omit<CooperativeDetailsInput, 'province'> & { province: string };

const detailsRules = lazyResolver(() => import('./cooperative-form-rules').then((module) => module.detailsResolver));
const settingsRules = lazyResolver(() => import('./cooperative-form-rules').then((module) => module.settingsResolver));
const detailFields = ['name', 'registrationNumber', 'province'] as const;
const settingFields = [
  'expenseDualApprovalAbove',
  'reservePercent',
  'exitFeePercent',
  'allowReturnWithdrawals',
  'uploadQuotaMb',
] as const;

const toDetailsForm = (saved: CooperativeDetails): CooperativeDetailsFormValues => ({
  name: saved.name,
  registrationNumber: saved.registrationNumber ?? '',
  province: saved.province ?? '',
});

// The form holds what was typed; the numbers the API answered are shown as written, the amount with its cents.
const toSettingsForm = (saved: CooperativeSettings): CooperativeSettingsInput => ({
  expenseDualApprovalAbove: formatRandPlain(randAmountToCents(saved.expenseDualApprovalAbove)),
  reservePercent: String(saved.reservePercent),
  exitFeePercent: String(saved.exitFeePercent),
  allowReturnWithdrawals: saved.allowReturnWithdrawals,
  uploadQuotaMb: String(saved.uploadQuotaMb),
});

/** What the API takes once the shared rules have read the form: the amount back in rand. */
const toSettingsRequest = (values: CooperativeSettingsBody): CooperativeSettingsInput => ({
  ...values,
  expenseDualApprovalAbove: centsToRand(values.expenseDualApprovalAbove),
});

/** The super admin's keeping of the cooperative itself: its details, and the rules its books and payouts follow. */
export function CooperativeSection() {
  const details = useCooperativeDetails();
  const settings = useCooperativeSettings();
  return (
    <Box component="section" aria-labelledby="cooperative-title" sx={{ maxWidth: 760, mx: 'auto', mt: 4 }}>
      <Typography id="cooperative-title" variant="h2" sx={{ fontSize: '1.375rem', fontWeight: 700 }}>
        The cooperative
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Its name, registration and province, and the rules its books and payouts follow. Its name and registration
        number head every report and statement, and members see the number beside the bank account. Only the super admin
        changes them, and every change is in the audit log.
      </Typography>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {details.isError ? (
          <RetryAlert onRetry={() => void details.refetch()}>
            {getErrorMessage(details.error, 'The cooperative’s details could not be loaded')}
          </RetryAlert>
        ) : details.isPending ? (
          <Skeleton variant="rounded" height={220} role="status" aria-label="Loading the cooperative’s details" />
        ) : (
          <DetailsForm saved={details.data} />
        )}
        {settings.isError ? (
          <RetryAlert onRetry={() => void settings.refetch()}>
            {getErrorMessage(settings.error, 'The cooperative’s settings could not be loaded')}
          </RetryAlert>
        ) : settings.isPending ? (
          <Skeleton variant="rounded" height={360} role="status" aria-label="Loading the cooperative’s settings" />
        ) : (
          <SettingsForm saved={settings.data} />
        )}
      </Box>
    </Box>
  );
}

function FormFooter({ note, isBusy, label }: { note: ReactNode; isBusy: boolean; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {note}
      </Typography>
      <Button
        type="submit"
        variant="contained"
        disabled={isBusy}
        startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {isBusy ? 'Saving…' : label}
      </Button>
    </Box>
  );
}

function DetailsForm({ saved }: { saved: CooperativeDetails }) {
  const save = useSaveCooperativeDetails();
  const success = useSuccessMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<
    CooperativeDetailsFormValues,
    unknown,
    CooperativeDetailsBody
  >({ resolver: detailsRules.resolver, defaultValues: toDetailsForm(saved) });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    success.clear();
    try {
      reset(toDetailsForm(await save.mutateAsync(values)));
      success.show('The cooperative’s details are saved.');
    } catch (error) {
      applyServerFieldErrors(error, setError, detailFields);
      setFailure(getErrorMessage(error, 'The cooperative’s details could not be saved'));
    }
  });
  const isBusy = formState.isSubmitting;
  return (
    <SettingsFormFrame
      labelledBy="cooperative-details-title"
      title="Details"
      onSubmit={(event) => void submit(event)}
      preload={detailsRules.preload}
      success={success.message}
      failure={failure}
      onCloseFailure={() => setFailure(null)}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="name" label="Name" disabled={isBusy} />
        <FormTextField
          control={control}
          name="registrationNumber"
          label="Registration number (optional)"
          disabled={isBusy}
          slotProps={{ htmlInput: { autoComplete: 'off' } }}
        />
        <FormSelectField control={control} name="province" label="Province" disabled={isBusy}>
          <ProvinceOptions />
        </FormSelectField>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Short name in links
          </Typography>
          <Typography sx={{ fontFamily: 'monospace', mt: 0.5 }} data-testid="cooperative-slug">
            {saved.slug}
          </Typography>
        </Box>
      </Box>
      <FormFooter note={`Last changed ${formatAdminDateTime(saved.updatedAt)}.`} isBusy={isBusy} label="Save details" />
    </SettingsFormFrame>
  );
}

function SettingsForm({ saved }: { saved: CooperativeSettings }) {
  const save = useSaveCooperativeSettings();
  const success = useSuccessMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<
    CooperativeSettingsInput,
    unknown,
    CooperativeSettingsBody
  >({ resolver: settingsRules.resolver, defaultValues: toSettingsForm(saved) });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    success.clear();
    try {
      reset(toSettingsForm(await save.mutateAsync(toSettingsRequest(values))));
      success.show('Settings saved. The next expense, month end, exit, withdrawal and upload follow them.');
    } catch (error) {
      applyServerFieldErrors(error, setError, settingFields);
      setFailure(getErrorMessage(error, 'The cooperative’s settings could not be saved'));
    }
  });
  const isBusy = formState.isSubmitting;
  const { defaults } = saved;
  const decimal = { htmlInput: { inputMode: 'decimal' as const, autoComplete: 'off' } };
  return (
    <SettingsFormFrame
      labelledBy="cooperative-settings-title"
      title="Rules of the books and payouts"
      onSubmit={(event) => void submit(event)}
      preload={settingsRules.preload}
      success={success.message}
      failure={failure}
      onCloseFailure={() => setFailure(null)}
    >
      {!saved.isSaved && (
        <Alert severity="info">
          The installation’s defaults apply until these are saved. Each one below shows its default.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="expenseDualApprovalAbove"
          label="Two approvers above (R)"
          helperText={`Expenses and income above this amount need two approvers. Default ${formatRandAmount(defaults.expenseDualApprovalAbove)}.`}
          disabled={isBusy}
          slotProps={decimal}
        />
        <FormTextField
          control={control}
          name="reservePercent"
          label="Reserve (%)"
          helperText={`The share of a month’s profit kept as the reserve, 0 to 5. Default ${defaults.reservePercent}%.`}
          disabled={isBusy}
          slotProps={decimal}
        />
        <FormTextField
          control={control}
          name="exitFeePercent"
          label="Exit fee (%)"
          helperText={`The share of a leaving member’s holding the cooperative keeps, 0 to 10. Default ${defaults.exitFeePercent}%.`}
          disabled={isBusy}
          slotProps={decimal}
        />
        <FormTextField
          control={control}
          name="uploadQuotaMb"
          label="Files per account (MB)"
          helperText={`What each account may keep in uploaded files. Default ${defaults.uploadQuotaMb} MB.`}
          disabled={isBusy}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      </Box>
      <FormCheckbox
        control={control}
        name="allowReturnWithdrawals"
        look="switch"
        label="Members may withdraw their returns"
        helperText={`Capital is never withdrawn, only allocated returns. Default ${defaults.allowReturnWithdrawals ? 'on' : 'off'}.`}
        disabled={isBusy}
      />
      <Typography variant="body2" color="text.secondary">
        A change applies to the next decision: a month already calculated, an exit already settled and an expense
        already recorded keep what they were decided with. How long a signed-in session may stay idle is set for the
        whole installation and is not changed here.
      </Typography>
      <FormFooter
        note={saved.updatedAt ? `Last changed ${formatAdminDateTime(saved.updatedAt)}.` : 'Not saved yet.'}
        isBusy={isBusy}
        label="Save settings"
      />
    </SettingsFormFrame>
  );
}
