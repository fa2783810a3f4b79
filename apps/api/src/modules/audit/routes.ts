import { auditPage, auditQuery } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { parseInput } from '../../lib/validate.js';
import type { AuditService } from './service.js';

/** The audit viewer's calls; the `audit` role (or the super admin) is required by each route. */
export function auditRoutes(app: FastifyInstance, deps: { audit: AuditService; guards: Guards }) {
  const auditRoute = signedInRoutes(deps.guards, 'Audit');

  app.get(
    '/api/admin/audit',
    auditRoute({
      permission: 'audit',
      summary: 'The audit log, filtered, newest first, a page at a time',
      description: 'Dates are days in Johannesburg; `actor` is an account id or e-mail.',
      querystring: auditQuery,
      data: auditPage,
    }),
    async (request) => ok(await deps.audit.list(parseInput(auditQuery, request.query))),
  );

  app.get(
    '/api/admin/audit/export',
    auditRoute({
      permission: 'audit',
      summary: 'The filtered audit log as CSV (newest first)',
      description: 'A cell that a spreadsheet would read as a formula starts with an apostrophe.',
      querystring: auditQuery,
      file: { contentTypes: ['text/csv'], description: 'The CSV, as an attachment' },
    }),
    async (request, reply) => {
      const csv = await deps.audit.exportCsv(parseInput(auditQuery, request.query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="letsema-audit-${day}.csv"`)
        .send(csv);
    },
  );
}
