import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import type { InputLabelProps } from '@mui/material/InputLabel';
import type { OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { TextFieldProps } from '@mui/material/TextField';
import { useId } from 'react';

/** What a text input takes: MUI's text field props, outlined, without the choice list. */
export type TextInputProps = Omit<
  TextFieldProps,
  | 'select'
  | 'SelectProps'
  | 'variant'
  | 'children'
  | 'slotProps'
  | 'slots'
  | 'InputProps'
  | 'inputProps'
  | 'InputLabelProps'
  | 'FormHelperTextProps'
> & {
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    inputLabel?: Partial<InputLabelProps>;
    htmlInput?: InputBaseComponentProps;
    formHelperText?: Partial<FormHelperTextProps>;
  };
};

/**
 * MUI's outlined text field drawn from its parts. MUI's `TextField` also carries its `select` option,
 * and with it the menu, the popover and the modal behind them: about 13 KB compressed that the sign-in
 * page would download and never use. Choice lists are native selects (`SelectInput`).
 */
export function TextInput({
  id: idProp,
  label,
  helperText,
  error = false,
  required = false,
  disabled = false,
  fullWidth = true,
  autoComplete,
  autoFocus,
  defaultValue,
  value,
  name,
  type,
  placeholder,
  multiline = false,
  rows,
  minRows,
  maxRows,
  inputRef,
  onBlur,
  onChange,
  onFocus,
  slotProps,
  ...other
}: TextInputProps) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  const {
    input: inputSlot,
    inputLabel: labelSlot,
    htmlInput: htmlInputSlot,
    formHelperText: helperSlot,
  } = slotProps ?? {};
  return (
    <FormControl
      {...other}
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      variant="outlined"
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...labelSlot}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        value={value}
        name={name}
        type={type}
        placeholder={placeholder}
        multiline={multiline}
        rows={rows}
        minRows={minRows}
        maxRows={maxRows}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        label={hasLabel ? label : undefined}
        notched={labelSlot?.shrink}
        fullWidth={fullWidth}
        inputProps={htmlInputSlot}
        {...inputSlot}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...helperSlot}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
