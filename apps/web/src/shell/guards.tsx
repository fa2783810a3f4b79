import { homePathFor } from '@letsema/domain';
import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { CurrentUser } from '../lib/current-user';
import { FullPageLoader } from '../components/full-page-loader';
import type { ShellContext } from './shell-context';
import { useSessionUser } from './use-session-user';

/**
 * The member area's guard: no user goes to /login, an admin to /admin, a member who is not
 * active yet to /complete-registration; an active member sees the page.
 */
export function RequireActiveMember() {
  const session = useSessionUser();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  const { user } = session;
  if (user.isAdmin) return <Navigate to="/admin" replace />;
  if (user.registrationStatus !== 'active') return <Navigate to="/complete-registration" replace />;
  return <Outlet context={{ user } satisfies ShellContext} />;
}

/** The registration wizard's guard: a signed-in member who still has to finish registering. */
export function RequireRegistrant() {
  const session = useSessionUser();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  const home = homePathFor(session.user);
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
  return <Suspense fallback={<FullPageLoader />}>{children(session.user)}</Suspense>;
}
