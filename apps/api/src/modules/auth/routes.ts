import { changePasswordBody, emailPreferencesBody, googleSignInBody, loginBody, registerBody } from '@letsema/domain';
import type { RateLimitRule } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { GoogleSignIn } from './google.js';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../lib/auth-guard.js';
import { currentUser } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { parseInput } from '../../lib/validate.js';
import { authMessages, type AuthService } from './service.js';
import { toUserView } from './user-view.js';

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    guards: Guards;
    google: GoogleSignIn | undefined;
    limiter: RateLimiter;
    loginPerIp: RateLimitRule;
  },
) {
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

  app.post('/api/auth/logout-all', { preHandler: guards.authenticate }, async (request) => {
    await auth.logoutAll(currentUser(request).id);
    return ok({ signedOut: true });
  });

  app.post('/api/auth/change-password', { preHandler: guards.authenticate }, async (request) => {
    const body = parseInput(changePasswordBody, request.body);
    await auth.changePassword(currentUser(request).id, request.auth!.sessionId, body);
    return ok({ changed: true });
  });

  app.get('/api/auth/email-preferences', { preHandler: guards.authenticate }, async (request) =>
    ok(await auth.emailPreferences(currentUser(request).id)),
  );

  app.put('/api/auth/email-preferences', { preHandler: guards.authenticate }, async (request) => {
    const body = parseInput(emailPreferencesBody, request.body);
    return ok(await auth.setEmailPreferences(currentUser(request).id, body));
  });

  /** Which sign-in providers are offered, with what the browser needs to use them. */
  app.get('/api/auth/providers', async () => ({
    success: true as const,
    data: { google: deps.google ? await deps.google.publicSettings().catch(() => null) : null },
    error: null,
  }));

  app.post('/api/auth/google', async (request) => {
    if (!deps.google) throw notFound('Google sign-in is not configured');
    const body = parseInput(googleSignInBody, request.body);
    await deps.limiter.hit(`login:ip:${request.ip}`, deps.loginPerIp, authMessages.tooManyLogins);
    const identity = await deps.google.exchange(body);
    return ok(await auth.signInWithIdentity(identity));
  });
}
