import {
  approvedAssistedReset,
  assistedResetCompleteBody,
  assistedResetMessages,
  assistedResetView,
  rejectedAnswer,
  resetAnswer,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { publicRoutes, signedInRoutes } from '../../lib/route-options.js';
import { parseInput } from '../../lib/validate.js';
import type { AssistedResetService } from './assisted-reset.js';
import { isUuid } from '../../lib/tokens.js';

function idOf(params: unknown, key: 'id' | 'userId', message: string): string {
  const id = (params as Record<string, string | undefined>)[key] ?? '';
  if (!isUuid(id)) throw notFound(message);
  return id;
}

/** Assisted password resets: started and decided by member_management admins, finished by the member. */
export function assistedResetRoutes(
  app: FastifyInstance,
  deps: { assistedReset: AssistedResetService; guards: Guards },
) {
  const { assistedReset } = deps;
  const membersRoute = signedInRoutes(deps.guards, 'Members');
  const signInRoute = publicRoutes('Sign-in');
  const decide =
    'A second admin with Member Management decides: not the one who started it, nor the member (403 `MAKER_CHECKER`).';

  app.post(
    '/api/admin/members/:userId/assisted-reset',
    membersRoute({
      permission: 'member_management',
      summary: 'Start a password reset for a member who cannot read their e-mail',
      description: `For a member (not an admin) whose identity was checked in person. ${decide} An earlier reset of the member stops counting.`,
      params: z.object({ userId: z.uuid() }),
      status: 201,
      data: assistedResetView,
    }),
    async (request, reply) => {
      const memberId = idOf(request.params, 'userId', assistedResetMessages.memberOnly);
      return reply.code(201).send(ok(await assistedReset.start(currentUser(request).id, memberId)));
    },
  );

  app.get(
    '/api/admin/assisted-resets',
    membersRoute({
      permission: 'member_management',
      summary: 'Assisted resets waiting for a second admin, and approved ones not used yet',
      data: z.array(assistedResetView),
    }),
    async () => ok(await assistedReset.list()),
  );

  app.post(
    '/api/admin/assisted-resets/:id/approve',
    membersRoute({
      permission: 'member_management',
      summary: 'Approve an assisted reset: answers the one-time code, once',
      description: `${decide} The code (24 hours, only its hash kept) is given to the member, who sets a new password with it at \`/assisted-reset\`.`,
      params: z.object({ id: z.uuid() }),
      data: approvedAssistedReset,
    }),
    async (request) =>
      ok(
        await assistedReset.approve(
          currentUser(request).id,
          idOf(request.params, 'id', assistedResetMessages.notWaiting),
        ),
      ),
  );

  app.post(
    '/api/admin/assisted-resets/:id/reject',
    membersRoute({
      permission: 'member_management',
      summary: 'Refuse an assisted reset',
      description: decide,
      params: z.object({ id: z.uuid() }),
      data: rejectedAnswer,
    }),
    async (request) =>
      ok(
        await assistedReset.reject(
          currentUser(request).id,
          idOf(request.params, 'id', assistedResetMessages.notWaiting),
        ),
      ),
  );

  app.post(
    '/api/auth/assisted-reset',
    signInRoute({
      summary: 'Set a new password with the one-time code the cooperative gave; every session ends',
      description:
        'The same strength rules as registration; `code` (authenticator app or recovery code) is required when two-factor sign-in is on. A wrong, used or expired code, or another address, answer alike; five tries an hour per address.',
      body: assistedResetCompleteBody,
      data: resetAnswer,
      errors: [429],
    }),
    async (request) => {
      const body = parseInput(assistedResetCompleteBody, request.body);
      return ok(await assistedReset.complete(body, request.ip));
    },
  );
}
