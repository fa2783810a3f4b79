import {
  exitStatuses,
  payoutBody,
  rejectPayoutBody,
  requestExitBody,
  requestWithdrawalBody,
  settleExitBody,
  withdrawalStatuses,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { parseInput } from '../../lib/validate.js';
import type { PayoutService } from './service.js';

type Id = { Params: { id: string } };

/** Exits and withdrawals: the member's calls, and the admins' (exit_requests, by the permission map). */
export function payoutRoutes(app: FastifyInstance, deps: { payouts: PayoutService; guards: Guards }) {
  const signedIn = { preHandler: deps.guards.authenticate };
  const { payouts } = deps;
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.post('/api/exits', signedIn, async (request, reply) =>
    reply.code(201).send(ok(await payouts.requestExit(me(request), parseInput(requestExitBody, request.body)))),
  );
  app.get('/api/exits/mine', signedIn, async (request) => ok(await payouts.myExits(me(request))));
  app.post<Id>('/api/exits/:id/cancel', signedIn, async (request) =>
    ok(await payouts.cancelExit(me(request), request.params.id)),
  );

  const exitQuery = z.object({ status: z.enum(exitStatuses).optional() });
  app.get('/api/admin/exits', signedIn, async (request) =>
    ok(await payouts.listExits(parseInput(exitQuery, request.query).status)),
  );
  app.post<Id>('/api/admin/exits/:id/settle', signedIn, async (request) => {
    const { earlyReason } = parseInput(settleExitBody, request.body);
    return ok(await payouts.settleExit(me(request), request.params.id, earlyReason));
  });
  app.post<Id>('/api/admin/exits/:id/approve', signedIn, async (request) =>
    ok(await payouts.approveExit(me(request), request.params.id)),
  );
  app.post<Id>('/api/admin/exits/:id/pay', signedIn, async (request) => {
    const { proofUrl } = parseInput(payoutBody, request.body);
    return ok(await payouts.payExit(me(request), request.params.id, proofUrl));
  });
  app.post<Id>('/api/admin/exits/:id/reject', signedIn, async (request) => {
    const { reason } = parseInput(rejectPayoutBody, request.body);
    return ok(await payouts.rejectExit(me(request), request.params.id, reason));
  });

  app.post('/api/withdrawals', signedIn, async (request, reply) =>
    reply
      .code(201)
      .send(ok(await payouts.requestWithdrawal(me(request), parseInput(requestWithdrawalBody, request.body)))),
  );
  app.get('/api/withdrawals/mine', signedIn, async (request) => ok(await payouts.myWithdrawals(me(request))));
  app.post<Id>('/api/withdrawals/:id/cancel', signedIn, async (request) =>
    ok(await payouts.cancelWithdrawal(me(request), request.params.id)),
  );

  const withdrawalQuery = z.object({ status: z.enum(withdrawalStatuses).optional() });
  app.get('/api/admin/withdrawals', signedIn, async (request) =>
    ok(await payouts.listWithdrawals(parseInput(withdrawalQuery, request.query).status)),
  );
  app.post<Id>('/api/admin/withdrawals/:id/approve', signedIn, async (request) =>
    ok(await payouts.approveWithdrawal(me(request), request.params.id)),
  );
  app.post<Id>('/api/admin/withdrawals/:id/pay', signedIn, async (request) => {
    const { proofUrl } = parseInput(payoutBody, request.body);
    return ok(await payouts.payWithdrawal(me(request), request.params.id, proofUrl));
  });
  app.post<Id>('/api/admin/withdrawals/:id/reject', signedIn, async (request) => {
    const { reason } = parseInput(rejectPayoutBody, request.body);
    return ok(await payouts.rejectWithdrawal(me(request), request.params.id, reason));
  });
}
