import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** What binds a field to react-hook-form: its name and control, and the helper text and state it may override. */
export interface FormFieldBinding<TFieldValues extends FieldValues, TTransformed> {
  name: FieldPath<TFieldValues>;
  control: Control<TFieldValues, unknown, TTransformed>;
  helperText?: ReactNode;
  disabled?: boolean;
}

/**
 * The props that bind an input to a react-hook-form field: its value, change and blur, its element, and
 * its error shown as the helper text in place of the hint.
 */
export function useFormField<TFieldValues extends FieldValues, TTransformed>({
  name,
  control,
  helperText,
  disabled,
}: FormFieldBinding<TFieldValues, TTransformed>) {
  const { field, fieldState } = useController({ name, control });
  return {
    name: field.name,
    value: (field.value as string | number | undefined) ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: disabled ?? field.disabled,
    error: Boolean(fieldState.error),
    helperText: fieldState.error?.message ?? helperText,
  };
}
