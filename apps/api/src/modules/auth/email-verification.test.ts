import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  registerMember,
  seedAdmin,
  TEST_PASSWORD,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { googleSettings, signInAtProvider } from '../../../test/google-flow.js';
import { startTestProvider, type TestProvider } from '../../../test/oidc-provider.js';
import { auditLog, emailOutbox, mfaRecoveryCodes, users } from '../../db/schema.js';
import { signEmailToken } from '../../lib/tokens.js';
import { selectAccount } from '../../db/accounts.js';

const PUBLIC_URL = 'http://localhost:3997';
const REDIRECT = `${PUBLIC_URL}/auth/google/callback`;

let provider: TestProvider;
let t: TestContext;
beforeAll(async () => {
  provider = await startTestProvider(REDIRECT);
  t = await createTestApp({
    ...googleSettings(provider, PUBLIC_URL),
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const me = async (token: string) =>
  dataOf<{ id: string; emailVerified: boolean; hasPassword: boolean; mfaEnabled: boolean }>(
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }),
  );
const mailsTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

/** The token in the newest verification link sent to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  const mails = (await mailsTo(email)).filter((m) => m.subject === 'Letsema: confirm your e-mail address');
  const newest = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  expect(newest, `a verification e-mail to ${email}`).toBeDefined();
  const link = /(http\S+\/verify-email\?token=\S+)/.exec(newest!.text)![1]!;
  expect(link.startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true);
  return decodeURIComponent(new URL(link).searchParams.get('token')!);
}

describe(`e-mail verification (${testEngine})`, () => {
  it('sends a link at registration that proves the address, once or twice alike', async () => {
    const member = await registerMember(t.app);
    expect((await me(member.token)).emailVerified).toBe(false);
    const token = await linkTokenFor(member.email);

    const admin = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
    const review = () =>
      t.app.inject({ method: 'GET', url: `/api/admin/users/${member.userId}`, headers: bearer(admin) });
    expect(dataOf<{ emailVerified: boolean }>(await review()).emailVerified).toBe(false);

    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await me(member.token)).emailVerified).toBe(true);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect(dataOf<{ emailVerified: boolean }>(await review()).emailVerified).toBe(true);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, member.userId));
    expect(audit.map((a) => a.action)).toContain('account.verify_email');
  });

  it('refuses an expired, a tampered and a session token, each with what to do', async () => {
    const member = await registerMember(t.app);
    const old = await signEmailToken(
      t.config.jwtSecret,
      { userId: member.userId, email: member.email },
      new Date(Date.now() - 25 * 60 * 60 * 1000),
    );
    const expired = await post('/api/auth/verify-email', { token: old });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(
      'This link has expired. Sign in and send a new one from the banner at the top of the page.',
    );

    const token = await linkTokenFor(member.email);
    const [head, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), email: 'someone@else.example' }),
    ).toString('base64url');
    for (const bad of [`${head}.${forged}.${signature}`, member.token, 'not-a-token']) {
      const refused = await post('/api/auth/verify-email', { token: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(
        'This link is not valid. Sign in and send a new one from the banner at the top of the page.',
      );
    }
    // Nor is a verification token a session.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await me(member.token)).emailVerified).toBe(false);
  });

  it('sends a new link on request, three an hour at most, and none once proven', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/auth/verify-email/resend', {}, member.token)).statusCode).toBe(200);
    }
    const refused = await post('/api/auth/verify-email/resend', {}, member.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^We have sent several links already/);
    expect(await mailsTo(member.email)).toHaveLength(4);

    await post('/api/auth/verify-email', { token: await linkTokenFor(member.email) });
    const proven = await registerMember(t.app);
    await post('/api/auth/verify-email', { token: await linkTokenFor(proven.email) });
    const already = await post('/api/auth/verify-email/resend', {}, proven.token);
    expect(already.statusCode).toBe(409);
    expect(already.json().error).toBe('Your e-mail address is already confirmed.');
  });

  it("stops a stranger who registered the owner's address before the owner signed in with Google", async () => {
    const email = 'thandi.owner@example.com';
    // The stranger registers the address with a password of their own, and even turns on two-factor.
    const stranger = await registerMember(t.app, email, 'the strangers own passphrase');
    const setup = dataOf<{ secret: string }>(await post('/api/auth/mfa/setup', {}, stranger.token));
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    expect((await post('/api/auth/mfa/enable', { code }, stranger.token)).statusCode).toBe(200);

    // The real owner signs in with Google, which says the address is verified.
    provider.accounts.set('owner-sub', { email, emailVerified: true, name: 'Thandi Owner' });
    const owner = await post('/api/auth/google', await signInAtProvider(provider, 'owner-sub', REDIRECT));
    expect(owner.statusCode, owner.body).toBe(200);
    const ownerToken = dataOf<{ token: string }>(owner).token;
    expect(await me(ownerToken)).toMatchObject({
      id: stranger.userId,
      emailVerified: true,
      hasPassword: false,
      mfaEnabled: false,
    });

    // The stranger's session and password both stop working.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(stranger.token) })).statusCode,
    ).toBe(401);
    const password = await post('/api/auth/login', { email, password: 'the strangers own passphrase' });
    expect(password.statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(mfaRecoveryCodes)
        .where(
          eq(mfaRecoveryCodes.loginId, (await selectAccount(t.db).where(eq(users.id, stranger.userId)))[0]!.loginId),
        ),
    ).toHaveLength(0);

    // The owner is told by e-mail, and the change is audited.
    const told = (await mailsTo(email)).find((m) => m.subject === 'Letsema: your account is now signed in with Google');
    expect(told?.text).toMatch(/every other sign-in to the account has been ended/);
    expect(told?.text).toContain(`${PUBLIC_URL}/settings`);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, stranger.userId));
    expect(audit.map((a) => a.action)).toContain('account.link_identity_unproven');

    // The owner can set a password of their own in Settings.
    const set = await post('/api/auth/change-password', { newPassword: 'the owners real passphrase' }, ownerToken);
    expect(set.statusCode, set.body).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'the owners real passphrase' })).statusCode).toBe(200);
  });

  it("still stops the stranger after the owner clicked the stranger's verification link", async () => {
    const email = 'clicked.owner@example.com';
    const stranger = await registerMember(t.app, email, 'the strangers own passphrase');
    // The owner finds the confirmation e-mail the stranger's registration sent, and clicks it.
    expect((await post('/api/auth/verify-email', { token: await linkTokenFor(email) })).statusCode).toBe(200);
    expect((await me(stranger.token)).emailVerified).toBe(true);
    // The stranger, still signed in, even picks a new password after the address was proven.
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'the strangers own passphrase', newPassword: 'the strangers second passphrase' },
      stranger.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);

    provider.accounts.set('clicked-sub', { email, emailVerified: true });
    const owner = await post('/api/auth/google', await signInAtProvider(provider, 'clicked-sub', REDIRECT));
    expect(owner.statusCode, owner.body).toBe(200);
    const ownerToken = dataOf<{ token: string }>(owner).token;
    expect(await me(ownerToken)).toMatchObject({ id: stranger.userId, hasPassword: false });

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(stranger.token) })).statusCode,
    ).toBe(401);
    for (const password of ['the strangers own passphrase', 'the strangers second passphrase']) {
      expect((await post('/api/auth/login', { email, password })).statusCode).toBe(401);
    }
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, stranger.userId), eq(auditLog.action, 'account.link_identity_unproven')));
    expect(audit!.after).toMatchObject({ unproven: 'password', passwordRemoved: true, sessionsEnded: true });
    const told = (await mailsTo(email)).find((m) => m.subject === 'Letsema: your account is now signed in with Google');
    expect(told?.text).toContain('The password of the account had been chosen before this address was confirmed');
  });

  it('keeps the sessions and password chosen after the address was proven', async () => {
    const member = await registerMember(t.app, 'proven.owner@example.com');
    await post('/api/auth/verify-email', { token: await linkTokenFor(member.email) });
    // A reset link proves the address as the password is chosen.
    expect((await post('/api/auth/password-reset', { email: member.email })).statusCode).toBe(200);
    const [mail] = (await mailsTo(member.email)).filter((m) => m.subject === 'Letsema: choose a new password');
    const resetToken = decodeURIComponent(/\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);
    const reset = await post('/api/auth/password-reset/complete', {
      token: resetToken,
      password: 'the owners chosen passphrase',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = dataOf<{ token: string }>(
      await post('/api/auth/login', { email: member.email, password: 'the owners chosen passphrase' }),
    ).token;

    provider.accounts.set('proven-sub', { email: member.email, emailVerified: true });
    const linked = await post('/api/auth/google', await signInAtProvider(provider, 'proven-sub', REDIRECT));
    expect(linked.statusCode).toBe(200);
    expect((await me(session)).hasPassword).toBe(true);
    expect(
      (await post('/api/auth/login', { email: member.email, password: 'the owners chosen passphrase' })).statusCode,
    ).toBe(200);
    const [row] = await selectAccount(t.db).where(eq(users.id, member.userId));
    expect(row!.oidcSubject).toBe('proven-sub');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, member.userId));
    expect(audit.map((a) => a.action)).toContain('account.link_identity');
    expect(audit.map((a) => a.action)).not.toContain('account.link_identity_unproven');
  });

  it('treats a password from before the proof as unproven even when the owner set it', async () => {
    // Registered, then confirmed: nothing tells the owner's password from a stranger's.
    const member = await registerMember(t.app, 'registered.first@example.com');
    await post('/api/auth/verify-email', { token: await linkTokenFor(member.email) });
    provider.accounts.set('later-sub', { email: member.email, emailVerified: true });
    const linked = await post('/api/auth/google', await signInAtProvider(provider, 'later-sub', REDIRECT));
    expect(linked.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await me(dataOf<{ token: string }>(linked).token)).hasPassword).toBe(false);
  });

  it('counts a new account made with a verified Google address as proven', async () => {
    provider.accounts.set('new-sub', { email: 'new.google@example.com', emailVerified: true });
    const first = dataOf<{ token: string }>(
      await post('/api/auth/google', await signInAtProvider(provider, 'new-sub', REDIRECT)),
    );
    expect((await me(first.token)).emailVerified).toBe(true);
  });
});
