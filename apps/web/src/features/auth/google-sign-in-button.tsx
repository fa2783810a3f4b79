import { PlainAlert } from '../../components/plain/plain-alert';
import { PlainButton, PlainSpinner } from '../../components/plain/plain-button';
import { PlainIcon } from '../../components/plain/plain-icon';
import { google } from '../../components/plain/plain-icons';
import styles from '../../components/plain/plain.module.css';
import { useEffect, useState } from 'react';
import { useAuthProviders } from './api';
import { GOOGLE_FAILED_MESSAGE, prepareGoogleSignIn } from './google-flow';

/**
 * 'Continue with Google' under the sign-in and sign-up forms, shown only when the server offers
 * Google sign-in. A click sends the browser to the provider with a fresh state, nonce and PKCE challenge.
 */
export function GoogleSignInButton({ disabled = false }: { disabled?: boolean }) {
  const providers = useAuthProviders();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const settings = providers.data?.google;

  // Coming back with the browser's Back button may restore this page as it was left: ready again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setIsRedirecting(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  if (!settings) return null;

  const start = async () => {
    setProblem(null);
    setIsRedirecting(true);
    try {
      window.location.assign(await prepareGoogleSignIn(settings, window.sessionStorage));
    } catch {
      // No Web Crypto (a page served over plain http from a non-local address) or no session storage.
      setIsRedirecting(false);
      setProblem(GOOGLE_FAILED_MESSAGE);
    }
  };

  return (
    <div className={styles.formStack} style={{ marginTop: 20 }}>
      <div role="separator" aria-orientation="horizontal" className={styles.dividerWithText}>
        <span>or</span>
      </div>
      {problem && <PlainAlert severity="error">{problem}</PlainAlert>}
      <PlainButton
        variant="outlined"
        size="large"
        isFullWidth
        onClick={() => void start()}
        disabled={disabled || isRedirecting}
        startIcon={isRedirecting ? <PlainSpinner size={18} /> : <PlainIcon drawing={google} />}
      >
        {isRedirecting ? 'Opening Google…' : 'Continue with Google'}
      </PlainButton>
    </div>
  );
}
