import type { FieldValues } from 'react-hook-form';
import { SelectInput, type SelectInputProps } from './select-input';
import { useFormField, type FormFieldBinding } from './use-form-field';

export type FormSelectFieldProps<TFieldValues extends FieldValues, TTransformed = TFieldValues> = Omit<
  SelectInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'helperText' | 'disabled'
> &
  FormFieldBinding<TFieldValues, TTransformed>;

/** A choice list bound to a react-hook-form field; the field's error shows as helper text. */
export function FormSelectField<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  name,
  control,
  helperText,
  disabled,
  ...props
}: FormSelectFieldProps<TFieldValues, TTransformed>) {
  const { value, ...binding } = useFormField({ name, control, helperText, disabled });
  return <SelectInput {...props} {...binding} value={String(value)} />;
}
