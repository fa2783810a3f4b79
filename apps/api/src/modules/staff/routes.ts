import {
  acceptedInvitation,
  acceptStaffInvitationBody,
  createStaffBody,
  sentAnswer,
  staffInvitationBody,
  staffInvitationView,
  staffMessages,
  staffView,
  updateStaffBody,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { z } from 'zod';
import { publicRoutes, signedInRoutes } from '../../lib/route-options.js';
import { parseInput } from '../../lib/validate.js';
import { isUuid } from '../../lib/tokens.js';
import type { FastifyRequest } from 'fastify';
import type { StaffInvitationService } from './invitations.js';
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

/** Staff management; the staff_management role is required by each route. */
export function staffRoutes(
  app: FastifyInstance,
  deps: { staff: StaffService; invitations: StaffInvitationService; guards: Guards },
) {
  const { staff, invitations, guards } = deps;
  const staffRoute = signedInRoutes(guards, 'Staff');
  const publicRoute = publicRoutes('Staff');
  const params = z.object({ id: z.uuid() });
  const reauth =
    "Inviting, changing roles, and approving roles need the acting admin's password typed again within five minutes (`POST /api/auth/reauthenticate`), else 403 `REAUTH_REQUIRED`.";
  const checked =
    'Giving a money role (payment, expense, investment, month end, exits, loans) or Staff Management waits for a second admin with Staff Management, neither the maker nor the admin concerned, to approve (`pendingGrant`); while the super admin is the only staff manager, their grants take effect at once (bootstrap, audited).';

  app.get(
    '/api/admin/staff',
    staffRoute({ permission: 'staff_management', summary: 'Every staff account', data: z.array(staffView) }),
    async () => ok((await staff.list()).map(toStaffView)),
  );

  app.post(
    '/api/auth/staff-invitation',
    publicRoute({
      summary: "Read an admin invitation from its link's token",
      description:
        'While two-factor is required for admins, also starts its set-up (a new secret each time). An unknown, used or expired link answers 404 with one message. Limited per address like sign-in.',
      body: staffInvitationBody,
      data: staffInvitationView,
      errors: [404, 429],
    }),
    async (request) => ok(await invitations.read(parseInput(staffInvitationBody, request.body), request.ip)),
  );

  app.post(
    '/api/auth/staff-invitation/accept',
    publicRoute({
      summary: 'Accept an admin invitation: choose a password, turn on two-factor, sign in',
      description:
        'The link works once, for 72 hours. The roles in effect are those already approved; others follow when approved.',
      body: acceptStaffInvitationBody,
      data: acceptedInvitation,
      errors: [404, 429],
    }),
    async (request) => ok(await invitations.accept(parseInput(acceptStaffInvitationBody, request.body), request.ip)),
  );

  app.post(
    '/api/admin/staff',
    staffRoute({
      permission: 'staff_management',
      summary: 'Invite an admin: an e-mailed single-use link lets them choose their own password',
      description: `No password is taken. Only the super admin grants Staff Management. ${checked} ${reauth}`,
      body: createStaffBody,
      status: 201,
      data: staffView,
      errors: [409],
    }),
    async (request, reply) => {
      const body = parseInput(createStaffBody, request.body);
      return reply.code(201).send(ok(toStaffView(await staff.create(actorOf(request), body))));
    },
  );

  app.put(
    '/api/admin/staff/:id',
    staffRoute({
      permission: 'staff_management',
      summary: "Change a staff account's name, phone or roles",
      description: `Nobody changes their own roles here; the e-mail cannot change. No password is taken (400): a staff manager sends the admin a reset link instead (\`POST /api/admin/staff/{id}/password-reset\`). ${checked} ${reauth}`,
      params,
      body: updateStaffBody,
      data: staffView,
      errors: [409],
    }),
    async (request) => {
      const id = staffId(request.params);
      const body = parseInput(updateStaffBody, request.body);
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return ok(
        toStaffView(await staff.update(actorOf(request), id, body, typeof email === 'string' ? email : undefined)),
      );
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/staff/grants/:id/${decision}`,
      staffRoute({
        permission: 'staff_management',
        summary:
          decision === 'approve' ? 'Approve roles waiting for a second admin' : 'Refuse roles waiting for approval',
        description: `Refused (403 \`MAKER_CHECKER\`) to the admin who asked and to the admin the roles are for; a decided grant answers 409.${decision === 'approve' ? ` ${reauth}` : ''}`,
        params,
        data: staffView,
        errors: [409],
      }),
      async (request) => {
        const id = (request.params as { id?: string }).id ?? '';
        if (!isUuid(id)) throw notFound(staffMessages.grantNotFound);
        return ok(toStaffView(await staff.decideGrant(actorOf(request), id, decision)));
      },
    );
  }

  app.post(
    '/api/admin/staff/:id/invitation',
    staffRoute({
      permission: 'staff_management',
      summary: 'Send an invited admin a new link (the earlier ones stop working)',
      params,
      data: staffView,
      errors: [409],
    }),
    async (request) => ok(toStaffView(await staff.reinvite(actorOf(request), staffId(request.params)))),
  );

  app.post(
    '/api/admin/staff/:id/password-reset',
    staffRoute({
      permission: 'staff_management',
      summary: 'E-mail an admin a link to choose a new password',
      description:
        "The admin's own reset link (30 minutes, once), sent to their address: the staff manager never sees it nor the password chosen with it, and nobody sets another admin's password. Not for oneself (Settings), an admin still invited (send the invitation again), or a suspended one; only the super admin for the super admin. Three an hour per admin, counted with the admin's own requests.",
      params,
      data: sentAnswer,
      errors: [409, 429],
    }),
    async (request) => ok(await staff.sendPasswordReset(actorOf(request), staffId(request.params))),
  );

  app.post(
    '/api/admin/staff/:id/reactivate',
    staffRoute({
      permission: 'staff_management',
      summary: 'Reactivate a suspended staff account (the super admin only)',
      params,
      data: staffView,
      errors: [409],
    }),
    async (request) => ok(toStaffView(await staff.reactivate(actorOf(request), staffId(request.params)))),
  );

  app.delete(
    '/api/admin/staff/:id',
    staffRoute({
      permission: 'staff_management',
      summary: 'Suspend a staff account: its sessions end at once',
      description: 'Nobody suspends themselves, the super admin, or the last active holder of Staff Management.',
      params,
      data: staffView,
      errors: [409],
    }),
    async (request) => ok(toStaffView(await staff.suspend(actorOf(request), staffId(request.params)))),
  );
}
