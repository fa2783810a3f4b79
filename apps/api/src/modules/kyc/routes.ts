import { completeProfileBody, kinView, nextOfKinBody, userView } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import { toUserView } from '../auth/user-view.js';
import { toKinView, type KycService } from './service.js';

export function kycRoutes(app: FastifyInstance, deps: { kyc: KycService; guards: Guards }) {
  const { kyc, guards } = deps;

  const profileRoute = signedInRoutes(guards, 'Profile');

  app.post(
    '/api/auth/complete-profile',
    profileRoute({
      summary: "Save the member's profile, photo and identity document",
      description: 'Part of registration; refused once the account is approved or while it waits for review.',
      body: completeProfileBody,
      data: userView,
      errors: [409],
    }),
    async (request) => {
      const body = parseInput(completeProfileBody, request.body);
      return ok(toUserView(await kyc.completeProfile(currentUser(request).id, body)));
    },
  );

  app.get(
    '/api/auth/next-of-kin',
    profileRoute({ summary: "The member's next of kin", data: z.array(kinView) }),
    async (request) => {
      return ok((await kyc.listNextOfKin(currentUser(request).id)).map(toKinView));
    },
  );

  app.post(
    '/api/auth/next-of-kin',
    profileRoute({
      summary: 'Save a next of kin (the first or the second)',
      description: 'Saving a kin that was asked to be redone updates it rather than adding a third.',
      body: nextOfKinBody,
      status: 201,
      data: kinView,
      errors: [409],
    }),
    async (request, reply) => {
      const body = parseInput(nextOfKinBody, request.body);
      const saved = await kyc.saveNextOfKin(currentUser(request).id, body);
      return reply.code(201).send(ok(toKinView(saved)));
    },
  );
}
