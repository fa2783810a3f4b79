import { correctionRequestBody, decideCorrectionBody, pageQuery } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { parseInput } from '../../lib/validate.js';
import { assertUuid, type CorrectionService } from './service.js';

/** Correction requests: the member's calls, and the admin's (member_management, by the permission map). */
export function correctionRoutes(app: FastifyInstance, deps: { corrections: CorrectionService; guards: Guards }) {
  const signedIn = { preHandler: deps.guards.authenticate };

  app.post('/api/auth/corrections', signedIn, async (request, reply) => {
    const body = parseInput(correctionRequestBody, request.body);
    return reply.code(201).send(ok(await deps.corrections.request(currentUser(request).id, body)));
  });

  app.get('/api/auth/corrections', signedIn, async (request) =>
    ok(await deps.corrections.mine(currentUser(request).id)),
  );

  app.get('/api/admin/corrections', signedIn, async (request) =>
    ok(await deps.corrections.pending(parseInput(pageQuery, request.query))),
  );

  app.post<{ Params: { id: string } }>('/api/admin/corrections/:id/decide', signedIn, async (request) => {
    const body = parseInput(decideCorrectionBody, request.body);
    return ok(await deps.corrections.decide(currentUser(request).id, assertUuid(request.params.id), body));
  });
}
