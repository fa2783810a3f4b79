import {
  createPaymentBody,
  joinPoolBody,
  membershipView,
  myPaymentsQuery,
  myTransactionsQuery,
  pageQuery,
  paymentCountsView,
  paymentView,
  pendingPaymentView,
  poolRequestView,
  rejectedAnswer,
  rejectWithReasonBody,
  transactionView,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { notFound } from '../../lib/errors.js';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import { isUuid } from '../../lib/tokens.js';
import { investingErrors, type InvestingService } from './service.js';

function idParam(params: unknown, message: string): string {
  const id = (params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw notFound(message);
  return id;
}

export function investingRoutes(app: FastifyInstance, deps: { investing: InvestingService; guards: Guards }) {
  const { investing, guards } = deps;
  const investingRoute = signedInRoutes(guards, 'Investing');
  const reviewRoute = signedInRoutes(guards, 'Review');
  const params = z.object({ id: z.uuid() });
  const approved = z.object({ approved: z.literal(true) });
  app.get(
    '/api/payments/my-membership',
    investingRoute({
      summary: "The member's current membership (approved first, then pending, then the latest); null when none",
      data: membershipView.nullable(),
    }),
    async (request) => ok(await investing.myMembership(currentUser(request).id)),
  );

  app.post(
    '/api/payments/join-pool',
    investingRoute({
      summary: 'Ask to join an open pool',
      description:
        'The server computes the commitment and instalment from the pool and refuses figures that disagree. Needs an approved member account.',
      body: joinPoolBody,
      status: 201,
      data: membershipView,
      errors: [404, 409],
    }),
    async (request, reply) => {
      const body = parseInput(joinPoolBody, request.body);
      return reply.code(201).send(ok(await investing.join(currentUser(request), body)));
    },
  );

  app.get(
    '/api/payments/my-payments',
    investingRoute({
      summary: "The member's payments, newest first; of one type when `type` is given",
      querystring: myPaymentsQuery,
      data: z.array(paymentView),
    }),
    async (request) => {
      const query = parseInput(myPaymentsQuery, request.query);
      return ok(await investing.myPayments(currentUser(request).id, query));
    },
  );

  app.get(
    '/api/payments/my-transactions',
    investingRoute({
      summary:
        "The member's money movements, newest first: the ledger's, as on their statement, and payments not posted yet",
      querystring: myTransactionsQuery,
      data: z.array(transactionView),
    }),
    async (request) => {
      const query = parseInput(myTransactionsQuery, request.query);
      return ok(await investing.myTransactions(currentUser(request).id, query));
    },
  );

  app.get(
    '/api/payments/my-transactions/counts',
    investingRoute({
      summary: "How many money movements of each type the member has, over all of them (the transactions page's tabs)",
      data: paymentCountsView,
    }),
    async (request) => ok(await investing.myTransactionCounts(currentUser(request).id)),
  );

  app.post(
    '/api/payments/create',
    investingRoute({
      summary: 'Submit a payment with its proof, for an admin to check',
      description:
        "At most what is still owed; the method is one of the pool's; the proof is a file this member uploaded, used once.",
      body: createPaymentBody,
      status: 201,
      data: paymentView,
      errors: [404, 409],
    }),
    async (request, reply) => {
      const body = parseInput(createPaymentBody, request.body);
      return reply.code(201).send(ok(await investing.submitPayment(currentUser(request), body)));
    },
  );

  app.get(
    '/api/admin/pool-requests',
    reviewRoute({
      permission: 'investment_management',
      summary: 'Requests to join a pool waiting for a decision, oldest first',
      querystring: pageQuery,
      data: z.array(poolRequestView),
    }),
    async (request) => ok(await investing.listPoolRequests(parseInput(pageQuery, request.query))),
  );

  app.post(
    '/api/admin/pool-requests/:id/approve',
    reviewRoute({
      permission: 'investment_management',
      summary: 'Approve a request to join: its shares and a member place are taken from the pool',
      params,
      data: approved,
      errors: [409],
    }),
    async (request) => {
      await investing.approveRequest(currentUser(request).id, idParam(request.params, investingErrors.requestNotFound));
      return ok({ approved: true });
    },
  );

  app.post(
    '/api/admin/pool-requests/:id/reject',
    reviewRoute({
      permission: 'investment_management',
      summary: 'Reject a request to join, with the reason the member is told',
      params,
      body: rejectWithReasonBody,
      data: rejectedAnswer,
      errors: [409],
    }),
    async (request) => {
      const id = idParam(request.params, investingErrors.requestNotFound);
      const { reason } = parseInput(rejectWithReasonBody, request.body);
      await investing.rejectRequest(currentUser(request).id, id, reason);
      return ok({ rejected: true });
    },
  );

  app.get(
    '/api/admin/pending-payments',
    reviewRoute({
      permission: 'payment_management',
      summary: 'Payments waiting for their proof to be checked, oldest first',
      querystring: pageQuery,
      data: z.array(pendingPaymentView),
    }),
    async (request) => ok(await investing.listPendingPayments(parseInput(pageQuery, request.query))),
  );

  app.post(
    '/api/admin/payments/:id/approve',
    reviewRoute({
      permission: 'payment_management',
      summary: 'Approve a payment: it counts towards the membership and the pool, and the ledger posts it',
      params,
      data: approved,
      errors: [409],
    }),
    async (request) => {
      await investing.approvePayment(currentUser(request).id, idParam(request.params, investingErrors.paymentNotFound));
      return ok({ approved: true });
    },
  );

  app.post(
    '/api/admin/payments/:id/reject',
    reviewRoute({
      permission: 'payment_management',
      summary: 'Reject a payment, with the reason the member is told',
      params,
      body: rejectWithReasonBody,
      data: rejectedAnswer,
      errors: [409],
    }),
    async (request) => {
      const id = idParam(request.params, investingErrors.paymentNotFound);
      const { reason } = parseInput(rejectWithReasonBody, request.body);
      await investing.rejectPayment(currentUser(request).id, id, reason);
      return ok({ rejected: true });
    },
  );
}
