import {
  memberDetail,
  memberDirectoryPage,
  type MemberListQuery,
  memberListQuery,
  memberStatusBody,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards, type SessionRider } from '../../lib/auth-guard.js';
import { keptPageOf, pageRider } from '../../lib/page-rider.js';
import { ok, sendOkJson } from '../../lib/envelope.js';
import { z } from 'zod';
import { routeDoc } from '../../lib/openapi/route-doc.js';
import { parseInput } from '../../lib/validate.js';
import type { MemberService } from './service.js';

type Member = { Params: { userId: string } };

/** The members directory (member_management, by the permission map). */
export function memberRoutes(app: FastifyInstance, deps: { members: MemberService; guards: Guards }) {
  const signedIn = { preHandler: deps.guards.authenticate };
  const tag = 'Members';
  const params = z.object({ userId: z.uuid() });
  // The whole directory, as it opens, is read with the session check in one statement, prepared once
  // per sort and order, from pages the server keeps; a search or a filter is read after the check.
  const unfilteredRiders = new Map<string, SessionRider>();
  const pagesOf = (query: MemberListQuery) => deps.members.unfilteredPages(query.sort, query.order);
  const directoryWithSession: SessionRider = (request) => {
    const parsed = memberListQuery.safeParse(request.query ?? {});
    if (!parsed.success || !deps.members.unfiltered(parsed.data)) return null;
    const key = `${parsed.data.sort}_${parsed.data.order}`;
    let rider = unfilteredRiders.get(key);
    if (!rider) {
      rider = pageRider(deps.guards, `members_directory_with_session_${key}`, pagesOf(parsed.data), memberListQuery, {
        admins: true,
      });
      unfilteredRiders.set(key, rider);
    }
    return rider(request);
  };
  app.get(
    '/api/admin/members',
    {
      ...signedIn,
      config: { writesNoAudit: true, sessionRider: directoryWithSession },
      schema: routeDoc({
        tag,
        summary: 'The members directory: search, filters, sorting and pages',
        description:
          'The search reads names, e-mail addresses, phone numbers and only the last four digits of ID numbers.',
        querystring: memberListQuery,
        data: memberDirectoryPage,
      }),
    },
    async (request, reply) => {
      const query = parseInput(memberListQuery, request.query);
      const read = deps.members.unfiltered(query) ? keptPageOf(request, pagesOf(query), query) : undefined;
      return sendOkJson(
        reply,
        read === undefined ? await deps.members.listJson(query) : deps.members.answerFromRead(query, read),
      );
    },
  );
  app.get<Member>(
    '/api/admin/members/:userId',
    {
      ...signedIn,
      schema: routeDoc({
        tag,
        summary: "A member's page: their money, exits, withdrawals and audit trail",
        params,
        data: memberDetail,
      }),
    },
    async (request) => ok(await deps.members.get(request.params.userId)),
  );
  app.post<Member>(
    '/api/admin/members/:userId/suspend',
    {
      ...signedIn,
      schema: routeDoc({
        tag,
        summary: 'Suspend a member with a reason they are told; their sessions end',
        params,
        body: memberStatusBody,
        data: memberDetail,
        errors: [409],
      }),
    },
    async (request) => {
      const { reason } = parseInput(memberStatusBody, request.body);
      return ok(await deps.members.setStatus(currentUser(request).id, request.params.userId, 'suspended', reason));
    },
  );
  app.post<Member>(
    '/api/admin/members/:userId/reactivate',
    {
      ...signedIn,
      schema: routeDoc({
        tag,
        summary: 'Reactivate a suspended member with a reason they are told',
        params,
        body: memberStatusBody,
        data: memberDetail,
        errors: [409],
      }),
    },
    async (request) => {
      const { reason } = parseInput(memberStatusBody, request.body);
      return ok(await deps.members.setStatus(currentUser(request).id, request.params.userId, 'active', reason));
    },
  );
}
