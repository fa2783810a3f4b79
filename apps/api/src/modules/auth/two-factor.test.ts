import { and, eq, like } from 'drizzle-orm';
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
import { auditLog, emailOutbox, mfaChallenges, mfaRecoveryCodes, rateLimits, users } from '../../db/schema.js';
import { selectAccount } from '../../db/accounts.js';

const PUBLIC_URL = 'http://localhost:3998';
const REDIRECT = `${PUBLIC_URL}/auth/google/callback`;

/** The server's two-factor clock, in the middle of a 30-second step so a code never straddles two. */
let clock = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
const tick = (steps = 1) => {
  clock += steps * 30_000;
};

let provider: TestProvider;
let t: TestContext;
beforeAll(async () => {
  provider = await startTestProvider(REDIRECT);
  t = await createTestApp(
    {
      ...googleSettings(provider, PUBLIC_URL),
      MFA_REQUIRED_FOR_ADMINS: 'true',
    },
    {},
    { twoFactorClock: () => new Date(clock) },
  );
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** What the member's authenticator app shows for `secret` at the server's clock. */
function appCode(secret: string, at = clock): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/** Turns two-factor on for a signed-in account; answers the secret and the recovery codes. */
async function enrol(token: string) {
  const setup = dataOf<{ secret: string; otpauthUrl: string; qrDataUrl: string }>(
    await post('/api/auth/mfa/setup', {}, token),
  );
  const enabled = await post('/api/auth/mfa/enable', { code: appCode(setup.secret) }, token);
  expect(enabled.statusCode, enabled.body).toBe(200);
  tick();
  return { ...setup, recoveryCodes: dataOf<{ recoveryCodes: string[] }>(enabled).recoveryCodes };
}

async function passwordStep(email: string, password = TEST_PASSWORD): Promise<string> {
  const answer = dataOf<{ mfaRequired?: boolean; challenge?: string; token?: string }>(
    await post('/api/auth/login', { email, password }),
  );
  expect(answer.mfaRequired).toBe(true);
  expect(answer.token).toBeUndefined();
  return answer.challenge!;
}

describe(`two-factor sign-in (${testEngine})`, () => {
  it('enrols with a QR code and the secret as text, confirmed by a code, with ten recovery codes shown once', async () => {
    const member = await registerMember(t.app);
    expect(dataOf<{ enabled: boolean }>(await get('/api/auth/mfa', member.token)).enabled).toBe(false);

    const setup = dataOf<{ secret: string; otpauthUrl: string; qrDataUrl: string }>(
      await post('/api/auth/mfa/setup', {}, member.token),
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUrl).toContain('issuer=Letsema');
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await post('/api/auth/mfa/enable', { code: '000000' }, member.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(
      'That code is not right. Check that the time on your phone is correct and try again.',
    );
    const enabled = dataOf<{ recoveryCodes: string[] }>(
      await post('/api/auth/mfa/enable', { code: appCode(setup.secret) }, member.token),
    );
    expect(enabled.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.recoveryCodes).size).toBe(10);
    expect(enabled.recoveryCodes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(dataOf(await get('/api/auth/mfa', member.token))).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(dataOf<{ mfaEnabled: boolean }>(await get('/api/auth/me', member.token)).mfaEnabled).toBe(true);

    // Neither the secret nor a recovery code is stored as it was shown.
    const [row] = await selectAccount(t.db).where(eq(users.id, member.userId));
    expect(row!.mfaSecret).not.toContain(setup.secret);
    expect(row!.mfaPendingSecret).toBeNull();
    const stored = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.loginId, row!.loginId));
    expect(stored).toHaveLength(10);
    for (const code of enabled.recoveryCodes) {
      expect(stored.some((s) => s.codeHash.includes(code) || s.codeHash.includes(code.replace(/-/g, '')))).toBe(false);
    }
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, member.userId));
    expect(audit.map((a) => a.action)).toContain('account.mfa_enable');
  });

  it('asks for the code after the password, and never accepts the same code twice', async () => {
    const member = await registerMember(t.app);
    const { secret } = await enrol(member.token);

    const challenge = await passwordStep(member.email);
    const code = appCode(secret);
    const signedIn = await post('/api/auth/login/mfa', { challenge, code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token } = dataOf<{ token: string }>(signedIn);
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);

    // The challenge is single-use.
    const again = await post('/api/auth/login/mfa', { challenge, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('This sign-in has expired. Please sign in again.');

    // A new sign-in with the code already used is refused; the next code works.
    const second = await passwordStep(member.email);
    const replayed = await post('/api/auth/login/mfa', { challenge: second, code });
    expect(replayed.statusCode).toBe(400);
    tick();
    expect((await post('/api/auth/login/mfa', { challenge: second, code: appCode(secret) })).statusCode).toBe(200);
  });

  it('lets a challenge live five minutes only', async () => {
    const member = await registerMember(t.app);
    const { secret } = await enrol(member.token);
    const challenge = await passwordStep(member.email);
    await t.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(clock - 1000) })
      .where(eq(mfaChallenges.id, challenge));
    const late = await post('/api/auth/login/mfa', { challenge, code: appCode(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe('This sign-in has expired. Please sign in again.');
  });

  it('ends a challenge after five wrong codes, even when they arrive together', async () => {
    const member = await registerMember(t.app);
    const { secret } = await enrol(member.token);
    const challenge = await passwordStep(member.email);
    const answers = await Promise.all(
      ['111111', '222222', '333333', '444444', '555555', '666666', '777777'].map((code) =>
        post('/api/auth/login/mfa', { challenge, code }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    const rightButLate = await post('/api/auth/login/mfa', { challenge, code: appCode(secret) });
    expect(rightButLate.statusCode).toBe(401);
    expect(rightButLate.json().error).toBe('Too many wrong codes. Please sign in again.');
  });

  it('accepts each recovery code once, in any case and with or without dashes', async () => {
    const member = await registerMember(t.app);
    const { recoveryCodes } = await enrol(member.token);
    const code = recoveryCodes[3]!;

    const first = await passwordStep(member.email);
    const used = await post('/api/auth/login/mfa', { challenge: first, code: code.toUpperCase().replace(/-/g, ' ') });
    expect(used.statusCode, used.body).toBe(200);
    expect(dataOf(await get('/api/auth/mfa', dataOf<{ token: string }>(used).token))).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });

    const second = await passwordStep(member.email);
    expect((await post('/api/auth/login/mfa', { challenge: second, code })).statusCode).toBe(400);
  });

  it('turns off only with the password and a code, and replaces recovery codes with a code', async () => {
    const member = await registerMember(t.app);
    const { secret, recoveryCodes } = await enrol(member.token);

    const fresh = dataOf<{ recoveryCodes: string[] }>(
      await post('/api/auth/mfa/recovery-codes', { code: appCode(secret) }, member.token),
    );
    tick();
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect(fresh.recoveryCodes).not.toContain(recoveryCodes[0]);

    const noPassword = await post('/api/auth/mfa/disable', { code: appCode(secret) }, member.token);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error).toBe('Enter your password to turn off two-factor sign-in');
    const wrongPassword = await post(
      '/api/auth/mfa/disable',
      { password: 'not my password', code: appCode(secret) },
      member.token,
    );
    expect(wrongPassword.json().error).toBe('Current password is incorrect');
    const wrongCode = await post('/api/auth/mfa/disable', { password: TEST_PASSWORD, code: '123456' }, member.token);
    expect(wrongCode.statusCode).toBe(400);
    // An old recovery code (replaced above) does not work either.
    const oldCode = await post(
      '/api/auth/mfa/disable',
      { password: TEST_PASSWORD, code: recoveryCodes[0]! },
      member.token,
    );
    expect(oldCode.statusCode).toBe(400);

    const off = await post('/api/auth/mfa/disable', { password: TEST_PASSWORD, code: appCode(secret) }, member.token);
    expect(off.statusCode, off.body).toBe(200);
    expect(dataOf(await get('/api/auth/mfa', member.token))).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // The password alone signs in again.
    const answer = dataOf<{ token?: string }>(
      await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD }),
    );
    expect(answer.token).toBeDefined();
  });

  it('asks for the code after a Google sign-in too', async () => {
    provider.accounts.set('mfa-google', { email: 'mfa.google@example.com', emailVerified: true });
    const first = dataOf<{ token: string }>(
      await post('/api/auth/google', await signInAtProvider(provider, 'mfa-google', REDIRECT)),
    );
    const { secret } = await enrol(first.token);

    const second = dataOf<{ mfaRequired?: boolean; challenge?: string; token?: string }>(
      await post('/api/auth/google', await signInAtProvider(provider, 'mfa-google', REDIRECT)),
    );
    expect(second.mfaRequired).toBe(true);
    expect(second.token).toBeUndefined();
    const signedIn = await post('/api/auth/login/mfa', { challenge: second.challenge!, code: appCode(secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('keeps an admin without two-factor out of every admin call until enrolled', async () => {
    const admin = await seedAdmin(t.db, { roles: ['staff_management'] });
    const token = await login(t.app, admin.email);
    const me = dataOf<{ mfaEnrolmentRequired: boolean }>(await get('/api/auth/me', token));
    expect(me.mfaEnrolmentRequired).toBe(true);
    for (const url of ['/api/admin/staff', '/api/admin/dashboard/pending-counts']) {
      const refused = await get(url, token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'MFA_ENROLMENT_REQUIRED',
        error: 'Two-factor sign-in is required for admins. Set it up to continue.',
      });
    }
    // Every other door of the admin's session is shut too: files, uploads, pools, its own member calls.
    const doors = [
      () => get('/api/files/kyc/someone/id-document.pdf', token),
      () => post('/api/uploads/id-document', {}, token),
      () => post('/api/pools', { name: 'Pool of an admin without two-factor' }, token),
      () => get('/api/pools', token),
      () => get('/api/notifications', token),
      () => get('/api/notifications/unread-count', token),
    ];
    for (const door of doors) {
      const refused = await door();
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('MFA_ENROLMENT_REQUIRED');
    }
    const refusals = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'auth.admin_refused')));
    expect(refusals.map((row) => row.targetId)).toEqual(
      expect.arrayContaining(['GET /api/files/*', 'POST /api/uploads/:kind', 'POST /api/pools']),
    );
    // The account's own calls (its settings, the enrolment itself) still work.
    expect((await get('/api/auth/mfa', token)).statusCode).toBe(200);
    expect((await get('/api/auth/email-preferences', token)).statusCode).toBe(200);
    const { secret } = await enrol(token);
    expect((await get('/api/admin/staff', token)).statusCode).toBe(200);
    for (const door of doors.slice(3)) expect((await door()).statusCode).toBe(200);
    expect(dataOf<{ mfaEnrolmentRequired: boolean }>(await get('/api/auth/me', token)).mfaEnrolmentRequired).toBe(
      false,
    );
    // An admin cannot turn it off while it is required.
    const off = await post('/api/auth/mfa/disable', { password: TEST_PASSWORD, code: appCode(secret) }, token);
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe('Two-factor sign-in is required for admin accounts, so it cannot be turned off.');
  });

  it('accepts a code once when the same code arrives on two sign-ins at the same moment', async () => {
    const member = await registerMember(t.app);
    const { secret } = await enrol(member.token);
    const [a, b] = [await passwordStep(member.email), await passwordStep(member.email)];
    const code = appCode(secret);
    const answers = await Promise.all([
      post('/api/auth/login/mfa', { challenge: a, code }),
      post('/api/auth/login/mfa', { challenge: b, code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe(`second factors guessed across challenges (${testEngine})`, () => {
  const paused =
    'Too many wrong codes for this account. Two-factor sign-in is paused for 15 minutes; please try again later.';
  const failureMails = (email: string) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to, email),
          eq(emailOutbox.subject, 'Letsema: your password was used and the second step failed'),
        ),
      );

  it('pauses second-factor sign-in for 15 minutes after ten wrong codes in any challenges, the right code too', async () => {
    const member = await registerMember(t.app);
    const { secret } = await enrol(member.token);
    const codes: number[] = [];
    for (let round = 0; round < 2; round++) {
      const challenge = await passwordStep(member.email);
      for (let i = 0; i < 5; i++)
        codes.push((await post('/api/auth/login/mfa', { challenge, code: '000000' })).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 429]);

    // A fresh challenge from the right password, and the right code: still refused, saying why.
    const challenge = await passwordStep(member.email);
    const refused = await post('/api/auth/login/mfa', { challenge, code: appCode(secret) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(paused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    const lockOuts = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, member.userId), eq(auditLog.action, 'auth.lock_out')));
    expect(lockOuts.some((row) => (row.after as { scope?: string }).scope === 'account')).toBe(true);

    // Fifteen minutes later the owner signs in with the right code (the pause is the login's).
    const [account] = await selectAccount(t.db).where(eq(users.id, member.userId));
    await t.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 16 * 60_000) })
      .where(like(rateLimits.key, `mfa:%:account:${account!.loginId}`));
    const later = await passwordStep(member.email);
    const signedIn = await post('/api/auth/login/mfa', { challenge: later, code: appCode(secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('judges at most ten wrong codes sent together on many challenges', async () => {
    const member = await registerMember(t.app);
    await enrol(member.token);
    const challenges = [];
    for (let i = 0; i < 4; i++) challenges.push(await passwordStep(member.email));
    const answers = await Promise.all(
      challenges.flatMap((challenge) =>
        Array.from({ length: 5 }, (_, i) => post('/api/auth/login/mfa', { challenge, code: `12345${i}` })),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 400).length).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(10);
  });

  it('clears the password count only once the second factor succeeds', async () => {
    const member = await registerMember(t.app);
    await enrol(member.token);
    // Ten right passwords without a code use up the account's count (10 in 15 minutes)...
    for (let i = 0; i < 10; i++) await passwordStep(member.email);
    const eleventh = await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD });
    expect(eleventh.statusCode).toBe(429);

    // ...while a right code clears it.
    const other = await registerMember(t.app);
    const enrolled = await enrol(other.token);
    for (let i = 0; i < 9; i++) await passwordStep(other.email);
    const last = await passwordStep(other.email);
    expect((await post('/api/auth/login/mfa', { challenge: last, code: appCode(enrolled.secret) })).statusCode).toBe(
      200,
    );
    // Without the clearing this would be the eleventh in 15 minutes.
    await passwordStep(other.email);
  });

  it('e-mails the owner that their password was used and the second step failed, once however many codes fail', async () => {
    const member = await registerMember(t.app);
    await enrol(member.token);
    expect(await failureMails(member.email)).toHaveLength(0);
    const first = await passwordStep(member.email);
    expect((await post('/api/auth/login/mfa', { challenge: first, code: '000000' })).statusCode).toBe(400);
    const mails = await failureMails(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('your password was used, and the second step');
    expect(mails[0]!.text).toContain('change your password now');

    for (let i = 0; i < 3; i++) await post('/api/auth/login/mfa', { challenge: first, code: '000000' });
    const second = await passwordStep(member.email);
    await post('/api/auth/login/mfa', { challenge: second, code: '000000' });
    expect(await failureMails(member.email)).toHaveLength(1);
  });
});
