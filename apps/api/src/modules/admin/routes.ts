import {
  pageQuery,
  pendingCounts,
  queuesFor,
  registrationDetail,
  registrationView,
  rejectedAnswer,
  rejectKinBody,
  rejectKycBody,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { toUserView } from '../auth/user-view.js';
import { isUuid } from '../../lib/tokens.js';
import { toKinView } from '../kyc/service.js';
import type { CountWaiting } from '../queues/waiting.js';
import type { ReviewService } from './review-service.js';

const kinNumber = z.coerce.number().int().min(1).max(2);

function userIdParam(params: unknown): string {
  const id = (params as { userId?: string }).userId ?? '';
  if (!isUuid(id)) throw notFound('User not found');
  return id;
}

export function adminReviewRoutes(
  app: FastifyInstance,
  deps: { review: ReviewService; guards: Guards; countWaiting: CountWaiting },
) {
  const { review, guards } = deps;
  const reviewRoute = signedInRoutes(guards, 'Review');
  const user = z.object({ userId: z.uuid() });
  const kin = z.object({ userId: z.uuid(), n: z.enum(['1', '2']).describe('The first or the second next of kin') });
  const approved = z.object({ approved: z.literal(true) });
  app.get(
    '/api/admin/dashboard/pending-counts',
    reviewRoute({
      permission: 'any_admin',
      summary: "What waits for a decision, counted for the dashboard: the queues the admin's roles decide",
      data: pendingCounts,
    }),
    async (request) => {
      const keys = queuesFor(currentUser(request)).map((queue) => queue.key);
      return ok(await deps.countWaiting(keys));
    },
  );

  app.get(
    '/api/admin/pending-kyc',
    reviewRoute({
      permission: 'member_management',
      summary: 'Registrations complete and waiting for review, oldest submission first',
      querystring: pageQuery,
      data: z.array(registrationView),
    }),
    async (request) => ok(await review.awaitingReview(parseInput(pageQuery, request.query))),
  );

  app.get(
    '/api/admin/users/:userId',
    reviewRoute({
      permission: 'member_management',
      summary: "A member's registration with their next of kin",
      params: user,
      data: registrationDetail,
    }),
    async (request) => {
      const { user, kin } = await review.getMember(userIdParam(request.params));
      return ok({
        ...toUserView(user),
        submittedAt: user.submittedAt?.toISOString() ?? null,
        nextOfKin: kin.map(toKinView),
      });
    },
  );

  app.post(
    '/api/admin/users/:userId/approve-kyc',
    reviewRoute({
      permission: 'member_management',
      summary: "Approve a member's registration: the account becomes active",
      params: user,
      data: approved,
      errors: [409],
    }),
    async (request) => {
      await review.approveKyc(currentUser(request).id, userIdParam(request.params));
      return ok({ approved: true });
    },
  );

  app.post(
    '/api/admin/users/:userId/reject-kyc',
    reviewRoute({
      permission: 'member_management',
      summary: 'Send a registration back: the fields to redo and the reason',
      params: user,
      body: rejectKycBody,
      data: rejectedAnswer,
      errors: [409],
    }),
    async (request) => {
      const body = parseInput(rejectKycBody, request.body);
      await review.rejectKyc(currentUser(request).id, userIdParam(request.params), body);
      return ok({ rejected: true });
    },
  );

  app.post(
    '/api/admin/users/:userId/nok/:n/approve',
    reviewRoute({
      permission: 'member_management',
      summary: "Approve one of a member's next of kin",
      params: kin,
      data: approved,
      errors: [409],
    }),
    async (request) => {
      const n = kinNumber.safeParse((request.params as { n: string }).n);
      if (!n.success) throw notFound('Next of kin not found');
      await review.approveKin(currentUser(request).id, userIdParam(request.params), n.data);
      return ok({ approved: true });
    },
  );

  app.post(
    '/api/admin/users/:userId/nok/:n/reject',
    reviewRoute({
      permission: 'member_management',
      summary: 'Send a next of kin back: the fields to redo and the reason',
      params: kin,
      body: rejectKinBody,
      data: rejectedAnswer,
      errors: [409],
    }),
    async (request) => {
      const n = kinNumber.safeParse((request.params as { n: string }).n);
      if (!n.success) throw notFound('Next of kin not found');
      const body = parseInput(rejectKinBody, request.body);
      await review.rejectKin(currentUser(request).id, userIdParam(request.params), n.data, body);
      return ok({ rejected: true });
    },
  );
}
