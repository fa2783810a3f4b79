import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearToken } from './session';

/** What a failed load of the member's own account says when the server gives no text (spec section 8). */
export const USER_LOAD_FAILED = 'Failed to load user information';

/** How long that failure stays on screen before the member is sent to sign in again (spec section 8). */
export const USER_LOAD_REDIRECT_MS = 2000;

/** The pages where a failed load of the member's own account is told before signing in again (spec section 2). */
const PAGES_TELLING_USER_LOAD_FAILURE: readonly string[] = ['/dashboard', '/profile'];

/** Whether the page at `pathname` tells a failed load of the member's own account before going to /login. */
export function tellsUserLoadFailure(pathname: string): boolean {
  return PAGES_TELLING_USER_LOAD_FAILURE.includes(pathname.replace(/\/+$/, '') || '/');
}

/**
 * Without the member's own account the session is of no use: once `isFailed`, the session ends
 * after USER_LOAD_REDIRECT_MS and the member is sent to sign in again.
 */
export function useSignInAgainAfterFailure(isFailed: boolean): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isFailed) return undefined;
    const timer = setTimeout(() => {
      clearToken();
      queryClient.clear();
      void navigate('/login', { replace: true });
    }, USER_LOAD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isFailed, navigate, queryClient]);
}
