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
import { z } from 'zod';
import { routeDoc } from '../../lib/openapi/route-doc.js';
import { parseInput } from '../../lib/validate.js';
import { assertUuid, type CorrectionService } from './service.js';

/** Correction requests: the member's calls, and the admin's (member_management). */
export function correctionRoutes(app: FastifyInstance, deps: { corrections: CorrectionService; guards: Guards }) {
  const signedIn = { preHandler: deps.guards.authenticate };

  app.post(
    '/api/auth/corrections',
    {
      ...signedIn,
      schema: routeDoc({
        tag: 'Profile',
        summary: 'Ask for a correction of something held about the member',
        body: correctionRequestBody,
        status: 201,
        data: correctionView,
        errors: [409],
      }),
    },
    async (request, reply) => {
      const body = parseInput(correctionRequestBody, request.body);
      return reply.code(201).send(ok(await deps.corrections.request(currentUser(request).id, body)));
    },
  );

  app.get(
    '/api/auth/corrections',
    {
      ...signedIn,
      schema: routeDoc({
        tag: 'Profile',
        summary: "The member's correction requests, newest first",
        data: z.array(correctionView),
      }),
    },
    async (request) => ok(await deps.corrections.mine(currentUser(request).id)),
  );

  app.get(
    '/api/admin/corrections',
    {
      config: { permission: 'member_management' },
      ...signedIn,
      schema: routeDoc({
        tag: 'Members',
        summary: 'Correction requests waiting for an answer, oldest first',
        querystring: pageQuery,
        data: correctionPage,
      }),
    },
    async (request) => ok(await deps.corrections.pending(parseInput(pageQuery, request.query))),
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/corrections/:id/decide',
    {
      config: { permission: 'member_management' },
      ...signedIn,
      schema: routeDoc({
        tag: 'Members',
        summary: 'Answer a correction request: corrected or declined, with a word to the member',
        params: z.object({ id: z.uuid() }),
        body: decideCorrectionBody,
        data: correctionView,
        errors: [409],
      }),
    },
    async (request) => {
      const body = parseInput(decideCorrectionBody, request.body);
      return ok(await deps.corrections.decide(currentUser(request).id, assertUuid(request.params.id), body));
    },
  );
}
