import type { FieldValues } from 'react-hook-form';
import { TextInput, type TextInputProps } from './text-input';
import { useFormField, type FormFieldBinding } from './use-form-field';

export type FormTextFieldProps<TFieldValues extends FieldValues, TTransformed = TFieldValues> = Omit<
  TextInputProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'helperText' | 'disabled'
> &
  FormFieldBinding<TFieldValues, TTransformed>;

/** A text field bound to a react-hook-form field; the field's error shows as helper text. */
export function FormTextField<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  name,
  control,
  helperText,
  disabled,
  ...props
}: FormTextFieldProps<TFieldValues, TTransformed>) {
  return <TextInput {...props} {...useFormField({ name, control, helperText, disabled })} />;
}
