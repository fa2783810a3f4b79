import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerMember,
  seedAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { invitationToken } from '../../test/staff.js';
import { auditLog, rateLimits } from '../db/schema.js';
import { hashEmailForAudit } from './audit.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' });
});
afterAll(async () => {
  await t?.close();
});

const BROWSER = 'Mozilla/5.0 (Linux; Android 11; SM-A125F) Letsema-test';
const FROM = { remoteAddress: '10.9.8.7', headers: { 'user-agent': BROWSER } };
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, ...FROM });
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    remoteAddress: FROM.remoteAddress,
    headers: { ...FROM.headers, ...bearer(token) },
  });
const eventsOf = (targetId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.id));

describe(`security events in the audit log (${testEngine})`, () => {
  it('records sign-in success and failure with the address and browser, and an unknown e-mail only as a keyed hash', async () => {
    const member = await registerMember(t.app);
    expect((await signIn(member.email, 'not the password')).statusCode).toBe(401);
    const token = (await signIn(member.email, TEST_PASSWORD)).json().data.token as string;
    const [success, failure] = await eventsOf(member.userId);
    expect(success).toMatchObject({
      action: 'auth.sign_in',
      outcome: 'success',
      actorId: member.userId,
      ip: '10.9.8.7',
      userAgent: BROWSER,
      after: { method: 'password' },
    });
    expect(failure).toMatchObject({ action: 'auth.sign_in', outcome: 'failure', ip: '10.9.8.7' });

    const stranger = uniqueEmail('nobody');
    expect((await signIn(stranger, 'guessing')).statusCode).toBe(401);
    const [unknown] = await eventsOf(hashEmailForAudit(t.config.jwtSecret, stranger));
    expect(unknown).toMatchObject({ action: 'auth.sign_in', outcome: 'failure', targetType: 'email', actorId: null });
    expect(JSON.stringify(unknown)).not.toContain(stranger);

    // Sign-out and sign-out everywhere.
    expect((await call('POST', '/api/auth/logout', token)).statusCode).toBe(200);
    const again = (await signIn(member.email, TEST_PASSWORD)).json().data.token as string;
    expect((await call('POST', '/api/auth/logout-all', again)).statusCode).toBe(200);
    const actions = (await eventsOf(member.userId)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.sign_out', 'auth.sign_out_all']));
  });

  it('records a lock-out, a password change and a refused admin call', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 3; i++) await signIn(member.email, 'wrong guess');
    expect((await signIn(member.email, 'wrong guess')).statusCode).toBe(429);
    const [lockOut] = await eventsOf(member.userId);
    expect(lockOut).toMatchObject({ action: 'auth.lock_out', outcome: 'refused', ip: '10.9.8.7' });

    const token = member.token;
    // The lock-out also holds back the current password from this address; start its window afresh.
    await t.db.delete(rateLimits);
    const changed = await call('POST', '/api/auth/change-password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'quartz lagoon falcon meadow',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await eventsOf(member.userId))[0]).toMatchObject({ action: 'account.change_password', ip: '10.9.8.7' });

    expect((await call('GET', '/api/admin/staff', token)).statusCode).toBe(403);
    const [refused] = await eventsOf('GET /api/admin/staff');
    expect(refused).toMatchObject({
      action: 'auth.admin_refused',
      outcome: 'refused',
      actorId: member.userId,
      targetType: 'route',
      userAgent: BROWSER,
    });

    // A queue that writes no audit row of its own: its guard still names where the refused call came from.
    expect((await call('GET', '/api/admin/pending-kyc', token)).statusCode).toBe(403);
    const [refusedQueue] = await eventsOf('GET /api/admin/pending-kyc');
    expect(refusedQueue).toMatchObject({ action: 'auth.admin_refused', ip: '10.9.8.7', userAgent: BROWSER });
  });

  it('records staff changes with who made them and from where, and never a password or token', async () => {
    const boss = await seedAdmin(t.db, { superAdmin: true });
    const bossToken = (await signIn(boss.email, TEST_PASSWORD)).json().data.token as string;
    const staffPassword = 'a staff passphrase to keep out of logs';
    expect((await call('POST', '/api/auth/reauthenticate', bossToken, { password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    const email = uniqueEmail('staff');
    const created = await call('POST', '/api/admin/staff', bossToken, {
      fullName: 'Lindiwe Zulu',
      email,
      phoneNumber: '0821112233',
      roles: ['payment_management'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const staffId = created.json().data.id as string;
    const link = await invitationToken(t.db, email);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/staff-invitation/accept',
      payload: { token: link, password: staffPassword },
      ...FROM,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const events = await eventsOf(staffId);
    expect(events.find((e) => e.action === 'staff.invite')).toMatchObject({
      actorId: boss.id,
      ip: '10.9.8.7',
      userAgent: BROWSER,
    });
    expect(events.find((e) => e.action === 'staff.activate')).toMatchObject({ actorId: staffId, ip: '10.9.8.7' });

    const everything = JSON.stringify(await t.db.select().from(auditLog));
    for (const secret of [
      staffPassword,
      link,
      accepted.json().data.token as string,
      TEST_PASSWORD,
      bossToken,
      'not the password',
      'quartz lagoon falcon meadow',
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/\$argon2/);
  });
});
