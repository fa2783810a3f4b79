import { tasks } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { routeDoc } from '../../lib/openapi/route-doc.js';
import type { TaskService } from './service.js';

/** `GET /api/admin/tasks`: what waits for the signed-in admin, and what they started. */
export function taskRoutes(app: FastifyInstance, deps: { tasks: TaskService; guards: Guards }) {
  const schema = routeDoc({
    tag: 'Tasks',
    summary: "What waits for the signed-in admin's decision by their roles, and what they started",
    data: tasks,
  });
  app.get(
    '/api/admin/tasks',
    { config: { permission: 'any_admin' }, preHandler: deps.guards.authenticate, schema },
    async (request) => ok(await deps.tasks.tasksFor(currentUser(request))),
  );
}
