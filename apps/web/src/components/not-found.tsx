import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** Shown for an address that matches no page. */
export function NotFound({ homePath = '/' }: { homePath?: string }) {
  return (
    <Box sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 440, width: '100%', textAlign: 'center' }}>
        <SearchOff color="disabled" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h2" sx={{ mb: 1 }}>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The page you are looking for does not exist or has moved.
        </Typography>
        <Button variant="contained" component={RouterLink} to={homePath}>
          Go to home
        </Button>
      </Paper>
    </Box>
  );
}
