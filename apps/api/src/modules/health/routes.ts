import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { fail, ok } from '../../lib/envelope.js';

export function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get('/api/health', async (request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return ok({ status: 'ok' });
    } catch (error) {
      request.log.error({ err: error }, 'database unreachable');
      return reply.code(503).send(fail('The database is not reachable', { code: 'INTERNAL' }));
    }
  });
}
