import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dataOf, login, registerMember, seedAdmin, type TestContext } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { seedSubmittedMember } from '../../test/seed.js';
import { auditLog, sessions, users } from '../db/schema.js';
import { createGuards, riddenValue } from './auth-guard.js';
import { adminPageRider } from './page-rider.js';

// The admin queues read their page in the same statement as the session check. The guards decide as
// for any other call: what rode with the session reaches the answer only for an account they accept.
let t: TestContext;
let reviewer: { id: string; token: string };
let cashier: { id: string; token: string };
let submitted: string[];
beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedAdmin(t.db, { roles: ['member_management'] });
  reviewer = { id: seeded.id, token: await login(t.app, seeded.email) };
  const other = await seedAdmin(t.db, { roles: ['payment_management'] });
  cashier = { id: other.id, token: await login(t.app, other.email) };
  submitted = [];
  for (let i = 0; i < 3; i += 1) submitted.push((await seedSubmittedMember(t.app)).userId);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const ids = (response: Awaited<ReturnType<typeof get>>) => dataOf<{ id: string }[]>(response).map((row) => row.id);

describe(`queues read with the session (${testEngine})`, () => {
  it('answers the page the request asks for, in the queue order', async () => {
    expect(ids(await get('/api/admin/pending-kyc?page=1&limit=100', reviewer.token))).toEqual(submitted);
    expect(ids(await get('/api/admin/pending-kyc?page=2&limit=2', reviewer.token))).toEqual([submitted[2]]);
    expect(ids(await get('/api/admin/pending-kyc', reviewer.token))).toEqual(submitted);
  });

  it('refuses a member and an admin without the role, and writes the refusal, with no rows in the answer', async () => {
    const member = await registerMember(t.app);
    const asMember = await get('/api/admin/pending-kyc', member.token);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.body).not.toContain(submitted[0]);
    const asCashier = await get('/api/admin/pending-kyc', cashier.token);
    expect(asCashier.statusCode).toBe(403);
    expect(asCashier.body).not.toContain(submitted[0]);
    const refusals = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.admin_refused'));
    expect(refusals.map((row) => row.actorId)).toEqual(expect.arrayContaining([member.userId, cashier.id]));
  });

  it('answers a page query that is not valid with its message once the session is checked, and 401 before', async () => {
    const invalid = await get('/api/admin/pending-kyc?limit=0', reviewer.token);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ success: false, error: 'limit must be from 1 to 100' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/pending-kyc?limit=0' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stops answering at once when the session ends or the account is suspended', async () => {
    const admin = await seedAdmin(t.db, { roles: ['member_management'] });
    const token = await login(t.app, admin.email);
    expect((await get('/api/admin/pending-kyc', token)).statusCode).toBe(200);
    await t.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, admin.id));
    const suspended = await get('/api/admin/pending-kyc', token);
    expect(suspended.statusCode).toBe(401);
    expect(suspended.body).not.toContain(submitted[0]);

    const second = await seedAdmin(t.db, { roles: ['member_management'] });
    const secondToken = await login(t.app, second.email);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, second.id));
    expect((await get('/api/admin/pending-kyc', secondToken)).statusCode).toBe(401);
  });

  it('reads the payment and pool-request queues for their roles only', async () => {
    expect((await get('/api/admin/pending-payments', cashier.token)).statusCode).toBe(200);
    expect((await get('/api/admin/pending-payments', reviewer.token)).statusCode).toBe(403);
    expect((await get('/api/admin/pool-requests?page=1&limit=20', reviewer.token)).statusCode).toBe(403);
  });
});

describe(`a read riding with the session check (${testEngine})`, () => {
  let probe: FastifyInstance;
  let reads: number;
  beforeAll(async () => {
    const guards = createGuards({
      db: t.db,
      jwtSecret: t.config.jwtSecret,
      idleMinutes: t.config.idleMinutes,
      mfaRequiredForAdmins: false,
    });
    // What the read saw of its placeholders: the session's account and the page's limit and offset.
    const read = sql`select ${sql.placeholder('userId')}::text || ' ' || ${sql.placeholder('limit')}::text || ' ' || ${sql.placeholder('offset')}::text`;
    probe = Fastify();
    probe.decorateRequest('auth', null);
    probe.decorateRequest('ridden', null);
    probe.get(
      '/probe',
      {
        preHandler: [guards.authenticate, guards.requirePermission('member_management')],
        config: { sessionRider: adminPageRider(guards, 'test_probe_with_session', read) },
      },
      async (request) => {
        reads += 1;
        return { ridden: riddenValue<string>(request) ?? null };
      },
    );
    await probe.ready();
  });
  afterAll(async () => {
    await probe?.close();
  });

  it("hands the handler what was read with the session, for the session's own account and page", async () => {
    reads = 0;
    const answer = await probe.inject({
      method: 'GET',
      url: '/probe?page=3&limit=10',
      headers: bearer(reviewer.token),
    });
    expect(answer.json()).toEqual({ ridden: `${reviewer.id} 10 20` });
    expect(reads).toBe(1);
  });

  it('does not ride when the page query is not valid, and never reaches the handler for a refused account', async () => {
    reads = 0;
    const invalid = await probe.inject({ method: 'GET', url: '/probe?limit=500', headers: bearer(reviewer.token) });
    expect(invalid.json()).toEqual({ ridden: null });
    const member = await registerMember(t.app);
    const refused = await probe.inject({ method: 'GET', url: '/probe', headers: bearer(member.token) });
    expect(refused.statusCode).toBe(403);
    expect(reads).toBe(1);
  });
});
