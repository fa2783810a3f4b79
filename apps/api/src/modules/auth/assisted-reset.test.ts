import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedActiveMember,
  seedAdmin,
  TEST_PASSWORD,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { appCode as codeAt } from '../../../test/staff.js';
import { accountLinks, auditLog, emailOutbox } from '../../db/schema.js';

const CODE_WRONG = 'This code is not right, or it has expired. Ask the cooperative for a new one.';
const NEW_PASSWORD = 'a password from the counter';

let clock = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
const appCode = (secret: string) => {
  clock += 30_000;
  return codeAt(secret, clock);
};

let t: TestContext;
let maker: { id: string; token: string };
let checker: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({}, {}, { twoFactorClock: () => new Date(clock) });
  const makerRow = await seedAdmin(t.db, { roles: ['member_management'] });
  const checkerRow = await seedAdmin(t.db, { roles: ['member_management'] });
  maker = { id: makerRow.id, token: await login(t.app, makerRow.email) };
  checker = { id: checkerRow.id, token: await login(t.app, checkerRow.email) };
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

type ResetView = { id: string; status: string; member: { id: string }; maker: { id: string } | null };

async function startAndApprove(memberId: string) {
  const started = await call('POST', `/api/admin/members/${memberId}/assisted-reset`, maker.token);
  expect(started.statusCode, started.body).toBe(201);
  const { id } = dataOf<ResetView>(started);
  const approved = await call('POST', `/api/admin/assisted-resets/${id}/approve`, checker.token);
  expect(approved.statusCode, approved.body).toBe(200);
  return { id, code: dataOf<ResetView & { code: string }>(approved).code };
}

describe(`assisted password reset (${testEngine})`, () => {
  it('is started by one admin, approved by a second, and the code sets the password once, ending every session', async () => {
    const member = await seedActiveMember(t.db);
    const session = await login(t.app, member.email);

    const started = await call('POST', `/api/admin/members/${member.id}/assisted-reset`, maker.token);
    expect(started.statusCode, started.body).toBe(201);
    const reset = dataOf<ResetView>(started);
    expect(reset).toMatchObject({ status: 'pending', member: { id: member.id }, maker: { id: maker.id } });
    const waiting = dataOf<ResetView[]>(await call('GET', '/api/admin/assisted-resets', checker.token));
    expect(waiting.find((r) => r.id === reset.id)?.status).toBe('pending');

    // The maker cannot approve their own; a member admin cannot see the queue without the role.
    const own = await call('POST', `/api/admin/assisted-resets/${reset.id}/approve`, maker.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'MAKER_CHECKER',
      error: 'You started this password reset, so another admin with Member Management must approve it.',
    });
    const other = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);
    expect((await call('GET', '/api/admin/assisted-resets', other)).statusCode).toBe(403);

    // A pending reset has no code that works.
    const early = await call('POST', '/api/auth/assisted-reset', undefined, {
      email: member.email,
      resetCode: 'aaaa-bbbb-cccc',
      password: NEW_PASSWORD,
    });
    expect(early.json().error).toBe(CODE_WRONG);

    const approved = await call('POST', `/api/admin/assisted-resets/${reset.id}/approve`, checker.token);
    expect(approved.statusCode, approved.body).toBe(200);
    const { code, status } = dataOf<ResetView & { code: string }>(approved);
    expect(status).toBe('approved');
    expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const [row] = await t.db.select().from(accountLinks).where(eq(accountLinks.id, reset.id));
    expect(JSON.stringify(row)).not.toContain(code);
    // Decided once.
    expect((await call('POST', `/api/admin/assisted-resets/${reset.id}/approve`, checker.token)).statusCode).toBe(404);

    // The code works only with the member's own address, and with the registration strength rule.
    const elsewhere = await call('POST', '/api/auth/assisted-reset', undefined, {
      email: (await seedActiveMember(t.db)).email,
      resetCode: code,
      password: NEW_PASSWORD,
    });
    expect(elsewhere.json().error).toBe(CODE_WRONG);
    const weak = await call('POST', '/api/auth/assisted-reset', undefined, {
      email: member.email,
      resetCode: code,
      password: 'password1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.password).toMatch(/too easy to guess/);

    // Typed as read out: capitals and spaces are fine.
    const done = await call('POST', '/api/auth/assisted-reset', undefined, {
      email: member.email,
      resetCode: code.toUpperCase().replace(/-/g, ' '),
      password: NEW_PASSWORD,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call('GET', '/api/auth/me', session)).statusCode).toBe(401);
    expect(await login(t.app, member.email, NEW_PASSWORD)).toBeTruthy();
    expect(
      (await call('POST', '/api/auth/login', undefined, { email: member.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    const again = await call('POST', '/api/auth/assisted-reset', undefined, {
      email: member.email,
      resetCode: code,
      password: 'yet another counter password',
    });
    expect(again.json().error).toBe(CODE_WRONG);

    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, member.id))).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'account.assisted_reset_start',
        'account.assisted_reset_approve',
        'account.assisted_reset',
      ]),
    );
    const told = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, member.email), eq(emailOutbox.subject, 'Letsema: your password was changed')));
    expect(told).toHaveLength(1);
  });

  it('asks for the second factor when two-factor is on', async () => {
    const member = await seedActiveMember(t.db);
    const session = await login(t.app, member.email);
    const setup = dataOf<{ secret: string }>(await call('POST', '/api/auth/mfa/setup', session, {}));
    expect((await call('POST', '/api/auth/mfa/enable', session, { code: appCode(setup.secret) })).statusCode).toBe(200);
    const { code } = await startAndApprove(member.id);
    const body = { email: member.email, resetCode: code, password: NEW_PASSWORD };
    const without = await call('POST', '/api/auth/assisted-reset', undefined, body);
    expect(without.statusCode).toBe(400);
    expect(without.json().details.code).toBe(
      'Your account has two-factor sign-in on: enter the code from your authenticator app (or a recovery code).',
    );
    const right = await call('POST', '/api/auth/assisted-reset', undefined, { ...body, code: appCode(setup.secret) });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('can be refused, is for members only, and limits tries per address', async () => {
    const member = await seedActiveMember(t.db);
    const started = dataOf<ResetView>(
      await call('POST', `/api/admin/members/${member.id}/assisted-reset`, maker.token),
    );
    const refused = await call('POST', `/api/admin/assisted-resets/${started.id}/reject`, checker.token);
    expect(refused.statusCode, refused.body).toBe(200);
    const list = dataOf<ResetView[]>(await call('GET', '/api/admin/assisted-resets', checker.token));
    expect(list.find((r) => r.id === started.id)).toBeUndefined();

    const admin = await seedAdmin(t.db, { roles: ['audit'] });
    expect((await call('POST', `/api/admin/members/${admin.id}/assisted-reset`, maker.token)).statusCode).toBe(404);

    const { code } = await startAndApprove(member.id);
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/api/auth/assisted-reset', undefined, {
        email: member.email,
        resetCode: `zzzz-zzzz-zzz${i + 2}`,
        password: NEW_PASSWORD,
      });
      expect(wrong.json().error).toBe(CODE_WRONG);
    }
    const limited = await call('POST', '/api/auth/assisted-reset', undefined, {
      email: member.email,
      resetCode: code,
      password: NEW_PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
  });
});
