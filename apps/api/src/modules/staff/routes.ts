import { createStaffBody, updateStaffBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { z } from 'zod';
import { staffView } from '../../lib/openapi/answers/admin.js';
import { routeDoc } from '../../lib/openapi/route-doc.js';
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
  const tag = 'Staff';
  const params = z.object({ id: z.uuid() });
  const reauth =
    "Changing roles or a password needs the acting admin's password typed again within five minutes (`POST /api/auth/reauthenticate`), else 403 `REAUTH_REQUIRED`.";

  app.get(
    '/api/admin/staff',
    { ...signedIn, schema: routeDoc({ tag, summary: 'Every staff account', data: z.array(staffView) }) },
    async () => ok((await staff.list()).map(toStaffView)),
  );

  app.post(
    '/api/admin/staff',
    {
      ...signedIn,
      schema: routeDoc({
        tag,
        summary: 'Create a staff account with its roles',
        description: `Only the super admin grants Staff Management. ${reauth}`,
        body: createStaffBody,
        status: 201,
        data: staffView,
        errors: [409],
      }),
    },
    async (request, reply) => {
      const body = parseInput(createStaffBody, request.body);
      return reply.code(201).send(ok(toStaffView(await staff.create(actorOf(request), body))));
    },
  );

  app.put(
    '/api/admin/staff/:id',
    {
      ...signedIn,
      schema: routeDoc({
        tag,
        summary: "Change a staff account's name, phone, roles or password",
        description: `Nobody changes their own roles or password here; the e-mail cannot change. ${reauth}`,
        params,
        body: updateStaffBody,
        data: staffView,
        errors: [409],
      }),
    },
    async (request) => {
      const id = staffId(request.params);
      const body = parseInput(updateStaffBody, request.body);
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return ok(
        toStaffView(await staff.update(actorOf(request), id, body, typeof email === 'string' ? email : undefined)),
      );
    },
  );

  app.post(
    '/api/admin/staff/:id/reactivate',
    {
      ...signedIn,
      schema: routeDoc({
        tag,
        summary: 'Reactivate a suspended staff account (the super admin only)',
        params,
        data: staffView,
        errors: [409],
      }),
    },
    async (request) => {
      return ok(toStaffView(await staff.reactivate(actorOf(request), staffId(request.params))));
    },
  );

  app.delete(
    '/api/admin/staff/:id',
    {
      ...signedIn,
      schema: routeDoc({
        tag,
        summary: 'Suspend a staff account: its sessions end at once',
        description: 'Nobody suspends themselves, the super admin, or the last active holder of Staff Management.',
        params,
        data: staffView,
        errors: [409],
      }),
    },
    async (request) => {
      return ok(toStaffView(await staff.suspend(actorOf(request), staffId(request.params))));
    },
  );
}
