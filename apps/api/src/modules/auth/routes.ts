import {
  changePasswordBody,
  disableMfaBody,
  emailPreferencesBody,
  enableMfaBody,
  googleSignInBody,
  loginBody,
  loginMfaBody,
  newRecoveryCodesBody,
  reauthenticateBody,
  registerBody,
  verifyEmailBody,
} from '@letsema/domain';
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
    mfaRequiredForAdmins: boolean;
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

  app.post('/api/auth/verify-email', async (request) => {
    const body = parseInput(verifyEmailBody, request.body);
    return ok(await auth.verifyEmail(body));
  });

  app.post('/api/auth/verify-email/resend', { preHandler: guards.authenticate }, async (request) =>
    ok(await auth.resendVerification(currentUser(request).id)),
  );

  app.post('/api/auth/login/mfa', async (request) => {
    const body = parseInput(loginMfaBody, request.body);
    return ok(await auth.loginWithCode(body, request.ip));
  });

  app.get('/api/auth/me', { preHandler: guards.authenticate }, async (request) => {
    const user = currentUser(request);
    // Tells the web app to send an admin to two-factor enrolment before the back office.
    const mfaRequired = user.isAdmin && deps.mfaRequiredForAdmins;
    return ok({ ...toUserView(user), mfaRequired, mfaEnrolmentRequired: mfaRequired && !user.mfaEnabledAt });
  });

  const signedIn = { preHandler: guards.authenticate };
  app.get('/api/auth/mfa', signedIn, async (request) => ok(await auth.twoFactor.status(currentUser(request).id)));

  app.post('/api/auth/mfa/setup', signedIn, async (request) => ok(await auth.twoFactor.setup(currentUser(request).id)));

  app.post('/api/auth/mfa/enable', signedIn, async (request) => {
    const body = parseInput(enableMfaBody, request.body);
    return ok(await auth.twoFactor.enable(currentUser(request).id, body));
  });

  app.post('/api/auth/mfa/disable', signedIn, async (request) => {
    const body = parseInput(disableMfaBody, request.body);
    await auth.twoFactor.disable(currentUser(request).id, body, request.ip);
    return ok({ enabled: false });
  });

  app.post('/api/auth/mfa/recovery-codes', signedIn, async (request) => {
    const body = parseInput(newRecoveryCodesBody, request.body);
    return ok(await auth.twoFactor.newRecoveryCodes(currentUser(request).id, body.code));
  });

  app.post('/api/auth/logout', { preHandler: guards.authenticate }, async (request) => {
    await auth.logout(currentUser(request).id, request.auth!.sessionId);
    return ok({ signedOut: true });
  });

  app.post('/api/auth/logout-all', { preHandler: guards.authenticate }, async (request) => {
    await auth.logoutAll(currentUser(request).id);
    return ok({ signedOut: true });
  });

  app.post('/api/auth/reauthenticate', { preHandler: guards.authenticate }, async (request) => {
    const body = parseInput(reauthenticateBody, request.body);
    return ok(await auth.reauthenticate(currentUser(request).id, request.auth!.sessionId, body, request.ip));
  });

  app.post('/api/auth/change-password', { preHandler: guards.authenticate }, async (request) => {
    const body = parseInput(changePasswordBody, request.body);
    await auth.changePassword(currentUser(request).id, request.auth!.sessionId, body, request.ip);
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
