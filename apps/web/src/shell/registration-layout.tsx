import CircularProgress from '@mui/material/CircularProgress';
import { Outlet } from 'react-router';
import { PlainIcon } from '../components/plain/plain-icon';
import { logout as logoutDrawing } from '../components/plain/plain-icons';
import { EmailVerificationBanner } from '../features/auth/email-verification-banner';
import { BrandLogo } from '../components/brand-logo';
import { PlainButton } from '../components/plain/plain-button';
import { useLogout } from '../features/auth/api';
import styles from '../features/registration/wizard.module.css';
import { useShellUser, type ShellContext } from './shell-context';

/**
 * The plain frame of the registration wizard: the brand, a Logout button and the step in the middle.
 * A new member's first screen, so it is plain elements with a static style sheet.
 */
export function RegistrationLayout() {
  const user = useShellUser();
  const logout = useLogout();
  return (
    <div className={styles.frame}>
      <header className={styles.appBar}>
        <div className={styles.toolbar}>
          <BrandLogo size={28} />
          <PlainButton
            color="inherit"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            startIcon={
              logout.isPending ? <CircularProgress size={18} color="inherit" /> : <PlainIcon drawing={logoutDrawing} />
            }
          >
            Logout
          </PlainButton>
        </div>
      </header>
      <main className={styles.main}>
        <EmailVerificationBanner user={user} />
        <Outlet context={{ user } satisfies ShellContext} />
      </main>
    </div>
  );
}
