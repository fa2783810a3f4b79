import { createStaffBody, updateStaffBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { isUuid } from '../auth/tokens.js';
import type { FastifyRequest } from 'fastify';
import { staffErrors, toStaffView, type StaffActor, type StaffService } from './service.js';

function actorOf(request: FastifyRequest): StaffActor {
  const user = currentUser(request);
  return { id: user.id, isSuperAdmin: user.isSuperAdmin, sessionId: request.auth!.sessionId };
}

function staffId(params: unknown): string {
  const id = (params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw notFound(staffErrors.notFound);
  return id;
}

/** Staff management; the staff_management role is required by the permission map. */
export function staffRoutes(app: FastifyInstance, deps: { staff: StaffService; guards: Guards }) {
  const { staff, guards } = deps;
  const signedIn = { preHandler: guards.authenticate };

  app.get('/api/admin/staff', signedIn, async () => ok((await staff.list()).map(toStaffView)));

  app.post('/api/admin/staff', signedIn, async (request, reply) => {
    const body = parseInput(createStaffBody, request.body);
    return reply.code(201).send(ok(toStaffView(await staff.create(actorOf(request), body))));
  });

  app.put('/api/admin/staff/:id', signedIn, async (request) => {
    const id = staffId(request.params);
    const body = parseInput(updateStaffBody, request.body);
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return ok(
      toStaffView(await staff.update(actorOf(request), id, body, typeof email === 'string' ? email : undefined)),
    );
  });

  app.post('/api/admin/staff/:id/reactivate', signedIn, async (request) => {
    return ok(toStaffView(await staff.reactivate(actorOf(request), staffId(request.params))));
  });

  app.delete('/api/admin/staff/:id', signedIn, async (request) => {
    return ok(toStaffView(await staff.suspend(actorOf(request), staffId(request.params))));
  });
}
