import { homePathFor } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../lib/api-client';
import type { CurrentUser } from '../../lib/current-user';
import { useSignInWithLink } from './api';
import { AuthLayout } from './auth-layout';
import { EmailLinkRequestForm } from './forgot-password-page';

const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((module) => ({ default: module.SecondFactorForm })),
);

function takeToken(): string {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/**
 * `/sign-in-link`: asks for a sign-in link by e-mail; opened from the e-mail (`?token=`), signs in
 * with a press (a mail scanner that follows the link uses nothing), then the second factor when on.
 */
export function SignInLinkPage() {
  const navigate = useNavigate();
  const [token, setToken] = useState(takeToken);
  const [challenge, setChallenge] = useState<string | null>(null);
  const signIn = useSignInWithLink();

  if (!token) return <EmailLinkRequestForm kind="signIn" />;

  const goHome = (user: CurrentUser) => void navigate(homePathFor(user), { replace: true });

  if (challenge) {
    return (
      <AuthLayout
        title="Two-factor sign-in"
        subtitle="Enter the code from your authenticator app to finish signing in"
        footer={{ question: 'Not you?', linkText: 'Sign in with another account', to: '/login' }}
      >
        <Suspense
          fallback={
            <Box
              role="status"
              aria-label="Loading the code's form"
              sx={{ display: 'flex', justifyContent: 'center', py: 3 }}
            >
              <CircularProgress />
            </Box>
          }
        >
          <SecondFactorForm
            challenge={challenge}
            onSignedIn={goHome}
            onRestart={() => void navigate('/login', { replace: true })}
          />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in to Letsema"
      subtitle="You opened a sign-in link from your e-mail."
      footer={{ question: 'Not you?', linkText: 'Back to sign in', to: '/login' }}
    >
      {signIn.error ? (
        <Stack spacing={2.5}>
          <Alert severity="error">{getErrorMessage(signIn.error, 'Sign-in failed')}</Alert>
          <Button variant="contained" size="large" fullWidth onClick={() => setToken('')}>
            Ask for a new link
          </Button>
        </Stack>
      ) : (
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={signIn.isPending}
          startIcon={signIn.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          onClick={() =>
            signIn.mutate(token, {
              onSuccess: (step) => {
                if (step.user) goHome(step.user);
                else setChallenge(step.challenge);
              },
            })
          }
        >
          {signIn.isPending ? 'Signing in…' : 'Sign me in'}
        </Button>
      )}
    </AuthLayout>
  );
}
