import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { getFirstErrorMessage } from './form-errors';
import { TextInput } from '../text-input';

export const PAYMENT_METHOD_MAX_LENGTH = 60;
const PAYMENT_METHODS_MAX = 20;

/**
 * A list of payment methods bound to a form field: text is added with Enter or the add button
 * (blank text and repeats are ignored) and each method shows as a chip that can be removed.
 */
export function FormPaymentMethodsField<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  name,
  control,
  disabled,
}: {
  name: FieldPath<TFieldValues>;
  control: Control<TFieldValues, unknown, TTransformed>;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ name, control });
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const helperId = useId();
  const methods: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const errorMessage = getFirstErrorMessage(fieldState.error);
  const trimmed = text.trim();
  const isFull = methods.length >= PAYMENT_METHODS_MAX;

  const addMethod = () => {
    if (!trimmed || isFull) return;
    if (methods.some((method) => method.toLowerCase() === trimmed.toLowerCase())) {
      setNotice(`${trimmed} is already listed`);
      return;
    }
    field.onChange([...methods, trimmed]);
    setText('');
    setNotice(null);
  };

  const removeMethod = (method: string) => {
    field.onChange(methods.filter((entry) => entry !== method));
    field.onBlur();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the method; it must not submit the whole form.
    event.preventDefault();
    addMethod();
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextInput
          label="Payment method"
          placeholder="e.g. EFT / bank transfer"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setNotice(null);
          }}
          onKeyDown={handleKeyDown}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled || isFull}
          error={Boolean(errorMessage)}
          slotProps={{
            htmlInput: { maxLength: PAYMENT_METHOD_MAX_LENGTH, 'aria-describedby': helperId },
          }}
        />
        <Button
          variant="outlined"
          onClick={addMethod}
          disabled={disabled || !trimmed || isFull}
          startIcon={<Add />}
          aria-label="Add payment method"
          sx={{ flexShrink: 0, height: 56 }}
        >
          Add
        </Button>
      </Box>
      <FormHelperText id={helperId} error={Boolean(errorMessage)} sx={{ mx: 1.75 }}>
        {errorMessage ?? notice ?? 'Type a method and press Enter or Add, e.g. EFT / bank transfer, Capitec Pay.'}
      </FormHelperText>
      {methods.length > 0 ? (
        <Box
          component="ul"
          aria-label="Payment methods"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {methods.map((method) => (
            <li key={method}>
              <Chip
                label={method}
                color="primary"
                variant="outlined"
                onDelete={disabled ? undefined : () => removeMethod(method)}
                sx={{ maxWidth: '100%' }}
              />
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          No payment methods added yet.
        </Typography>
      )}
    </Box>
  );
}
