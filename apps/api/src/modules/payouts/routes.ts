import {
  exitStatuses,
  exitView,
  myWithdrawals,
  payoutBody,
  rejectPayoutBody,
  requestExitBody,
  requestWithdrawalBody,
  settleExitBody,
  withdrawalStatuses,
  withdrawalView,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { parseInput } from '../../lib/validate.js';
import type { PayoutService } from './service.js';

type Id = { Params: { id: string } };

/** Exits and withdrawals: the member's calls, and the admins' (exit_requests). */
export function payoutRoutes(app: FastifyInstance, deps: { payouts: PayoutService; guards: Guards }) {
  const { payouts } = deps;
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;
  // A payout request needs the session's fresh proof of identity: the service checks it on the session.
  const asker = (request: Parameters<typeof currentUser>[0]) => ({
    id: currentUser(request).id,
    sessionId: request.auth!.sessionId,
  });
  const freshProof =
    "Needs the member's password (or code) typed again within five minutes (`POST /api/auth/reauthenticate`), else 403 `REAUTH_REQUIRED`; paid into the member's payout account (409 without one). The member is told at once, in the app and by e-mail.";
  const member = signedInRoutes(deps.guards, 'Exits and withdrawals');
  const admin = signedInRoutes(deps.guards, 'Payouts');
  const params = z.object({ id: z.uuid() });
  const makerChecker = 'Whoever prepared or approved a step never takes the next one (403 `MAKER_CHECKER`).';
  const payoutAccountRule =
    "Paid into the member's payout account: 409 when they have none or changed it less than 48 hours ago, and 409 for a proof attached to another payout.";

  app.post(
    '/api/exits',
    member({
      summary: 'Give notice to leave a pool, with a reason; the notice runs 90 days',
      description: freshProof,
      body: requestExitBody,
      status: 201,
      data: exitView,
      errors: [404, 409],
    }),
    async (request, reply) =>
      reply.code(201).send(ok(await payouts.requestExit(asker(request), parseInput(requestExitBody, request.body)))),
  );
  app.get(
    '/api/exits/mine',
    member({ summary: "The member's exits, newest first", data: z.array(exitView) }),
    async (request) => ok(await payouts.myExits(me(request))),
  );
  app.post<Id>(
    '/api/exits/:id/cancel',
    member({ summary: 'Withdraw a notice before it is paid', params, data: exitView, errors: [409] }),
    async (request) => ok(await payouts.cancelExit(me(request), request.params.id)),
  );

  const exitQuery = z.object({ status: z.enum(exitStatuses).optional() });
  app.get(
    '/api/admin/exits',
    admin({
      permission: 'exit_requests',
      summary: 'Exits, oldest first: those still open, or those of one status',
      querystring: exitQuery,
      data: z.array(exitView),
    }),
    async (request) => ok(await payouts.listExits(parseInput(exitQuery, request.query).status)),
  );
  app.post<Id>(
    '/api/admin/exits/:id/settle',
    admin({
      permission: 'exit_requests',
      summary: 'Prepare the settlement: capital and allocated returns less the exit fee, at a closed month end',
      description: 'Before the notice is over only as an early exit, with a reason; an early exit needs two approvers.',
      params,
      body: settleExitBody,
      data: exitView,
      errors: [409],
    }),
    async (request) => {
      const { earlyReason } = parseInput(settleExitBody, request.body);
      return ok(await payouts.settleExit(me(request), request.params.id, earlyReason));
    },
  );
  app.post<Id>(
    '/api/admin/exits/:id/approve',
    admin({
      permission: 'exit_requests',
      summary: 'Approve a settlement',
      description: makerChecker,
      params,
      data: exitView,
      errors: [409],
    }),
    async (request) => ok(await payouts.approveExit(me(request), request.params.id)),
  );
  app.post<Id>(
    '/api/admin/exits/:id/pay',
    admin({
      permission: 'exit_requests',
      summary: 'Mark an exit paid with the proof of transfer: the ledger posts it and the shares go back to the pool',
      description: `${makerChecker} ${payoutAccountRule}`,
      params,
      body: payoutBody,
      data: exitView,
      errors: [409],
    }),
    async (request) => {
      const { proofUrl } = parseInput(payoutBody, request.body);
      return ok(await payouts.payExit(me(request), request.params.id, proofUrl));
    },
  );
  app.post<Id>(
    '/api/admin/exits/:id/reject',
    admin({
      permission: 'exit_requests',
      summary: 'Refuse an exit with a reason',
      params,
      body: rejectPayoutBody,
      data: exitView,
      errors: [409],
    }),
    async (request) => {
      const { reason } = parseInput(rejectPayoutBody, request.body);
      return ok(await payouts.rejectExit(me(request), request.params.id, reason));
    },
  );

  app.post(
    '/api/withdrawals',
    member({
      summary: "Ask to withdraw allocated returns (never capital) into the member's payout account",
      description: freshProof,
      body: requestWithdrawalBody,
      status: 201,
      data: withdrawalView,
      errors: [404, 409],
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await payouts.requestWithdrawal(asker(request), parseInput(requestWithdrawalBody, request.body)))),
  );
  app.get(
    '/api/withdrawals/mine',
    member({ summary: "The member's withdrawals and what they may still withdraw", data: myWithdrawals }),
    async (request) => ok(await payouts.myWithdrawals(me(request))),
  );
  app.post<Id>(
    '/api/withdrawals/:id/cancel',
    member({ summary: 'Cancel a withdrawal before it is paid', params, data: withdrawalView, errors: [409] }),
    async (request) => ok(await payouts.cancelWithdrawal(me(request), request.params.id)),
  );

  const withdrawalQuery = z.object({ status: z.enum(withdrawalStatuses).optional() });
  app.get(
    '/api/admin/withdrawals',
    admin({
      permission: 'exit_requests',
      summary: 'Withdrawals, oldest first: those still open, or those of one status',
      querystring: withdrawalQuery,
      data: z.array(withdrawalView),
    }),
    async (request) => ok(await payouts.listWithdrawals(parseInput(withdrawalQuery, request.query).status)),
  );
  app.post<Id>(
    '/api/admin/withdrawals/:id/approve',
    admin({
      permission: 'exit_requests',
      summary: 'Approve a withdrawal',
      description: makerChecker,
      params,
      data: withdrawalView,
      errors: [409],
    }),
    async (request) => ok(await payouts.approveWithdrawal(me(request), request.params.id)),
  );
  app.post<Id>(
    '/api/admin/withdrawals/:id/pay',
    admin({
      permission: 'exit_requests',
      summary: 'Mark a withdrawal paid with the proof of transfer; the ledger posts it',
      description: `${makerChecker} ${payoutAccountRule}`,
      params,
      body: payoutBody,
      data: withdrawalView,
      errors: [409],
    }),
    async (request) => {
      const { proofUrl } = parseInput(payoutBody, request.body);
      return ok(await payouts.payWithdrawal(me(request), request.params.id, proofUrl));
    },
  );
  app.post<Id>(
    '/api/admin/withdrawals/:id/reject',
    admin({
      permission: 'exit_requests',
      summary: 'Refuse a withdrawal with a reason',
      params,
      body: rejectPayoutBody,
      data: withdrawalView,
      errors: [409],
    }),
    async (request) => {
      const { reason } = parseInput(rejectPayoutBody, request.body);
      return ok(await payouts.rejectWithdrawal(me(request), request.params.id, reason));
    },
  );
}
