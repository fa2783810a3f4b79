import { completeProfileBody, nextOfKinBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { parseInput } from '../../lib/validate.js';
import { toUserView } from '../auth/user-view.js';
import { toKinView, type KycService } from './service.js';

export function kycRoutes(app: FastifyInstance, deps: { kyc: KycService; guards: Guards }) {
  const { kyc, guards } = deps;

  app.post('/api/auth/complete-profile', { preHandler: guards.authenticate }, async (request) => {
    const body = parseInput(completeProfileBody, request.body);
    return ok(toUserView(await kyc.completeProfile(currentUser(request).id, body)));
  });

  app.get('/api/auth/next-of-kin', { preHandler: guards.authenticate }, async (request) => {
    return ok((await kyc.listNextOfKin(currentUser(request).id)).map(toKinView));
  });

  app.post('/api/auth/next-of-kin', { preHandler: guards.authenticate }, async (request, reply) => {
    const body = parseInput(nextOfKinBody, request.body);
    const saved = await kyc.saveNextOfKin(currentUser(request).id, body);
    return reply.code(201).send(ok(toKinView(saved)));
  });
}
