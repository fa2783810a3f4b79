import Logout from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Toolbar from '@mui/material/Toolbar';
import { Outlet } from 'react-router';
import { EmailVerificationBanner } from '../features/auth/email-verification-banner';
import { BrandLogo } from '../components/brand-logo';
import { useLogout } from '../features/auth/api';
import { useShellUser, type ShellContext } from './shell-context';

/** The plain frame of the registration wizard: the brand, a Logout button and the step in the middle. */
export function RegistrationLayout() {
  const user = useShellUser();
  const logout = useLogout();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky">
        <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
          <BrandLogo size={28} />
          <Button
            variant="text"
            color="inherit"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            startIcon={logout.isPending ? <CircularProgress size={18} color="inherit" /> : <Logout />}
          >
            Logout
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, width: '100%', maxWidth: 760, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>
        <EmailVerificationBanner user={user} />
        <Outlet context={{ user } satisfies ShellContext} />
      </Box>
    </Box>
  );
}
