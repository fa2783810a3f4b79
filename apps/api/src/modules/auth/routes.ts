import { loginBody, registerBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../lib/auth-guard.js';
import { currentUser } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { parseInput } from '../../lib/validate.js';
import type { AuthService } from './service.js';
import { toUserView } from './user-view.js';

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService; guards: Guards }) {
  const { auth, guards } = deps;

  app.post('/api/auth/register', async (request, reply) => {
    const body = parseInput(registerBody, request.body);
    const result = await auth.register(body, request.ip);
    return reply.code(201).send(ok(result));
  });

  app.post('/api/auth/login', async (request) => {
    const body = parseInput(loginBody, request.body);
    return ok(await auth.login(body, request.ip));
  });

  app.get('/api/auth/me', { preHandler: guards.authenticate }, async (request) => {
    return ok(toUserView(currentUser(request)));
  });

  app.post('/api/auth/logout', { preHandler: guards.authenticate }, async (request) => {
    await auth.logout(request.auth!.sessionId);
    return ok({ signedOut: true });
  });
}
