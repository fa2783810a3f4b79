import { auditQuery } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { parseInput } from '../../lib/validate.js';
import type { AuditService } from './service.js';

/** The audit viewer's calls; the `audit` role (or the super admin) is required by the permission map. */
export function auditRoutes(app: FastifyInstance, deps: { audit: AuditService; guards: Guards }) {
  const signedIn = { preHandler: deps.guards.authenticate };

  app.get('/api/admin/audit', signedIn, async (request) =>
    ok(await deps.audit.list(parseInput(auditQuery, request.query))),
  );

  app.get('/api/admin/audit/export', signedIn, async (request, reply) => {
    const csv = await deps.audit.exportCsv(parseInput(auditQuery, request.query));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="letsema-audit-${day}.csv"`)
      .send(csv);
  });
}
