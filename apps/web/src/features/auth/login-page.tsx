import { homePathFor, type loginBody, type LoginBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormPasswordField } from '../../components/form-password-field';
import { FormTextField } from '../../components/form-text-field';
import { FullPageLoader } from '../../components/full-page-loader';
import { SubmitButton } from '../../components/submit-button';
import { getErrorMessage } from '../../lib/api-client';
import { useCurrentUser, type CurrentUser } from '../../lib/current-user';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { hasSession } from '../../lib/session';
import { useLogin } from './api';
import { AuthLayout } from './auth-layout';
import { GoogleSignInButton } from './google-sign-in-button';

/** What another page may hand to the sign-in page through router state. */
export interface LoginPageState {
  message?: string;
}

// Only an account with two-factor sign-in sees the code's form, after the password: it is fetched then.
const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((module) => ({ default: module.SecondFactorForm })),
);

const rules = lazyResolver(() => import('./form-rules').then((module) => module.loginResolver));

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => readNotice(location.state));
  const currentUser = useCurrentUser();
  const login = useLogin();
  const [challenge, setChallenge] = useState<string | null>(null);
  const { control, handleSubmit, setError, resetField } = useForm<z.input<typeof loginBody>, unknown, LoginBody>({
    resolver: rules.resolver,
    defaultValues: { email: '', password: '' },
  });

  // The notice is shown once; a reload of the page should not bring it back.
  useEffect(() => {
    if (readNotice(location.state)) void navigate(location.pathname, { replace: true, state: null });
  }, [location.pathname, location.state, navigate]);

  const isSignedIn = hasSession();
  if (isSignedIn && currentUser.data) return <Navigate to={homePathFor(currentUser.data)} replace />;
  if (isSignedIn && currentUser.isLoading && !login.isPending) return <FullPageLoader />;

  const goHome = (user: CurrentUser) => void navigate(homePathFor(user), { replace: true });
  const submit = handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (step) => {
        if (step.user) goHome(step.user);
        else setChallenge(step.challenge);
      },
      onError: (error) => applyServerFieldErrors(error, setError, ['email', 'password']),
    });
  });

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
            onRestart={() => {
              setChallenge(null);
              login.reset();
              resetField('password');
            }}
          />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your Letsema account"
      footer={{ question: "Don't have an account?", linkText: 'Sign up', to: '/register' }}
    >
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        onInput={rules.preload}
        onPointerDown={rules.preload}
        spacing={2.5}
      >
        {notice && !login.error && <Alert severity="success">{notice}</Alert>}
        {login.error && <Alert severity="error">{getErrorMessage(login.error, 'Login failed')}</Alert>}
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          disabled={login.isPending}
        />
        <FormPasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="current-password"
          disabled={login.isPending}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mt: '8px !important' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ fontWeight: 600 }}>
            Forgot password?
          </Link>
          <Link component={RouterLink} to="/sign-in-link" variant="body2" sx={{ fontWeight: 600 }}>
            E-mail me a sign-in link
          </Link>
        </Box>
        <SubmitButton label="Sign In" pendingLabel="Signing in…" isPending={login.isPending} />
      </Stack>
      <GoogleSignInButton disabled={login.isPending} />
    </AuthLayout>
  );
}

function readNotice(state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  const message = (state as LoginPageState).message;
  return typeof message === 'string' && message ? message : null;
}
