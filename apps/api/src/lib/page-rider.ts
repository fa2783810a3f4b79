import type { SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { KeptPages } from '../db/kept-pages.js';
import { pageOf } from '../db/page-ids.js';
import { riddenValue, type Guards, type SessionRider } from './auth-guard.js';

/**
 * A page of a list read with the session check (`Guards.sessionRead`): `read` reads the page that the
 * request's row names (`r."limit"`, `r."offset"`), from the route's page query `query`; or the list's
 * pages are kept by the server (`KeptPages`), and the read writes a page only when the one held is
 * out of date. A request whose page query is not valid does not ride; its handler answers the error
 * after the session is checked, as for any call. With `admins`, the page is read for an admin's
 * session only (an admin list).
 */
export function pageRider(
  guards: Guards,
  name: string,
  read: SQLWrapper | KeptPages,
  query: z.ZodType<{ page: number; limit: number }>,
  options: { admins?: boolean } = {},
): SessionRider {
  const kept = 'fromRead' in read ? read : null;
  const readWithSession = guards.sessionRead(name, kept ? kept.ridden : (read as SQLWrapper), options);
  return (request) => {
    const parsed = query.safeParse(request.query ?? {});
    if (!parsed.success) return null;
    const page = pageOf(parsed.data);
    return readWithSession(kept ? { ...page, known: kept.known(page) } : page);
  };
}

/**
 * The page of a kept list (`KeptPages`) that rode with the session check for `query`, or undefined
 * when it did not ride or the server's page was replaced meanwhile: the handler then reads it itself.
 */
export function keptPageOf(
  request: FastifyRequest,
  kept: KeptPages,
  query: { page: number; limit: number },
): string | undefined {
  const read = riddenValue<string>(request);
  return (read === undefined ? null : kept.fromRead(pageOf(query), read)) ?? undefined;
}
