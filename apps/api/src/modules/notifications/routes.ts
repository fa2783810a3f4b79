import {
  listNotificationsQuery,
  markedAllRead,
  notificationPage,
  notificationView,
  unreadCount,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import type { NotificationService } from './service.js';

export function notificationRoutes(app: FastifyInstance, deps: { notifications: NotificationService; guards: Guards }) {
  const { notifications, guards } = deps;
  const notificationsRoute = signedInRoutes(guards, 'Notifications');

  app.get(
    '/api/notifications',
    notificationsRoute({
      summary: "The account's notifications, newest first, a page at a time",
      querystring: listNotificationsQuery,
      data: notificationPage,
    }),
    async (request) => {
      const query = parseInput(listNotificationsQuery, request.query);
      return ok(await notifications.listNotifications(currentUser(request).id, query));
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      ...notificationsRoute({
        summary: 'How many notifications are unread (the bell polls it)',
        description: 'Polling is not activity: it never moves the session on.',
        data: unreadCount,
      }),
      config: { isPolling: true },
    },
    async (request) => ok({ count: await notifications.countUnread(currentUser(request).id) }),
  );

  app.patch<{ Params: { id: string } }>(
    '/api/notifications/:id/read',
    notificationsRoute({
      summary: 'Mark one notification read',
      params: z.object({ id: z.uuid() }),
      data: notificationView,
    }),
    async (request) => ok(await notifications.markRead(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/api/notifications/mark-all-read',
    notificationsRoute({ summary: 'Mark every notification read', data: markedAllRead }),
    async (request) => ok(await notifications.markAllRead(currentUser(request).id)),
  );
}
