import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  registerMember,
  seedActiveMember,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { appCode as codeAt } from '../../../test/staff.js';
import { accountLinks, auditLog, sessions, users } from '../../db/schema.js';
import { selectAccount } from '../../db/accounts.js';

const PUBLIC_URL = 'http://localhost:3996';
const RESET_SUBJECT = 'Letsema: choose a new password';
const SIGN_IN_SUBJECT = 'Letsema: your sign-in link';
const RESET_INVALID =
  'This link cannot be used. It may have been used already or be more than 30 minutes old. Ask for a new one from the sign-in page.';
const DAILY =
  'Too many wrong passwords have been tried on this account today, so password sign-in is paused for it. Sign in with a link we e-mail you instead ("E-mail me a sign-in link").';
const NEW_PASSWORD = 'a brand new passphrase';

/** The server's two-factor clock, in the middle of a 30-second step; each code is read at a new step. */
let clock = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
const appCode = (secret: string) => {
  clock += 30_000;
  return codeAt(secret, clock);
};

let smtp: TestSmtpServer;
let t: TestContext;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL, RATE_LIMIT_LOGIN_PER_ACCOUNT_DAY: '4' },
    {},
    { twoFactorClock: () => new Date(clock) },
  );
  // The tests deliver the outbox themselves, so they know when a mail has reached the server.
  await t.app.outbox.stop();
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const post = (url: string, payload: object, token?: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(token ? { headers: bearer(token) } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

/** Delivers the outbox to the loopback SMTP server and answers the mails `to` received with `subject`. */
async function mailsTo(to: string, subject: string) {
  await t.app.outbox.runOnce();
  return smtp.received.filter((mail) => mail.envelopeTo.includes(to) && mail.parsed.subject === subject);
}

/** The token of the newest link to `path` e-mailed to `to`, as the owner reads it. */
async function linkToken(to: string, subject: string, path: string): Promise<string> {
  const mails = await mailsTo(to, subject);
  const text = mails.at(-1)?.parsed.text ?? '';
  const match = new RegExp(`${PUBLIC_URL}${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`No ${path} link e-mailed to ${to}`);
  return decodeURIComponent(match[1]!);
}

async function askReset(email: string) {
  const answer = await post('/api/auth/password-reset', { email });
  expect(answer.statusCode, answer.body).toBe(200);
  return linkToken(email, RESET_SUBJECT, '/reset-password');
}

async function turnOnTwoFactor(token: string) {
  const setup = dataOf<{ secret: string }>(await post('/api/auth/mfa/setup', {}, token));
  const enabled = await post('/api/auth/mfa/enable', { code: appCode(setup.secret) }, token);
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret: setup.secret, recoveryCodes: dataOf<{ recoveryCodes: string[] }>(enabled).recoveryCodes };
}

describe(`password reset by e-mailed link (${testEngine})`, () => {
  it('answers the same for a known and an unknown address, and mails only the account', async () => {
    const member = await registerMember(t.app);
    const stranger = uniqueEmail('nobody');
    const known = await post('/api/auth/password-reset', { email: member.email.toUpperCase() });
    const unknown = await post('/api/auth/password-reset', { email: stranger });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true, data: { sent: true }, error: null });

    const mails = await mailsTo(member.email, RESET_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.text).toContain('within 30 minutes');
    expect(await mailsTo(stranger, RESET_SUBJECT)).toHaveLength(0);

    // Only a hash of the token is kept, and the link lives 30 minutes.
    const token = await linkToken(member.email, RESET_SUBJECT, '/reset-password');
    const [row] = await t.db.select().from(accountLinks).where(eq(accountLinks.userId, member.userId));
    expect(row!.purpose).toBe('password_reset');
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.1);
  });

  it('sets the new password once, ends every session, proves the address and is audited', async () => {
    const member = await registerMember(t.app);
    const other = await login(t.app, member.email);
    const token = await askReset(member.email);

    // The same strength rule and message as registration.
    const weak = await post('/api/auth/password-reset/complete', { token, password: 'password1' });
    expect(weak.statusCode).toBe(400);
    const registerWeak = await post('/api/auth/register', { email: uniqueEmail(), password: 'password1' });
    expect(weak.json().error).toBe(registerWeak.json().error);
    const short = await post('/api/auth/password-reset/complete', { token, password: 'short' });
    expect(short.json().error).toBe('Password must be at least 8 characters');

    const done = await post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(dataOf(done)).toEqual({ reset: true });

    expect((await me(member.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, member.userId));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);

    expect((await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    const fresh = await login(t.app, member.email, NEW_PASSWORD);
    expect(dataOf<{ emailVerified: boolean }>(await me(fresh)).emailVerified).toBe(true);

    // Single use.
    const again = await post('/api/auth/password-reset/complete', { token, password: 'yet another passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(RESET_INVALID);
    await login(t.app, member.email, NEW_PASSWORD);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.userId), eq(auditLog.action, 'account.password_reset')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ sessionsEnded: 2, secondFactor: 'off' });
    expect(await mailsTo(member.email, 'Letsema: your password was changed')).toHaveLength(1);
  });

  it('refuses an expired link, an earlier link once a newer is sent, and a made-up token', async () => {
    const member = await registerMember(t.app);
    const first = await askReset(member.email);
    const second = await askReset(member.email);
    const early = await post('/api/auth/password-reset/complete', { token: first, password: NEW_PASSWORD });
    expect(early.json().error).toBe(RESET_INVALID);

    await t.db
      .update(accountLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountLinks.userId, member.userId));
    const expired = await post('/api/auth/password-reset/complete', { token: second, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(RESET_INVALID);
    const madeUp = await post('/api/auth/password-reset/complete', { token: 'x'.repeat(43), password: NEW_PASSWORD });
    expect(madeUp.json().error).toBe(RESET_INVALID);
    await login(t.app, member.email);
  });

  it('asks for the second factor when two-factor is on, and refuses without it or with a wrong one', async () => {
    const member = await registerMember(t.app);
    const { secret } = await turnOnTwoFactor(member.token);
    const token = await askReset(member.email);

    const without = await post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD });
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toBe(
      'Your account has two-factor sign-in on: enter the code from your authenticator app (or a recovery code).',
    );
    const wrong = await post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    // Neither used the link nor changed the password.
    expect((await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD })).statusCode).toBe(200);

    const right = await post('/api/auth/password-reset/complete', {
      token,
      password: NEW_PASSWORD,
      code: appCode(secret),
    });
    expect(right.statusCode, right.body).toBe(200);
    // Two-factor stays on: the new password leads to the code.
    const next = dataOf<{ mfaRequired?: boolean }>(
      await post('/api/auth/login', { email: member.email, password: NEW_PASSWORD }),
    );
    expect(next.mfaRequired).toBe(true);
  });

  it('limits links per address typed, the same for an unknown address', async () => {
    for (const email of [(await registerMember(t.app)).email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 3; i++) expect((await post('/api/auth/password-reset', { email })).statusCode).toBe(200);
      const refused = await post('/api/auth/password-reset', { email });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(
        'We have sent several links already. Please check your inbox (and spam folder), or try again in an hour.',
      );
    }
  });

  it('sends nothing to a suspended account, with the same answer', async () => {
    const suspended = await seedActiveMember(t.db, { accountStatus: 'suspended' });
    const answer = await post('/api/auth/password-reset', { email: suspended.email });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ sent: true });
    expect(await mailsTo(suspended.email, RESET_SUBJECT)).toHaveLength(0);
  });
});

describe(`daily ceiling on wrong passwords and the e-mailed sign-in link (${testEngine})`, () => {
  it('past the day’s ceiling, password sign-in points to the link from every address, and the link signs in once', async () => {
    const member = await registerMember(t.app);
    // Wrong passwords from four addresses: each address stays under its own limit.
    for (let i = 1; i <= 4; i++) {
      const wrong = await post(
        '/api/auth/login',
        { email: member.email, password: 'not it' },
        undefined,
        `10.7.0.${i}`,
      );
      expect(wrong.statusCode).toBe(401);
    }
    // Now even the right password, from a fresh address, is answered with the way in.
    const paused = await post(
      '/api/auth/login',
      { email: member.email, password: TEST_PASSWORD },
      undefined,
      '10.7.1.1',
    );
    expect(paused.statusCode).toBe(429);
    expect(paused.json().error).toBe(DAILY);
    // An address nobody uses answers alike.
    const nobody = uniqueEmail('nobody');
    for (let i = 1; i <= 5; i++)
      await post('/api/auth/login', { email: nobody, password: 'x' }, undefined, `10.7.2.${i}`);
    expect((await post('/api/auth/login', { email: nobody, password: 'x' }, undefined, '10.7.2.9')).json().error).toBe(
      DAILY,
    );

    const asked = await post('/api/auth/login/link', { email: member.email });
    const askedUnknown = await post('/api/auth/login/link', { email: nobody });
    expect(asked.body).toBe(askedUnknown.body);
    expect(await mailsTo(nobody, SIGN_IN_SUBJECT)).toHaveLength(0);
    const token = await linkToken(member.email, SIGN_IN_SUBJECT, '/sign-in-link');
    const [row] = await t.db
      .select()
      .from(accountLinks)
      .where(and(eq(accountLinks.userId, member.userId), eq(accountLinks.purpose, 'sign_in')));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThan(15.1);

    const signedIn = await post('/api/auth/login/link/complete', { token });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = dataOf<{ token: string }>(signedIn).token;
    expect(dataOf<{ id: string }>(await me(session)).id).toBe(member.userId);
    const again = await post('/api/auth/login/link/complete', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(
      'This sign-in link cannot be used. It may have been used already or be more than 15 minutes old. Ask for a new one.',
    );
    // A reset link is not a sign-in link.
    const reset = await askReset(member.email);
    expect((await post('/api/auth/login/link/complete', { token: reset })).statusCode).toBe(400);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.userId), eq(auditLog.action, 'auth.sign_in')))
      .orderBy(desc(auditLog.createdAt));
    expect(audit.some((entry) => (entry.after as { method?: string }).method === 'email-link')).toBe(true);
  });

  it('a right password does not use up the day, and the link still asks for the second factor', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 6; i++) await login(t.app, member.email);
    const { secret } = await turnOnTwoFactor(member.token);

    await post('/api/auth/login/link', { email: member.email });
    const token = await linkToken(member.email, SIGN_IN_SUBJECT, '/sign-in-link');
    const step = dataOf<{ mfaRequired?: boolean; challenge?: string; token?: string }>(
      await post('/api/auth/login/link/complete', { token }),
    );
    expect(step.token).toBeUndefined();
    expect(step.mfaRequired).toBe(true);
    const finished = await post('/api/auth/login/mfa', { challenge: step.challenge, code: appCode(secret) });
    expect(finished.statusCode, finished.body).toBe(200);
  });

  it('a password reset gives password sign-in back for the day', async () => {
    const member = await registerMember(t.app);
    for (let i = 1; i <= 5; i++)
      await post('/api/auth/login', { email: member.email, password: 'no' }, undefined, `10.8.0.${i}`);
    expect((await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD })).json().error).toBe(DAILY);
    const token = await askReset(member.email);
    expect((await post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    await login(t.app, member.email, NEW_PASSWORD);
    const [user] = await selectAccount(t.db).where(eq(users.id, member.userId));
    expect(user!.passwordSetAt).not.toBeNull();
  });
});
