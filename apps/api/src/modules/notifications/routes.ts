import { listNotificationsQuery, notificationPage, notificationView } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, riddenValue, type Guards } from '../../lib/auth-guard.js';
import { pageRider } from '../../lib/page-rider.js';
import { ok, sendOkJson } from '../../lib/envelope.js';
import { unauthenticated } from '../../lib/errors.js';
import { z } from 'zod';
import { routeDoc } from '../../lib/openapi/route-doc.js';
import { parseInput } from '../../lib/validate.js';
import type { NotificationService } from './service.js';

export function notificationRoutes(app: FastifyInstance, deps: { notifications: NotificationService; guards: Guards }) {
  const { notifications, guards } = deps;
  const signedIn = { preHandler: guards.authenticate };
  const tag = 'Notifications';
  // The list of notifications is read with the session check, in one round trip.
  const pageWithSession = pageRider(
    guards,
    'notifications_page_with_session',
    notifications.pageWithTotal,
    listNotificationsQuery,
  );

  app.get(
    '/api/notifications',
    {
      ...signedIn,
      config: { writesNoAudit: true, sessionRider: pageWithSession },
      schema: routeDoc({
        tag,
        summary: "The account's notifications, newest first, a page at a time",
        querystring: listNotificationsQuery,
        data: notificationPage,
      }),
    },
    async (request, reply) => {
      const query = parseInput(listNotificationsQuery, request.query);
      const read = riddenValue<string>(request);
      const page =
        read === undefined
          ? await notifications.listNotificationsJson(currentUser(request).id, query)
          : notifications.pageAnswer(query, read);
      return sendOkJson(reply, page);
    },
  );

  // Checks the token and the session itself, in the same query as the count (see the service).
  app.get(
    '/api/notifications/unread-count',
    {
      config: { writesNoAudit: true },
      schema: routeDoc({
        tag,
        summary: 'How many notifications are unread (the bell polls it)',
        description: 'Checks the token and its session in the same query as the count; it never moves the session on.',
        data: z.object({ count: z.number().int().min(0) }),
      }),
    },
    async (request) => {
      const claims = await guards.verifyBearer(request);
      const unread = claims ? await notifications.countUnreadForSession(claims) : null;
      if (unread === null) throw unauthenticated('Your session has ended. Please sign in again.');
      if (unread.isAdmin) guards.checkAdminSecondFactor(unread);
      return ok({ count: unread.count });
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/notifications/:id/read',
    {
      ...signedIn,
      schema: routeDoc({
        tag,
        summary: 'Mark one notification read',
        params: z.object({ id: z.uuid() }),
        data: notificationView,
      }),
    },
    async (request) => {
      return ok(await notifications.markRead(currentUser(request).id, request.params.id));
    },
  );

  app.post(
    '/api/notifications/mark-all-read',
    {
      ...signedIn,
      schema: routeDoc({
        tag,
        summary: 'Mark every notification read',
        data: z.object({ updated: z.number().int().min(0).describe('How many were unread') }),
      }),
    },
    async (request) => {
      return ok(await notifications.markAllRead(currentUser(request).id));
    },
  );
}
