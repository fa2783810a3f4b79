import { zodResolver } from '@hookform/resolvers/zod';
import { homePathFor, loginBody, type LoginBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormPasswordField } from '../../components/form-password-field';
import { FormTextField } from '../../components/form-text-field';
import { FullPageLoader } from '../../components/full-page-loader';
import { getErrorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { hasSession } from '../../lib/session';
import { useCurrentUser, useLogin } from './api';
import { AuthLayout } from './auth-layout';
import { GoogleSignInButton } from './google-sign-in-button';

/** What another page may hand to the sign-in page through router state. */
export interface LoginPageState {
  message?: string;
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => readNotice(location.state));
  const currentUser = useCurrentUser();
  const login = useLogin();
  const { control, handleSubmit, setError } = useForm<z.input<typeof loginBody>, unknown, LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });

  // The notice is shown once; a reload of the page should not bring it back.
  useEffect(() => {
    if (readNotice(location.state)) void navigate(location.pathname, { replace: true, state: null });
  }, [location.pathname, location.state, navigate]);

  const isSignedIn = hasSession();
  if (isSignedIn && currentUser.data) return <Navigate to={homePathFor(currentUser.data)} replace />;
  if (isSignedIn && currentUser.isLoading && !login.isPending) return <FullPageLoader />;

  const submit = handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (user) => void navigate(homePathFor(user), { replace: true }),
      onError: (error) => applyServerFieldErrors(error, setError, ['email', 'password']),
    });
  });

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your Letsema account"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
            Sign up
          </Link>
        </>
      }
    >
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
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
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={login.isPending}
          startIcon={login.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {login.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
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
