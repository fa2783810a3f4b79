import { useCurrentUser, type CurrentUser } from '../lib/current-user';
import { hasSession } from '../lib/session';

export type SessionUserState =
  | { status: 'loading' }
  /** No session, or the user could not be loaded (`error` then says why). */
  | { status: 'signed-out'; error?: unknown }
  | { status: 'ready'; user: CurrentUser };

/** Where the current session stands: still loading the user, signed out (or the load failed), or ready. */
export function useSessionUser(): SessionUserState {
  const query = useCurrentUser();
  if (!hasSession()) return { status: 'signed-out' };
  if (query.data) return { status: 'ready', user: query.data };
  if (query.isError) return { status: 'signed-out', error: query.error };
  return { status: 'loading' };
}
