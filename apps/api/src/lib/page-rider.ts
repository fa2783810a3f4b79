import type { SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Guards, SessionRider } from './auth-guard.js';

/**
 * A page of a list read with the session check (`Guards.sessionRead`): `read` reads the page that the
 * request's row names (`r."limit"`, `r."offset"`), from the route's page query `query`. A request
 * whose page query is not valid does not ride; its handler answers the error after the session is
 * checked, as for any call. With `admins`, the page is read for an admin's session only (an admin
 * list).
 */
export function pageRider(
  guards: Guards,
  name: string,
  read: SQLWrapper,
  query: z.ZodType<{ page: number; limit: number }>,
  options: { admins?: boolean } = {},
): SessionRider {
  const readWithSession = guards.sessionRead(name, read, options);
  return (request) => {
    const parsed = query.safeParse(request.query ?? {});
    if (!parsed.success) return null;
    const { page, limit } = parsed.data;
    return readWithSession({ limit, offset: (page - 1) * limit });
  };
}
