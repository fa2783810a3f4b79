import { listNotificationsQuery } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../lib/auth-guard.js';
import { currentUser } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { parseInput } from '../../lib/validate.js';
import type { NotificationService } from './service.js';

export function notificationRoutes(app: FastifyInstance, deps: { notifications: NotificationService; guards: Guards }) {
  const { notifications, guards } = deps;
  const signedIn = { preHandler: guards.authenticate };

  app.get('/api/notifications', signedIn, async (request) => {
    const query = parseInput(listNotificationsQuery, request.query);
    return ok(await notifications.listNotifications(currentUser(request).id, query));
  });

  app.get('/api/notifications/unread-count', signedIn, async (request) => {
    return ok({ count: await notifications.countUnread(currentUser(request).id) });
  });

  app.patch<{ Params: { id: string } }>('/api/notifications/:id/read', signedIn, async (request) => {
    return ok(await notifications.markRead(currentUser(request).id, request.params.id));
  });

  app.post('/api/notifications/mark-all-read', signedIn, async (request) => {
    return ok(await notifications.markAllRead(currentUser(request).id));
  });
}
