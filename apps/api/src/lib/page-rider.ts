import { pageQuery } from '@letsema/domain';
import type { SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { pagePlaceholders } from '../db/page-ids.js';
import type { Guards, SessionRider } from './auth-guard.js';

/**
 * A page of a list read with the session check (`Guards.sessionRead`): `read` takes the placeholders
 * `limit` and `offset`, from the route's page query (`query`, the admin queues' by default). A request
 * whose page query is not valid does not ride; its handler answers the error after the session is
 * checked, as for any call.
 */
export function pageRider(
  guards: Guards,
  name: string,
  read: SQLWrapper,
  options: { forAdmins: boolean; query?: z.ZodType<{ page: number; limit: number }> },
): SessionRider {
  const statement = guards.sessionRead(name, read, { forAdmins: options.forAdmins });
  const schema = options.query ?? pageQuery;
  return (request) => {
    const query = schema.safeParse(request.query ?? {});
    return query.success ? { statement, values: pagePlaceholders(query.data) } : null;
  };
}

/** A page of an admin queue read with the session check (`pageRider`). */
export function adminPageRider(guards: Guards, name: string, read: SQLWrapper): SessionRider {
  return pageRider(guards, name, read, { forAdmins: true });
}
