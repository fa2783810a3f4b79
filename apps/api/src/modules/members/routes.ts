import { memberDetail, memberDirectoryPage, memberListQuery, memberStatusBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import type { MemberService } from './service.js';

type Member = { Params: { userId: string } };

/** The members directory (member_management). */
export function memberRoutes(app: FastifyInstance, deps: { members: MemberService; guards: Guards }) {
  const membersRoute = signedInRoutes(deps.guards, 'Members');
  const params = z.object({ userId: z.uuid() });
  app.get(
    '/api/admin/members',
    membersRoute({
      permission: 'member_management',
      summary: 'The members directory: search, filters, sorting and pages',
      description:
        'The search reads names, e-mail addresses, phone numbers and only the last four digits of ID numbers.',
      querystring: memberListQuery,
      data: memberDirectoryPage,
    }),
    async (request) => ok(await deps.members.list(parseInput(memberListQuery, request.query))),
  );
  app.get<Member>(
    '/api/admin/members/:userId',
    membersRoute({
      permission: 'member_management',
      summary: "A member's page: their money, exits, withdrawals and audit trail",
      params,
      data: memberDetail,
    }),
    async (request) => ok(await deps.members.get(request.params.userId)),
  );
  app.post<Member>(
    '/api/admin/members/:userId/suspend',
    membersRoute({
      permission: 'member_management',
      summary: 'Suspend a member with a reason they are told; their sessions end',
      params,
      body: memberStatusBody,
      data: memberDetail,
      errors: [409],
    }),
    async (request) => {
      const { reason } = parseInput(memberStatusBody, request.body);
      return ok(await deps.members.setStatus(currentUser(request).id, request.params.userId, 'suspended', reason));
    },
  );
  app.post<Member>(
    '/api/admin/members/:userId/reactivate',
    membersRoute({
      permission: 'member_management',
      summary: 'Reactivate a suspended member with a reason they are told',
      params,
      body: memberStatusBody,
      data: memberDetail,
      errors: [409],
    }),
    async (request) => {
      const { reason } = parseInput(memberStatusBody, request.body);
      return ok(await deps.members.setStatus(currentUser(request).id, request.params.userId, 'active', reason));
    },
  );
}
