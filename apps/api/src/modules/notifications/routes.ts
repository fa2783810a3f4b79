import { listNotificationsQuery } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../lib/auth-guard.js';
import { currentUser } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { unauthenticated } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import type { NotificationService } from './service.js';

export function notificationRoutes(app: FastifyInstance, deps: { notifications: NotificationService; guards: Guards }) {
  const { notifications, guards } = deps;
  const signedIn = { preHandler: guards.authenticate };

  app.get('/api/notifications', signedIn, async (request) => {
    const query = parseInput(listNotificationsQuery, request.query);
    return ok(await notifications.listNotifications(currentUser(request).id, query));
  });

  // Checks the token and the session itself, in the same query as the count (see the service).
  app.get('/api/notifications/unread-count', async (request) => {
    const claims = await guards.verifyBearer(request);
    const count = claims ? await notifications.countUnreadForSession(claims.sessionId, claims.userId) : null;
    if (count === null) throw unauthenticated('Your session has ended. Please sign in again.');
    return ok({ count });
  });

  app.patch<{ Params: { id: string } }>('/api/notifications/:id/read', signedIn, async (request) => {
    return ok(await notifications.markRead(currentUser(request).id, request.params.id));
  });

  app.post('/api/notifications/mark-all-read', signedIn, async (request) => {
    return ok(await notifications.markAllRead(currentUser(request).id));
  });
}
