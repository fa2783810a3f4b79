import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextInput, type TextInputProps } from './text-input';

export type FormTextFieldProps<TFieldValues extends FieldValues, TTransformed = TFieldValues> = Omit<
  TextInputProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  name: FieldPath<TFieldValues>;
  control: Control<TFieldValues, unknown, TTransformed>;
};

/** A text field bound to a react-hook-form field; the field's error shows as helper text. */
export function FormTextField<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  name,
  control,
  helperText,
  disabled,
  ...props
}: FormTextFieldProps<TFieldValues, TTransformed>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextInput
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled ?? field.disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
