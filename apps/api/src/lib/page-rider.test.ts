import { pageQuery } from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dataOf, login, registerMember, seedAdmin, type TestContext } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { notifications, sessions, users } from '../db/schema.js';
import { createGuards, riddenValue } from './auth-guard.js';
import { pageRider } from './page-rider.js';

// A page read with the session check: the guards decide as for any other call, and what rode with
// the session reaches the handler only for an account they accept.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (app: FastifyInstance, url: string, token?: string) =>
  app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });

async function memberWithNotifications(count: number) {
  const member = await registerMember(t.app);
  await t.db.delete(notifications).where(eq(notifications.userId, member.userId));
  await t.db.insert(notifications).values(
    Array.from({ length: count }, (_, i) => ({
      userId: member.userId,
      category: 'pool' as const,
      title: `Notice ${i}`,
      message: `Message ${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );
  return member;
}

type Page = { notifications: { title: string }[]; pagination: Record<string, number> };

describe(`the notifications list read with the session (${testEngine})`, () => {
  it("answers the page asked for, of the session's own account, with its total", async () => {
    const member = await memberWithNotifications(5);
    await memberWithNotifications(3);
    const page = dataOf<Page>(await get(t.app, '/api/notifications?page=2&limit=2', member.token));
    expect(page.notifications.map((n) => n.title)).toEqual(['Notice 2', 'Notice 1']);
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3 });
    const past = dataOf<Page>(await get(t.app, '/api/notifications?page=4&limit=2', member.token));
    expect(past).toEqual({ notifications: [], pagination: { page: 4, limit: 2, total: 5, totalPages: 3 } });
  });

  it('answers a page query that is not valid once the session is checked, and 401 before', async () => {
    const member = await memberWithNotifications(1);
    const invalid = await get(t.app, '/api/notifications?limit=0', member.token);
    expect(invalid.statusCode).toBe(400);
    expect((await get(t.app, '/api/notifications?limit=0')).statusCode).toBe(401);
  });

  it('stops answering at once when the session ends or the account is suspended', async () => {
    const suspended = await memberWithNotifications(2);
    expect((await get(t.app, '/api/notifications', suspended.token)).statusCode).toBe(200);
    await t.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, suspended.userId));
    const refused = await get(t.app, '/api/notifications', suspended.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain('Notice');

    const signedOut = await memberWithNotifications(2);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, signedOut.userId));
    expect((await get(t.app, '/api/notifications', signedOut.token)).statusCode).toBe(401);
  });
});

describe(`a read riding with the session check (${testEngine})`, () => {
  let probe: FastifyInstance;
  let handled: number;
  beforeAll(async () => {
    const guards = createGuards({
      db: t.db,
      jwtSecret: t.config.jwtSecret,
      idleMinutes: t.config.idleMinutes,
      mfaRequiredForAdmins: false,
    });
    // What the read saw: the session's account and the request's page.
    const read = sql`select ${users.id}::text || ' ' || r."limit"::text || ' ' || r."offset"::text`;
    probe = Fastify();
    probe.decorateRequest('auth', null);
    probe.decorateRequest('ridden', null);
    probe.get(
      '/probe',
      {
        preHandler: [guards.authenticate, guards.requirePermission('member_management')],
        config: { sessionRider: pageRider(guards, 'test_probe_with_session', read, pageQuery) },
      },
      async (request) => {
        handled += 1;
        return { ridden: riddenValue<string>(request) ?? null };
      },
    );
    // Only signed in; its read is made for admins only.
    probe.get(
      '/probe-admins',
      {
        preHandler: guards.authenticate,
        config: {
          sessionRider: pageRider(guards, 'test_probe_admins_with_session', read, pageQuery, { admins: true }),
        },
      },
      async (request) => ({ ridden: riddenValue<string>(request) ?? null }),
    );
    await probe.ready();
  });
  afterAll(async () => {
    await probe?.close();
  });

  it("hands the handler what was read with the session, for the session's own account and page", async () => {
    handled = 0;
    const admin = await seedAdmin(t.db, { roles: ['member_management'] });
    const token = await login(t.app, admin.email);
    const answer = await get(probe, '/probe?page=3&limit=10', token);
    expect(answer.json()).toEqual({ ridden: `${admin.id} 10 20` });
    expect(handled).toBe(1);
  });

  it('does not ride when the page query is not valid, and never reaches the handler for an account the guards refuse', async () => {
    handled = 0;
    const admin = await seedAdmin(t.db, { roles: ['member_management'] });
    const invalid = await get(probe, '/probe?limit=500', await login(t.app, admin.email));
    expect(invalid.json()).toEqual({ ridden: null });
    const member = await registerMember(t.app);
    expect((await get(probe, '/probe', member.token)).statusCode).toBe(403);
    const cashier = await seedAdmin(t.db, { roles: ['payment_management'] });
    expect((await get(probe, '/probe', await login(t.app, cashier.email))).statusCode).toBe(403);
    expect(handled).toBe(1);
  });

  it('answers sessions that ask at the same time each with its own account and page', async () => {
    const admins = await Promise.all([1, 2, 3].map(() => seedAdmin(t.db, { roles: ['member_management'] })));
    const tokens = [];
    for (const admin of admins) tokens.push(await login(t.app, admin.email));
    const answers = await Promise.all(
      tokens.map((token, n) => get(probe, `/probe?page=${n + 1}&limit=${5 + n}`, token)),
    );
    expect(answers.map((answer) => answer.json().ridden)).toEqual([
      `${admins[0]!.id} 5 0`,
      `${admins[1]!.id} 6 6`,
      `${admins[2]!.id} 7 14`,
    ]);
  });

  it("reads an admin list's page for an admin's session only", async () => {
    const member = await registerMember(t.app);
    expect((await get(probe, '/probe-admins?page=2&limit=5', member.token)).json()).toEqual({ ridden: null });
    const admin = await seedAdmin(t.db, { roles: ['payment_management'] });
    const token = await login(t.app, admin.email);
    expect((await get(probe, '/probe-admins?page=2&limit=5', token)).json()).toEqual({ ridden: `${admin.id} 5 5` });
  });
});
