import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Fills the screen with a spinner while something the whole page needs is loading. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
