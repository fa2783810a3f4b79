import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';

export interface SelectInputProps {
  label: ReactNode;
  /** The `<option>` elements. */
  children: ReactNode;
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  name?: string;
  inputRef?: Ref<HTMLSelectElement>;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A choice list drawn as the phone's own list: a native `<select>` in MUI's outlined frame, its label
 * always above. MUI's menu-style select would bring its popover and modal to every page with a form;
 * the native list is also what a screen reader and a small screen handle best.
 */
export function SelectInput({
  label,
  children,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  error = false,
  helperText,
  disabled,
  required,
  sx,
}: SelectInputProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth error={error} disabled={disabled} required={required} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ 'aria-describedby': helperText ? helperId : undefined }}
      >
        {children}
      </NativeSelect>
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
