import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A form's large, full-width submit button; while the form is busy it is disabled, spins and shows its pending text. */
export function SubmitButton({
  label,
  pendingLabel,
  isPending,
}: {
  label: string;
  pendingLabel: string;
  isPending: boolean;
}) {
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
