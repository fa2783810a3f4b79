import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { fail, ok } from '../../lib/envelope.js';
import { routeDoc } from '../../lib/openapi/route-doc.js';

export function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  const schema = routeDoc({
    tag: 'Health',
    summary: 'Whether the API answers and its database is reachable',
    isPublic: true,
    data: z.object({ status: z.literal('ok') }),
    errors: [503],
  });
  app.get('/api/health', { schema }, async (request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return ok({ status: 'ok' });
    } catch (error) {
      request.log.error({ err: error }, 'database unreachable');
      return reply.code(503).send(fail('The database is not reachable', { code: 'INTERNAL' }));
    }
  });
}
