import { homePathFor } from '@letsema/domain';
import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { CurrentUser } from '../lib/current-user';
import { FullPageLoader } from '../components/full-page-loader';
import { tellsUserLoadFailure } from '../lib/user-load-failure';
import type { ShellContext } from './shell-context';
import { UserLoadFailed } from './user-load-failed';
import { useSessionUser } from './use-session-user';

/**
 * A step the account must take before anything else: choose its own password (the generated one
 * of the first super admin), or turn on two-factor sign-in (an admin while it is required).
 */
export function accountStepPath(user: CurrentUser): string | null {
  if (user.passwordChangeRequired) return '/change-password';
  if (user.mfaEnrolmentRequired) return '/setup-two-factor';
  return null;
}

/**
 * The guard of those steps' pages: any signed-in account, sent to the other step when that one is
 * due first. It stays once its step is done, so the page can show what comes last (the recovery codes).
 */
export function RequireAccountStep({ path }: { path: string }) {
  const session = useSessionUser();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  const step = accountStepPath(session.user);
  if (step && step !== path) return <Navigate to={step} replace />;
  return <Outlet context={{ user: session.user } satisfies ShellContext} />;
}

/**
 * The member area's guard: no user goes to /login, an admin to /admin, a member who is not
 * active yet to /complete-registration; an active member sees the page. A failed load of the user
 * on the dashboard or the profile is told first, and /login follows after 2 seconds.
 */
export function RequireActiveMember() {
  const session = useSessionUser();
  const { pathname } = useLocation();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'signed-out') {
    // The dashboard and the profile say that the account could not be loaded before going to /login.
    if (session.error !== undefined && tellsUserLoadFailure(pathname)) return <UserLoadFailed error={session.error} />;
    return <Navigate to="/login" replace />;
  }
  const { user } = session;
  const step = accountStepPath(user);
  if (step) return <Navigate to={step} replace />;
  if (user.isAdmin) return <Navigate to="/admin" replace />;
  if (user.registrationStatus !== 'active') return <Navigate to="/complete-registration" replace />;
  return <Outlet context={{ user } satisfies ShellContext} />;
}

/** The registration wizard's guard: a signed-in member who still has to finish registering. */
export function RequireRegistrant() {
  const session = useSessionUser();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  const home = accountStepPath(session.user) ?? homePathFor(session.user);
  if (home !== '/complete-registration') return <Navigate to={home} replace />;
  return <Outlet context={{ user: session.user } satisfies ShellContext} />;
}

/**
 * The admin area's guard. It lives outside the admin code, so a member sent away from /admin
 * never downloads it: a failed user load goes to /login and a non-admin to /.
 */
export function RequireAdmin({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const session = useSessionUser();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  if (!session.user.isAdmin) return <Navigate to="/" replace />;
  const step = accountStepPath(session.user);
  if (step) return <Navigate to={step} replace />;
  return <Suspense fallback={<FullPageLoader />}>{children(session.user)}</Suspense>;
}
