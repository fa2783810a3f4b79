import {
  arrearsListQuery,
  arrearsPage,
  contributionRegisterPage,
  contributionRegisterQuery,
  myContributionsView,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { parseInput } from '../../lib/validate.js';
import type { ContributionService } from './service.js';

/**
 * The contribution calendar: the member's own, and the payments desk's register and arrears list
 * (payment_management).
 */
export function contributionRoutes(app: FastifyInstance, deps: { contributions: ContributionService; guards: Guards }) {
  const { contributions } = deps;
  const investingRoute = signedInRoutes(deps.guards, 'Investing');
  const reviewRoute = signedInRoutes(deps.guards, 'Review');
  const standing =
    "Payments fill the instalments oldest first. An instalment not paid in full is overdue from the day after its due date, judged on the books' day.";

  app.get(
    '/api/payments/my-contributions',
    investingRoute({
      summary: "The member's contribution calendars: the next amount and its date, and what is overdue",
      description: `One calendar per approved membership of a pool that takes payments; none when the member has none. ${standing}`,
      data: myContributionsView,
    }),
    async (request) => ok(await contributions.mine(currentUser(request).id)),
  );

  app.get(
    '/api/admin/contributions',
    reviewRoute({
      permission: 'payment_management',
      summary: 'The contributions register: the instalments due in a month, member by member, with totals',
      description: `The month is the books' month unless given. The totals cover everything that matches the filters, not only the page. ${standing}`,
      querystring: contributionRegisterQuery,
      data: contributionRegisterPage,
    }),
    async (request) => ok(await contributions.register(parseInput(contributionRegisterQuery, request.query))),
  );

  app.get(
    '/api/admin/contributions/export',
    reviewRoute({
      permission: 'payment_management',
      summary: 'Everything in the contributions register that matches, as CSV',
      description: 'Amounts as rand; members by name and member number, never their ID numbers.',
      querystring: contributionRegisterQuery,
      file: { contentTypes: ['text/csv'], description: 'The CSV, as an attachment' },
    }),
    async (request, reply) => {
      const { month, csv } = await contributions.exportRegister(parseInput(contributionRegisterQuery, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="letsema-contributions-${month}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/admin/arrears',
    reviewRoute({
      permission: 'payment_management',
      summary: 'The members behind with their contributions: how much, since when, the longest behind first',
      querystring: arrearsListQuery,
      data: arrearsPage,
    }),
    async (request) => ok(await contributions.arrears(parseInput(arrearsListQuery, request.query))),
  );
}
