import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { SelectInput, type SelectInputProps } from './select-input';

export type FormSelectFieldProps<TFieldValues extends FieldValues, TTransformed = TFieldValues> = Omit<
  SelectInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & {
  name: FieldPath<TFieldValues>;
  control: Control<TFieldValues, unknown, TTransformed>;
};

/** A choice list bound to a react-hook-form field; the field's error shows as helper text. */
export function FormSelectField<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  name,
  control,
  helperText,
  disabled,
  ...props
}: FormSelectFieldProps<TFieldValues, TTransformed>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <SelectInput
      {...props}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled ?? field.disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
