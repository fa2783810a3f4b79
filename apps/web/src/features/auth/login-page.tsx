import { homePathFor, type loginBody, type LoginBody } from '@letsema/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormPlainPasswordField, FormPlainTextField } from '../../components/form-plain-fields';
import { FullPageLoader } from '../../components/full-page-loader';
import { PlainAlert } from '../../components/plain/plain-alert';
import { PlainSpinner, PlainSubmitButton } from '../../components/plain/plain-button';
import styles from '../../components/plain/plain.module.css';
import { getErrorMessage } from '../../lib/api-client';
import { classNames } from '../../lib/class-names';
import { useCurrentUser, type CurrentUser } from '../../lib/current-user';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { hasSession } from '../../lib/session';
import { useLogin } from './api';
import { AuthLayout } from './auth-layout';
import { StartCooperativeLink } from './start-cooperative-link';
import { GoogleSignInButton } from './google-sign-in-button';

/** What another page may hand to the sign-in page through router state. */
export interface LoginPageState {
  message?: string;
}

// Only an account with two-factor sign-in sees the code's form, after the password: it is fetched then,
// with MUI and the theme it is drawn with (the page itself is drawn with plain parts).
const SecondFactorForm = lazy(async () => {
  const [module, { withMuiTheme }] = await Promise.all([
    import('./second-factor-form'),
    import('../../components/mui-theme'),
  ]);
  return { default: withMuiTheme(module.SecondFactorForm) };
});

const rules = lazyResolver(() => import('./form-rules').then((module) => module.loginResolver));

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => readNotice(location.state));
  const [search] = useSearchParams();
  const joining = search.get('join');
  // Signed in from a cooperative's invitation link: back to it, to join with this account.
  const afterSignIn = (user: CurrentUser) => (joining ? `/join/${encodeURIComponent(joining)}` : homePathFor(user));
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
  if (isSignedIn && currentUser.data) return <Navigate to={afterSignIn(currentUser.data)} replace />;
  if (isSignedIn && currentUser.isLoading && !login.isPending) return <FullPageLoader />;

  const goHome = (user: CurrentUser) => void navigate(afterSignIn(user), { replace: true });
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
            <div role="status" aria-label="Loading the code's form" className={styles.spinnerBlock}>
              <PlainSpinner />
            </div>
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
      <form
        noValidate
        onSubmit={submit}
        onInput={rules.preload}
        onPointerDown={rules.preload}
        className={styles.formStack}
      >
        {notice && !login.error && <PlainAlert severity="success">{notice}</PlainAlert>}
        {login.error && <PlainAlert severity="error">{getErrorMessage(login.error, 'Login failed')}</PlainAlert>}
        <FormPlainTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          disabled={login.isPending}
        />
        <FormPlainPasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="current-password"
          disabled={login.isPending}
        />
        <div className={styles.authLinks}>
          <RouterLink to="/forgot-password" className={classNames(styles.link, styles.linkSmall)}>
            Forgot password?
          </RouterLink>
          <RouterLink to="/sign-in-link" className={classNames(styles.link, styles.linkSmall)}>
            E-mail me a sign-in link
          </RouterLink>
        </div>
        <PlainSubmitButton label="Sign In" pendingLabel="Signing in…" isPending={login.isPending} />
      </form>
      <GoogleSignInButton disabled={login.isPending} />
      <StartCooperativeLink />
    </AuthLayout>
  );
}

function readNotice(state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  const message = (state as LoginPageState).message;
  return typeof message === 'string' && message ? message : null;
}
