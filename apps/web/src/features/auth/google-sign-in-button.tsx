import Google from '@mui/icons-material/Google';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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
    <Stack spacing={2.5} sx={{ mt: 2.5 }}>
      <Divider>
        <Typography variant="body2" color="text.secondary">
          or
        </Typography>
      </Divider>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button
        variant="outlined"
        size="large"
        fullWidth
        onClick={() => void start()}
        disabled={disabled || isRedirecting}
        startIcon={isRedirecting ? <CircularProgress size={18} color="inherit" /> : <Google />}
      >
        {isRedirecting ? 'Opening Google…' : 'Continue with Google'}
      </Button>
    </Stack>
  );
}
