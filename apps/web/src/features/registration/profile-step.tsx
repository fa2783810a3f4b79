import {
  identityTypeLabels,
  identityTypes,
  todayInJohannesburg,
  type CompleteProfileBody,
  type CompleteProfileInput,
  type IdentityType,
} from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../components/form-text-field';
import { FormSelectField } from '../../components/form-select-field';
import { SubmitButton } from '../../components/submit-button';
import { getErrorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useCompleteProfile, type Registrant } from './api';
import { southAfricanProvinces } from './registration-rules';
import { StepFrame } from './step-frame';

const profileFields = [
  'fullName',
  'phoneNumber',
  'identityType',
  'nationalId',
  'dateOfBirth',
  'address',
  'city',
  'province',
] as const satisfies readonly (keyof CompleteProfileInput)[];

function isIdentityType(value: string | null): value is IdentityType {
  return identityTypes.includes(value as IdentityType);
}

/** The form starts from what the member saved before (a returned registration), else empty. */
function readDefaults(user: Registrant): Partial<CompleteProfileInput> {
  return {
    fullName: user.fullName ?? '',
    phoneNumber: user.phoneNumber ?? '',
    ...(isIdentityType(user.identityType) ? { identityType: user.identityType } : {}),
    nationalId: user.nationalId ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    province: user.province ?? '',
  };
}

const idNumberHints: Record<string, string> = {
  national_id: 'Your 13-digit South African ID number',
  passport: 'Your passport number',
  drivers_license: "Your driver's licence number",
  refugee_permit: 'Your refugee permit number',
  refugee_id: 'Your refugee ID number',
};

const rules = lazyResolver(() => import('./form-rules').then((module) => module.profileResolver));

const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Step 1: the member's personal details, checked with the same rules as the server. */
export function ProfileStep({ user }: { user: Registrant }) {
  const save = useCompleteProfile();
  const { control, handleSubmit, setError } = useForm<CompleteProfileInput, unknown, CompleteProfileBody>({
    resolver: rules.resolver,
    defaultValues: readDefaults(user),
  });
  const identityType = useWatch({ control, name: 'identityType' });
  const isSaId = identityType === 'national_id';
  // A province saved before that is not in the list stays selectable.
  const provinces: readonly string[] =
    user.province && !southAfricanProvinces.some((p) => p === user.province)
      ? [...southAfricanProvinces, user.province]
      : southAfricanProvinces;

  const submit = handleSubmit((values) => {
    save.mutate(values, { onError: (error) => applyServerFieldErrors(error, setError, profileFields) });
  });

  return (
    <StepFrame
      title="Profile Details"
      description="Tell us who you are. Use your details exactly as they appear on your identity document."
    >
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        onInput={rules.preload}
        onPointerDown={rules.preload}
        spacing={2.5}
      >
        {save.error && <Alert severity="error">{getErrorMessage(save.error, 'Failed to save profile')}</Alert>}
        <FormTextField
          control={control}
          name="fullName"
          label="Full name"
          autoComplete="name"
          disabled={save.isPending}
        />
        <Box sx={twoColumns}>
          <FormTextField
            control={control}
            name="phoneNumber"
            label="Phone number"
            type="tel"
            autoComplete="tel-national"
            placeholder="0821234567"
            helperText="10 digits, starting with 0"
            disabled={save.isPending}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
          <FormTextField
            control={control}
            name="dateOfBirth"
            label="Date of birth"
            type="date"
            disabled={save.isPending}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayInJohannesburg() } }}
          />
        </Box>
        <Box sx={twoColumns}>
          <FormSelectField
            control={control}
            name="identityType"
            label="Identity type"
            disabled={save.isPending}
            sx={{
              '& select': { color: identityType ? 'text.primary' : 'text.secondary' },
              '& option': { color: 'text.primary' },
            }}
          >
            <option value="" disabled>
              Select…
            </option>
            {identityTypes.map((type) => (
              <option key={type} value={type}>
                {identityTypeLabels[type]}
              </option>
            ))}
          </FormSelectField>
          <FormTextField
            control={control}
            name="nationalId"
            label="ID number"
            autoComplete="off"
            helperText={idNumberHints[identityType ?? ''] ?? 'The number of the document chosen above'}
            disabled={save.isPending}
            slotProps={{ htmlInput: isSaId ? { inputMode: 'numeric', maxLength: 13 } : { maxLength: 30 } }}
          />
        </Box>
        <FormTextField
          control={control}
          name="address"
          label="Residential address"
          autoComplete="street-address"
          placeholder="Street address and suburb"
          disabled={save.isPending}
        />
        <Box sx={twoColumns}>
          <FormTextField
            control={control}
            name="city"
            label="City or town (optional)"
            autoComplete="address-level2"
            disabled={save.isPending}
          />
          <FormSelectField control={control} name="province" label="Province (optional)" disabled={save.isPending}>
            <option value="">Not specified</option>
            {provinces.map((province) => (
              <option key={province} value={province}>
                {province}
              </option>
            ))}
          </FormSelectField>
        </Box>
        <SubmitButton label="Save and Continue" pendingLabel="Saving…" isPending={save.isPending} />
      </Stack>
    </StepFrame>
  );
}
