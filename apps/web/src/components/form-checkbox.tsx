import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A true-or-false field bound to a react-hook-form field, as a checkbox or a switch with its label;
 * the field's error (or a hint) shows under it and is read with it.
 */
export function FormCheckbox<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  name,
  control,
  label,
  helperText,
  look = 'checkbox',
  disabled,
}: {
  name: FieldPath<TFieldValues>;
  control: Control<TFieldValues, unknown, TTransformed>;
  label: ReactNode;
  helperText?: ReactNode;
  look?: 'checkbox' | 'switch';
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ name, control });
  const helperId = useId();
  const message = fieldState.error?.message ?? helperText;
  const input = {
    name: field.name,
    checked: field.value === true,
    onChange: (_: unknown, checked: boolean) => field.onChange(checked),
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: disabled ?? field.disabled,
    slotProps: {
      input: {
        'aria-describedby': message ? helperId : undefined,
        'aria-invalid': fieldState.error ? true : undefined,
      },
    },
  };
  return (
    <FormControl error={Boolean(fieldState.error)}>
      <FormControlLabel control={look === 'switch' ? <Switch {...input} /> : <Checkbox {...input} />} label={label} />
      {message && (
        <FormHelperText id={helperId} sx={{ mt: 0, ml: 4 }}>
          {message}
        </FormHelperText>
      )}
    </FormControl>
  );
}
