import { homePathFor, type GoogleSignInBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { getErrorMessage } from '../../lib/api-client';
import { useGoogleSignIn } from './api';
import { AuthLayout } from './auth-layout';
import { GOOGLE_FAILED_MESSAGE, readGoogleCallback, takeGoogleRequest } from './google-flow';
import { SecondFactorForm } from './second-factor-form';

/**
 * Where the provider sends the browser back (PUBLIC_URL + /auth/google/callback). The state must be
 * the one this tab made; then the code goes to the server with the kept verifier and nonce.
 */
export function GoogleCallbackPage() {
  const navigate = useNavigate();
  const googleSignIn = useGoogleSignIn();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  // The code can be exchanged once only: never a second time (React runs effects twice in development).
  const hasStarted = useRef(false);
  const { mutate } = googleSignIn;

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const callback = readGoogleCallback(window.location.search);
    const kept = takeGoogleRequest(window.sessionStorage);
    // The code does not belong in the history: the address keeps only the path.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (callback.error || !callback.code || !kept || !callback.state || callback.state !== kept.state) {
      setRefusal(GOOGLE_FAILED_MESSAGE);
      return;
    }
    const body: GoogleSignInBody = {
      code: callback.code,
      codeVerifier: kept.codeVerifier,
      nonce: kept.nonce,
      state: callback.state,
    };
    if (callback.iss) body.iss = callback.iss;
    mutate(body, {
      onSuccess: (step) => {
        if (step.user) void navigate(homePathFor(step.user), { replace: true });
        else setChallenge(step.challenge);
      },
    });
  }, [mutate, navigate]);

  if (challenge) {
    return (
      <AuthLayout
        title="Two-factor sign-in"
        subtitle="Enter the code from your authenticator app to finish signing in"
        footer={{ question: 'Prefer your e-mail and password?', linkText: 'Sign in', to: '/login' }}
      >
        <SecondFactorForm
          challenge={challenge}
          onSignedIn={(user) => void navigate(homePathFor(user), { replace: true })}
          onRestart={() => void navigate('/login', { replace: true })}
        />
      </AuthLayout>
    );
  }

  const failure = refusal ?? (googleSignIn.isError ? getErrorMessage(googleSignIn.error, GOOGLE_FAILED_MESSAGE) : null);

  return (
    <AuthLayout
      title="Google sign-in"
      subtitle={failure ? 'You are not signed in' : 'Signing you in to your Letsema account'}
      footer={{ question: 'Prefer your e-mail and password?', linkText: 'Sign in', to: '/login' }}
    >
      {failure ? (
        <Stack spacing={2.5}>
          <Alert severity="error">{failure}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth replace>
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress aria-hidden />
          <Typography color="text.secondary">Completing Google sign-in…</Typography>
        </Box>
      )}
    </AuthLayout>
  );
}
