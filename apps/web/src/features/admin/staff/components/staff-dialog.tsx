import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import type { FormEventHandler, ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { ActionDialogButtons } from '../../../../components/action-dialog';
import { FormTextField } from '../../../../components/form-text-field';

/** The form inside a staff dialog: its fields (scrolling when long), its failure, and Cancel and submit. */
export function StaffFormBody({
  submitLabel,
  pendingLabel,
  isPending,
  failure,
  onCancel,
  onSubmit,
  children,
}: {
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  failure: string | null;
  onCancel: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogContent dividers sx={{ display: 'grid', gap: 2.25, py: 2.5 }}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {children}
      </DialogContent>
      <ActionDialogButtons
        label={submitLabel}
        pendingLabel={pendingLabel}
        isPending={isPending}
        isSpacious
        onCancel={onCancel}
      />
    </Box>
  );
}

/** The fields of a staff form holding the admin's name and phone. */
interface ContactFields extends FieldValues {
  fullName: string;
  phoneNumber: string;
}

interface ContactFieldProps<T extends ContactFields, TTransformed> {
  control: Control<T, unknown, TTransformed>;
  disabled: boolean;
}

export function StaffNameField<T extends ContactFields, TTransformed>({
  control,
  disabled,
  autoFocus = false,
}: ContactFieldProps<T, TTransformed> & { autoFocus?: boolean }) {
  return (
    <FormTextField
      control={control}
      name={'fullName' as Path<T>}
      label="Full name"
      autoComplete="off"
      disabled={disabled}
      required
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { maxLength: 120 } }}
    />
  );
}

export function StaffPhoneField<T extends ContactFields, TTransformed>({
  control,
  disabled,
}: ContactFieldProps<T, TTransformed>) {
  return (
    <FormTextField
      control={control}
      name={'phoneNumber' as Path<T>}
      label="Phone"
      type="tel"
      autoComplete="off"
      disabled={disabled}
      required
      slotProps={{ htmlInput: { maxLength: 20, inputMode: 'tel' } }}
    />
  );
}
