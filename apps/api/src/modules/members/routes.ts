import { memberListQuery, memberStatusBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { parseInput } from '../../lib/validate.js';
import type { MemberService } from './service.js';

type Member = { Params: { userId: string } };

/** The members directory (member_management, by the permission map). */
export function memberRoutes(app: FastifyInstance, deps: { members: MemberService; guards: Guards }) {
  const signedIn = { preHandler: deps.guards.authenticate };
  app.get('/api/admin/members', signedIn, async (request) =>
    ok(await deps.members.list(parseInput(memberListQuery, request.query))),
  );
  app.get<Member>('/api/admin/members/:userId', signedIn, async (request) =>
    ok(await deps.members.get(request.params.userId)),
  );
  app.post<Member>('/api/admin/members/:userId/suspend', signedIn, async (request) => {
    const { reason } = parseInput(memberStatusBody, request.body);
    return ok(await deps.members.setStatus(currentUser(request).id, request.params.userId, 'suspended', reason));
  });
  app.post<Member>('/api/admin/members/:userId/reactivate', signedIn, async (request) => {
    const { reason } = parseInput(memberStatusBody, request.body);
    return ok(await deps.members.setStatus(currentUser(request).id, request.params.userId, 'active', reason));
  });
}
