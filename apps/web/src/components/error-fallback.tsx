import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The friendly page shown when something breaks while drawing the screen. */
export function ErrorFallback({
  title = 'Something went wrong',
  message = 'An unexpected error stopped this page from loading. Please try again.',
}: {
  title?: string;
  message?: string;
}) {
  return (
    <Box
      role="alert"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <ErrorOutline color="error" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {message}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center">
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <Button variant="outlined" href="/">
            Go to home
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
