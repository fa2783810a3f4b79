import type { FieldValues } from 'react-hook-form';
import {
  PlainPasswordField,
  PlainSelectField,
  PlainTextField,
  type PlainSelectFieldProps,
  type PlainTextFieldProps,
} from './plain/plain-fields';
import { useFormField, type FormFieldBinding } from './use-form-field';

// Outside the plain chunk: the sign-in page binds its MUI fields with useFormField too, and the plain
// chunk may take nothing the entry needs (apps/web/build/plain-chunk.ts).

type BoundProps<TProps, TFieldValues extends FieldValues, TTransformed> = Omit<
  TProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'helperText' | 'disabled'
> &
  FormFieldBinding<TFieldValues, TTransformed>;

/** A plain text field bound to a react-hook-form field; the field's error shows as helper text. */
export function FormPlainTextField<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  name,
  control,
  helperText,
  disabled,
  ...props
}: BoundProps<PlainTextFieldProps, TFieldValues, TTransformed>) {
  return <PlainTextField {...props} {...useFormField({ name, control, helperText, disabled })} />;
}

/** A plain choice list bound to a react-hook-form field; the field's error shows as helper text. */
export function FormPlainSelectField<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  name,
  control,
  helperText,
  disabled,
  ...props
}: BoundProps<PlainSelectFieldProps, TFieldValues, TTransformed>) {
  const { value, ...binding } = useFormField({ name, control, helperText, disabled });
  return <PlainSelectField {...props} {...binding} value={String(value)} />;
}

/** A plain password field, with its show button, bound to a react-hook-form field. */
export function FormPlainPasswordField<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  name,
  control,
  helperText,
  disabled,
  ...props
}: BoundProps<Omit<PlainTextFieldProps, 'type' | 'endAdornment'>, TFieldValues, TTransformed>) {
  return <PlainPasswordField {...props} {...useFormField({ name, control, helperText, disabled })} />;
}
