import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../form-text-field';

/** The fields the create and edit pool forms both hold, under the same names. */
type SharedPoolFieldName = 'name' | 'description' | 'targetAmount' | 'maxMembers' | 'investmentDuration';

interface PoolFieldProps<TFieldValues extends Record<SharedPoolFieldName, unknown> & FieldValues, TTransformed> {
  control: Control<TFieldValues, unknown, TTransformed>;
  disabled: boolean;
}

/** The form's path of a shared field; every pool form has it (checked by the type parameter's bound). */
function sharedField<TFieldValues extends FieldValues>(name: SharedPoolFieldName): FieldPath<TFieldValues> {
  return name as FieldPath<TFieldValues>;
}

/** A titled part of a pool form. */
export function FormSection({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h2" sx={{ mb: subtitle ? 0 : 2.5 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, mb: 2.5 }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The pool's name and description. A new pool starts on its name and explains the description. */
export function PoolAboutFields<TFieldValues extends Record<SharedPoolFieldName, unknown> & FieldValues, TTransformed>({
  control,
  disabled,
  isNew = false,
}: PoolFieldProps<TFieldValues, TTransformed> & { isNew?: boolean }) {
  return (
    <Stack spacing={2.5}>
      <FormTextField
        control={control}
        name={sharedField<TFieldValues>('name')}
        label="Pool name"
        disabled={disabled}
        autoFocus={isNew}
      />
      <FormTextField
        control={control}
        name={sharedField<TFieldValues>('description')}
        label="Description"
        multiline
        minRows={3}
        disabled={disabled}
        helperText={isNew ? 'What the pool invests in and why, at least 10 characters.' : undefined}
      />
    </Stack>
  );
}

const termFieldProps = {
  targetAmount: {
    label: 'Target amount',
    inputMode: 'decimal',
    slotProps: { input: { startAdornment: <InputAdornment position="start">R</InputAdornment> } },
  },
  maxMembers: { label: 'Maximum members', inputMode: 'numeric' },
  investmentDuration: {
    label: 'Duration',
    inputMode: 'numeric',
    slotProps: { input: { endAdornment: <InputAdornment position="end">months</InputAdornment> } },
  },
} as const;

/** One of the pool's terms (target, maximum members, duration), as both pool forms show it. */
export function PoolTermField<TFieldValues extends Record<SharedPoolFieldName, unknown> & FieldValues, TTransformed>({
  control,
  name,
  disabled,
}: PoolFieldProps<TFieldValues, TTransformed> & { name: keyof typeof termFieldProps }) {
  return (
    <FormTextField
      control={control}
      name={sharedField<TFieldValues>(name)}
      disabled={disabled}
      {...termFieldProps[name]}
    />
  );
}

/** The tinted panel under the terms that shows the figures they give. */
export const poolPreviewPanelSx = {
  mt: 2.5,
  p: 2,
  borderRadius: 2.5,
  bgcolor: 'rgba(0, 122, 255, 0.06)',
  border: 1,
  borderColor: 'rgba(0, 122, 255, 0.16)',
} as const;

/** Cancel and the submit button, which shows its pending text while the form is sent. */
export function PoolFormActions({
  submitLabel,
  pendingLabel,
  isPending,
  onCancel,
}: {
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onCancel: () => void;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1.5,
        justifyContent: 'flex-end',
        flexDirection: { xs: 'column-reverse', sm: 'row' },
      }}
    >
      <Button variant="outlined" onClick={onCancel} disabled={isPending}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={isPending}
        startIcon={isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </Box>
  );
}
