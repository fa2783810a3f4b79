import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { SubmitButtonProps } from './plain/plain-button';

/** A form's large, full-width submit button; while the form is busy it is disabled, spins and shows its pending text. */
export function SubmitButton({ label, pendingLabel, isPending }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={isPending}
      startIcon={isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {isPending ? pendingLabel : label}
    </Button>
  );
}
