import {
  authProviders,
  changePasswordBody,
  disableMfaBody,
  emailLinkBody,
  emailPreferences,
  emailPreferencesBody,
  enableMfaBody,
  googleSignInBody,
  loginAnswer,
  loginBody,
  loginMfaBody,
  meView,
  myCooperatives,
  cooperativeCard,
  invitationLink,
  startCooperativeBody,
  startedCooperative,
  switchCooperativeBody,
  mfaSetup,
  mfaStatus,
  newRecoveryCodesBody,
  passwordResetCompleteBody,
  reauthenticateBody,
  recoveryCodes,
  registerBody,
  resetAnswer,
  sentAnswer,
  signInLinkBody,
  tokenAnswer,
  verifiedAnswer,
  verifyEmailBody,
} from '@letsema/domain';
import type { RateLimitRule } from '../../config.js';
import { addressKey } from '../../lib/address-group.js';
import { notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { GoogleSignIn } from './google.js';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../lib/auth-guard.js';
import { currentUser } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { parseInput } from '../../lib/validate.js';
import { publicRoutes, signedInRoutes } from '../../lib/route-options.js';
import { authMessages, type AuthService } from './service.js';
import { z } from 'zod';

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

  const publicRoute = publicRoutes('Sign-in');
  const signedInRoute = signedInRoutes(guards, 'Sign-in');

  app.post(
    '/api/auth/register',
    publicRoute({
      summary: 'Register a member account',
      description:
        'Opens a session at once: the new account is `pending_kyc` until its registration is complete and reviewed. A confirmation link is e-mailed. With `cooperative` (an invitation link’s short name) the account is that cooperative’s; 404 when no open cooperative has it.',
      body: registerBody,
      status: 201,
      data: tokenAnswer,
      errors: [404, 409, 429],
    }),
    async (request, reply) => {
      const body = parseInput(registerBody, request.body);
      const result = await auth.register(body, request.ip);
      return reply.code(201).send(ok(result));
    },
  );

  app.post(
    '/api/cooperatives/start',
    publicRoute({
      summary: 'Start a new cooperative, with its founder as its super admin',
      description:
        'Opens a session for the founder in the new cooperative and e-mails a link to confirm the address. 409 on the embedded database, which serves one cooperative, and for an address that already has an account.',
      body: startCooperativeBody,
      status: 201,
      data: startedCooperative,
      errors: [409, 429],
    }),
    async (request, reply) => {
      const body = parseInput(startCooperativeBody, request.body);
      return reply.code(201).send(ok(await auth.cooperativeStart.start(body, request.ip)));
    },
  );

  const slugParams = z.object({ slug: z.string().max(60) });

  app.get(
    '/api/cooperatives/:slug',
    publicRoute({
      summary: 'The open cooperative an invitation link names',
      description: 'Links tried are counted per address, as sign-ins are (429 past the limit).',
      params: slugParams,
      data: cooperativeCard,
      errors: [404, 429],
    }),
    async (request) => ok(await auth.cooperativeJoin.cardFor((request.params as { slug: string }).slug, request.ip)),
  );

  app.post(
    '/api/cooperatives/:slug/join',
    signedInRoute({
      summary: 'Join the cooperative of an invitation link with my login: a session there',
      description:
        'An application of its own: the new account waits for its registration and that cooperative’s review. 409 when the person already belongs to it.',
      params: slugParams,
      status: 201,
      data: tokenAnswer,
      errors: [404, 409, 429],
    }),
    async (request, reply) => {
      const { slug } = request.params as { slug: string };
      return reply.code(201).send(ok(await auth.cooperativeJoin.join(currentUser(request), slug)));
    },
  );

  app.get(
    '/api/admin/invitation',
    signedInRoute({
      summary: "The cooperative's invitation link for new members, with a WhatsApp message and a QR code",
      data: invitationLink,
      permission: 'member_management',
    }),
    async () => ok(await auth.cooperativeJoin.invitation()),
  );

  app.post(
    '/api/auth/login',
    publicRoute({
      summary: 'Sign in with e-mail and password',
      description:
        'Answers a token, or, when the account has two-factor sign-in on, a challenge to finish at `POST /api/auth/login/mfa`.',
      body: loginBody,
      data: loginAnswer,
      errors: [401, 403, 429],
    }),
    async (request) => {
      const body = parseInput(loginBody, request.body);
      return ok(await auth.login(body, request.ip));
    },
  );

  app.post(
    '/api/auth/password-reset',
    publicRoute({
      summary: 'E-mail a link to choose a new password',
      description:
        'Answers the same whether or not an account uses the address. The link works once, for 30 minutes. Limited per network address and per address typed (three an hour).',
      body: emailLinkBody,
      data: sentAnswer,
      errors: [429],
    }),
    async (request) => {
      const body = parseInput(emailLinkBody, request.body);
      return ok(await auth.recovery.requestPasswordReset(body, request.ip));
    },
  );

  app.post(
    '/api/auth/password-reset/complete',
    publicRoute({
      summary: 'Choose a new password with the token from a reset link; every session ends',
      description:
        'The same strength rules as registration. When the account has two-factor sign-in on, `code` (from the authenticator app, or a recovery code) is required.',
      body: passwordResetCompleteBody,
      data: resetAnswer,
      errors: [429],
    }),
    async (request) => {
      const body = parseInput(passwordResetCompleteBody, request.body);
      return ok(await auth.recovery.completePasswordReset(body, request.ip));
    },
  );

  app.post(
    '/api/auth/login/link',
    publicRoute({
      summary: 'E-mail a sign-in link',
      description:
        'For an account whose password sign-in is paused after too many wrong passwords in a day, or a member who prefers it. Answers the same whether or not an account uses the address. The link works once, for 15 minutes.',
      body: emailLinkBody,
      data: sentAnswer,
      errors: [429],
    }),
    async (request) => {
      const body = parseInput(emailLinkBody, request.body);
      return ok(await auth.recovery.requestSignInLink(body, request.ip));
    },
  );

  app.post(
    '/api/auth/login/link/complete',
    publicRoute({
      summary: 'Sign in with the token from an e-mailed sign-in link',
      description: 'Answers a token, or a two-factor challenge to finish at `POST /api/auth/login/mfa`.',
      body: signInLinkBody,
      data: loginAnswer,
      errors: [403, 429],
    }),
    async (request) => {
      const body = parseInput(signInLinkBody, request.body);
      return ok(await auth.recovery.completeSignInLink(body, request.ip));
    },
  );

  app.post(
    '/api/auth/verify-email',
    publicRoute({
      summary: 'Confirm the e-mail address with the token from the link',
      body: verifyEmailBody,
      data: verifiedAnswer,
    }),
    async (request) => {
      const body = parseInput(verifyEmailBody, request.body);
      return ok(await auth.verifyEmail(body));
    },
  );

  app.post(
    '/api/auth/verify-email/resend',
    signedInRoute({
      summary: 'Send the confirmation link again',
      data: sentAnswer,
      errors: [409, 429],
    }),
    async (request) => ok(await auth.resendVerification(currentUser(request).id)),
  );

  app.post(
    '/api/auth/login/mfa',
    publicRoute({
      summary: 'Finish a sign-in with a two-factor or recovery code',
      body: loginMfaBody,
      data: tokenAnswer,
      errors: [401, 429],
    }),
    async (request) => {
      const body = parseInput(loginMfaBody, request.body);
      return ok(await auth.loginWithCode(body, request.ip));
    },
  );

  app.get('/api/auth/me', signedInRoute({ summary: 'The signed-in account', data: meView }), async (request) =>
    ok(await auth.me(currentUser(request).id)),
  );

  app.get(
    '/api/auth/cooperatives',
    signedInRoute({ summary: 'The cooperatives the signed-in person belongs to', data: myCooperatives }),
    async (request) => ok(await auth.cooperatives(currentUser(request))),
  );

  app.post(
    '/api/auth/switch',
    signedInRoute({
      summary: 'Work in another of my cooperatives: a new session there',
      body: switchCooperativeBody,
      data: tokenAnswer,
      errors: [404],
    }),
    async (request) =>
      ok(await auth.switchCooperative(currentUser(request), parseInput(switchCooperativeBody, request.body))),
  );

  app.get(
    '/api/auth/mfa',
    signedInRoute({ summary: 'Whether two-factor sign-in is on', data: mfaStatus }),
    async (request) => ok(await auth.twoFactor.status(currentUser(request).id)),
  );

  app.post(
    '/api/auth/mfa/setup',
    signedInRoute({
      summary: 'Start turning on two-factor sign-in: a new secret and its QR code',
      data: mfaSetup,
      errors: [409],
    }),
    async (request) => ok(await auth.twoFactor.setup(currentUser(request).id)),
  );

  app.post(
    '/api/auth/mfa/enable',
    signedInRoute({
      summary: 'Turn on two-factor sign-in with a first code; answers the recovery codes once',
      body: enableMfaBody,
      data: recoveryCodes,
      errors: [409, 429],
    }),
    async (request) => {
      const body = parseInput(enableMfaBody, request.body);
      return ok(await auth.twoFactor.enable(currentUser(request).id, body));
    },
  );

  app.post(
    '/api/auth/mfa/disable',
    signedInRoute({
      summary: 'Turn off two-factor sign-in (not for admins while it is required)',
      body: disableMfaBody,
      data: z.object({ enabled: z.literal(false) }),
      errors: [409, 429],
    }),
    async (request) => {
      const body = parseInput(disableMfaBody, request.body);
      await auth.twoFactor.disable(currentUser(request).id, body, request.ip);
      return ok({ enabled: false });
    },
  );

  app.post(
    '/api/auth/mfa/recovery-codes',
    signedInRoute({
      summary: 'Replace the recovery codes; the old ones stop working',
      body: newRecoveryCodesBody,
      data: recoveryCodes,
      errors: [409, 429],
    }),
    async (request) => {
      const body = parseInput(newRecoveryCodesBody, request.body);
      return ok(await auth.twoFactor.newRecoveryCodes(currentUser(request).id, body.code));
    },
  );

  const signedOut = z.object({ signedOut: z.literal(true) });
  app.post(
    '/api/auth/logout',
    signedInRoute({ summary: 'Sign out: this token stops working', data: signedOut }),
    async (request) => {
      await auth.logout(currentUser(request).id, request.auth!.sessionId);
      return ok({ signedOut: true });
    },
  );

  app.post(
    '/api/auth/logout-all',
    signedInRoute({
      summary: 'Sign out everywhere: every token of the account stops working',
      data: signedOut,
    }),
    async (request) => {
      await auth.logoutAll(currentUser(request).id);
      return ok({ signedOut: true });
    },
  );

  app.post(
    '/api/auth/reauthenticate',
    signedInRoute({
      summary: 'Type the password again before a sensitive change (valid five minutes)',
      body: reauthenticateBody,
      data: z.object({ reauthenticatedAt: z.iso.datetime() }),
      errors: [429],
    }),
    async (request) => {
      const body = parseInput(reauthenticateBody, request.body);
      return ok(await auth.reauthenticate(currentUser(request).id, request.auth!.sessionId, body, request.ip));
    },
  );

  app.post(
    '/api/auth/reauthenticate/email-code',
    signedInRoute({
      summary: 'E-mail a one-time code to confirm with, for an account without a password (signed in with a provider)',
      description:
        'The code (six digits, ten minutes, five tries) is sent to `POST /api/auth/reauthenticate` as `code`, from the same session. One a minute, five an hour.',
      data: sentAnswer,
      errors: [409, 429],
    }),
    async (request) => ok(await auth.sendReauthCode(currentUser(request).id, request.auth!.sessionId)),
  );

  app.post(
    '/api/auth/change-password',
    signedInRoute({
      summary: 'Change the password; every other session ends',
      body: changePasswordBody,
      data: z.object({ changed: z.literal(true) }),
      errors: [429],
    }),
    async (request) => {
      const body = parseInput(changePasswordBody, request.body);
      await auth.changePassword(currentUser(request).id, request.auth!.sessionId, body, request.ip);
      return ok({ changed: true });
    },
  );

  app.get(
    '/api/auth/email-preferences',
    signedInRoute({ summary: 'Which kinds of notification also come by e-mail', data: emailPreferences }),
    async (request) => ok(await auth.emailPreferences(currentUser(request).id)),
  );

  app.put(
    '/api/auth/email-preferences',
    signedInRoute({
      summary: 'Choose which kinds of notification also come by e-mail',
      body: emailPreferencesBody,
      data: emailPreferences,
    }),
    async (request) => {
      const body = parseInput(emailPreferencesBody, request.body);
      return ok(await auth.setEmailPreferences(currentUser(request).id, body));
    },
  );

  /** Which sign-in providers are offered, with what the browser needs to use them. */
  app.get(
    '/api/auth/providers',
    publicRoute({
      summary: 'The sign-in providers offered besides the password',
      description: '`google` is null when Google sign-in is not configured or its provider cannot be reached.',
      data: authProviders,
    }),
    async () =>
      ok({
        google: deps.google ? await deps.google.publicSettings().catch(() => null) : null,
        startCooperative: auth.cooperativeStart.isOpen(),
      }),
  );

  app.post(
    '/api/auth/google',
    publicRoute({
      summary: 'Sign in with the code Google sent back (PKCE)',
      description:
        'Answers a token, or a two-factor challenge. 404 when Google sign-in is not configured; an account is linked to an existing e-mail only when the provider says it is verified.',
      body: googleSignInBody,
      data: loginAnswer,
      errors: [401, 403, 404, 409, 429],
    }),
    async (request) => {
      if (!deps.google) throw notFound('Google sign-in is not configured');
      const body = parseInput(googleSignInBody, request.body);
      await deps.limiter.hit(addressKey('login', request.ip), deps.loginPerIp, authMessages.tooManyLogins);
      const identity = await deps.google.exchange(body);
      return ok(await auth.signInWithIdentity(identity));
    },
  );
}
