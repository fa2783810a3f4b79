import { tasks } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import type { TaskService } from './service.js';

/** `GET /api/admin/tasks`: what waits for the signed-in admin, and what they started. */
export function taskRoutes(app: FastifyInstance, deps: { tasks: TaskService; guards: Guards }) {
  app.get(
    '/api/admin/tasks',
    signedInRoutes(
      deps.guards,
      'Tasks',
    )({
      permission: 'any_admin',
      summary: "What waits for the signed-in admin's decision by their roles, and what they started",
      data: tasks,
    }),
    async (request) => ok(await deps.tasks.tasksFor(currentUser(request))),
  );
}
