import { createPaymentBody, joinPoolBody, pageQuery, rejectWithReasonBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { isUuid } from '../auth/tokens.js';
import { investingErrors, type InvestingService } from './service.js';

function idParam(params: unknown, message: string): string {
  const id = (params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw notFound(message);
  return id;
}

export function investingRoutes(app: FastifyInstance, deps: { investing: InvestingService; guards: Guards }) {
  const { investing, guards } = deps;
  const member = { preHandler: guards.authenticate };
  // Admin roles come from the permission map (lib/permissions.ts).
  const poolManager = member;
  const cashier = member;

  app.get('/api/payments/my-membership', member, async (request) =>
    ok(await investing.myMembership(currentUser(request).id)),
  );

  app.post('/api/payments/join-pool', member, async (request, reply) => {
    const body = parseInput(joinPoolBody, request.body);
    return reply.code(201).send(ok(await investing.join(currentUser(request), body)));
  });

  app.get('/api/payments/my-payments', member, async (request) => {
    const query = parseInput(pageQuery, request.query);
    return ok(await investing.myPayments(currentUser(request).id, query));
  });

  app.post('/api/payments/create', member, async (request, reply) => {
    const body = parseInput(createPaymentBody, request.body);
    return reply.code(201).send(ok(await investing.submitPayment(currentUser(request), body)));
  });

  app.get('/api/admin/pool-requests', poolManager, async (request) =>
    ok(await investing.listPoolRequests(parseInput(pageQuery, request.query))),
  );

  app.post('/api/admin/pool-requests/:id/approve', poolManager, async (request) => {
    await investing.approveRequest(currentUser(request).id, idParam(request.params, investingErrors.requestNotFound));
    return ok({ approved: true });
  });

  app.post('/api/admin/pool-requests/:id/reject', poolManager, async (request) => {
    const id = idParam(request.params, investingErrors.requestNotFound);
    const { reason } = parseInput(rejectWithReasonBody, request.body);
    await investing.rejectRequest(currentUser(request).id, id, reason);
    return ok({ rejected: true });
  });

  app.get('/api/admin/pending-payments', cashier, async (request) =>
    ok(await investing.listPendingPayments(parseInput(pageQuery, request.query))),
  );

  app.post('/api/admin/payments/:id/approve', cashier, async (request) => {
    await investing.approvePayment(currentUser(request).id, idParam(request.params, investingErrors.paymentNotFound));
    return ok({ approved: true });
  });

  app.post('/api/admin/payments/:id/reject', cashier, async (request) => {
    const id = idParam(request.params, investingErrors.paymentNotFound);
    const { reason } = parseInput(rejectWithReasonBody, request.body);
    await investing.rejectPayment(currentUser(request).id, id, reason);
    return ok({ rejected: true });
  });
}
