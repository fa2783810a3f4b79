import {
  identityTypeLabels,
  identityTypes,
  todayInJohannesburg,
  type CompleteProfileBody,
  type CompleteProfileInput,
  type IdentityType,
} from '@letsema/domain';
import { useForm, useWatch } from 'react-hook-form';
import { FormPlainSelectField, FormPlainTextField } from '../../components/form-plain-fields';
import { PlainAlert } from '../../components/plain/plain-alert';
import { PlainButton } from '../../components/plain/plain-button';
import { SubmitButton } from '../../components/submit-button';
import { getErrorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useCompleteProfile, type Registrant } from './api';
import { southAfricanProvinces } from './registration-rules';
import { StepFrame } from './step-frame';
import styles from './wizard.module.css';

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

/**
 * Step 1: the member's personal details, checked with the same rules as the server. Opened again from
 * a later step, it says so, and `onSaved` or `onCancel` takes the member back.
 */
export function ProfileStep({
  user,
  onSaved,
  onCancel,
}: {
  user: Registrant;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
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
    save.mutate(values, {
      onSuccess: () => onSaved?.(),
      onError: (error) => applyServerFieldErrors(error, setError, profileFields),
    });
  });

  return (
    <StepFrame
      title="Profile Details"
      description="Tell us who you are. Use your details exactly as they appear on your identity document."
    >
      <form noValidate onSubmit={submit} onInput={rules.preload} onPointerDown={rules.preload} className={styles.form}>
        {save.error && (
          <PlainAlert severity="error">{getErrorMessage(save.error, 'Failed to save profile')}</PlainAlert>
        )}
        <FormPlainTextField
          control={control}
          name="fullName"
          label="Full name"
          autoComplete="name"
          disabled={save.isPending}
        />
        <div className={styles.twoColumns}>
          <FormPlainTextField
            control={control}
            name="phoneNumber"
            label="Phone number"
            type="tel"
            autoComplete="tel-national"
            placeholder="082 123 4567"
            helperText="10 digits, starting with 0; spaces are fine"
            disabled={save.isPending}
            inputMode="tel"
            // Room for the spaces and the +27 a number is written with: the server keeps the digits.
            maxLength={20}
          />
          <FormPlainTextField
            control={control}
            name="dateOfBirth"
            label="Date of birth"
            type="date"
            disabled={save.isPending}
            keepsLabelUp
            max={todayInJohannesburg()}
          />
        </div>
        <div className={styles.twoColumns}>
          <FormPlainSelectField
            control={control}
            name="identityType"
            label="Identity type"
            disabled={save.isPending}
            dimsEmptyChoice
          >
            <option value="" disabled>
              Select…
            </option>
            {identityTypes.map((type) => (
              <option key={type} value={type}>
                {identityTypeLabels[type]}
              </option>
            ))}
          </FormPlainSelectField>
          <FormPlainTextField
            control={control}
            name="nationalId"
            label="ID number"
            autoComplete="off"
            helperText={idNumberHints[identityType ?? ''] ?? 'The number of the document chosen above'}
            disabled={save.isPending}
            inputMode={isSaId ? 'numeric' : undefined}
            // An ID number typed in its groups (880412 0123 002) keeps every digit.
            maxLength={30}
          />
        </div>
        <FormPlainTextField
          control={control}
          name="address"
          label="Residential address"
          autoComplete="street-address"
          placeholder="Street address and suburb"
          disabled={save.isPending}
        />
        <div className={styles.twoColumns}>
          <FormPlainTextField
            control={control}
            name="city"
            label="City or town (optional)"
            autoComplete="address-level2"
            disabled={save.isPending}
          />
          <FormPlainSelectField control={control} name="province" label="Province (optional)" disabled={save.isPending}>
            <option value="">Not specified</option>
            {provinces.map((province) => (
              <option key={province} value={province}>
                {province}
              </option>
            ))}
          </FormPlainSelectField>
        </div>
        <SubmitButton label="Save and Continue" pendingLabel="Saving…" isPending={save.isPending} />
        {onCancel && (
          <PlainButton onClick={onCancel} disabled={save.isPending}>
            Cancel
          </PlainButton>
        )}
      </form>
    </StepFrame>
  );
}
