import { startEarly } from './api-client';
import { hasSession } from './session';

/**
 * What the first screen of a page asks the API for as it opens, beyond the signed-in user. Started
 * early, these answers arrive while the page's own scripts download, not one round trip after them.
 */
const FIRST_SCREEN_CALLS: Readonly<Record<string, readonly string[]>> = {
  '/dashboard': ['/api/payments/my-membership', '/api/notifications/unread-count'],
  '/complete-registration': ['/api/auth/next-of-kin'],
};

/**
 * Starts the calls the page at `pathname` will make first, when a session is stored: the signed-in
 * user (every guard asks for it) and the page's own first calls. Each answer goes to the first call of
 * its path (`startEarly`), so nothing is fetched twice.
 */
export function startFirstScreenRequests(pathname: string): void {
  if (!hasSession()) return;
  startEarly('/api/auth/me');
  for (const path of FIRST_SCREEN_CALLS[pathname] ?? []) startEarly(path);
}
