import {
  correctionPage,
  correctionRequestBody,
  correctionView,
  decideCorrectionBody,
  pageQuery,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import { assertUuid, type CorrectionService } from './service.js';

/** Correction requests: the member's calls, and the admin's (member_management). */
export function correctionRoutes(app: FastifyInstance, deps: { corrections: CorrectionService; guards: Guards }) {
  const profileRoute = signedInRoutes(deps.guards, 'Profile');
  const membersRoute = signedInRoutes(deps.guards, 'Members');

  app.post(
    '/api/auth/corrections',
    profileRoute({
      summary: 'Ask for a correction of something held about the member',
      body: correctionRequestBody,
      status: 201,
      data: correctionView,
      errors: [409],
    }),
    async (request, reply) => {
      const body = parseInput(correctionRequestBody, request.body);
      return reply.code(201).send(ok(await deps.corrections.request(currentUser(request).id, body)));
    },
  );

  app.get(
    '/api/auth/corrections',
    profileRoute({
      summary: "The member's correction requests, newest first",
      data: z.array(correctionView),
    }),
    async (request) => ok(await deps.corrections.mine(currentUser(request).id)),
  );

  app.get(
    '/api/admin/corrections',
    membersRoute({
      permission: 'member_management',
      summary: 'Correction requests waiting for an answer, oldest first',
      querystring: pageQuery,
      data: correctionPage,
    }),
    async (request) => ok(await deps.corrections.pending(parseInput(pageQuery, request.query))),
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/corrections/:id/decide',
    membersRoute({
      permission: 'member_management',
      summary: 'Answer a correction request: corrected or declined, with a word to the member',
      params: z.object({ id: z.uuid() }),
      body: decideCorrectionBody,
      data: correctionView,
      errors: [409],
    }),
    async (request) => {
      const body = parseInput(decideCorrectionBody, request.body);
      return ok(await deps.corrections.decide(currentUser(request).id, assertUuid(request.params.id), body));
    },
  );
}
