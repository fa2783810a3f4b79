import { sql } from 'drizzle-orm';
import { booksClockView, dayOf } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { fail, ok } from '../../lib/envelope.js';
import { publicRoutes } from '../../lib/route-options.js';

export function healthRoutes(app: FastifyInstance, deps: { db: Db; booksClock: () => Date; clockOffsetDays: number }) {
  const healthRoute = publicRoutes('Health');
  const options = healthRoute({
    summary: 'Whether the API answers and its database is reachable',
    data: z.object({ status: z.literal('ok') }),
    errors: [503],
  });
  app.get('/api/health', options, async (request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return ok({ status: 'ok' });
    } catch (error) {
      request.log.error({ err: error }, 'database unreachable');
      return reply.code(503).send(fail('The database is not reachable', { code: 'INTERNAL' }));
    }
  });

  // The day the books are at: the browser checks dates against it, and says so while it is moved.
  app.get(
    '/api/clock',
    healthRoute({
      summary: "The books' day and how far CLOCK_OFFSET_DAYS moves it",
      description: '`offsetDays` is 0 except on a copy of the data where a month end is rehearsed.',
      data: booksClockView,
    }),
    async () => ok({ day: dayOf(deps.booksClock()), offsetDays: deps.clockOffsetDays }),
  );
}
