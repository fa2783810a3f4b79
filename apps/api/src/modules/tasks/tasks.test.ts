import type { AdminRole } from '@letsema/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedActiveMember,
  seedAdmin,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { joinOk, submitPayment } from '../../../test/investing.js';
import { seedOpenPool } from '../../../test/pools.js';
import { sampleProfile, seedSubmittedMember, uploadFile } from '../../../test/seed.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Tasks {
  waiting: { queue: string | null; id: string; title: string; path: string; since: string }[];
  started: { queue: string | null; id: string }[];
  more: { queue: string; label: string; path: string }[];
}

const tasksOf = async (token: string) =>
  dataOf<Tasks>(await t.app.inject({ method: 'GET', url: '/api/admin/tasks', headers: bearer(token) }));
const admin = async (roles: AdminRole[]) => login(t.app, (await seedAdmin(t.db, { roles })).email);

describe(`My Tasks (${testEngine})`, () => {
  it('shows each item to the admins who may decide it, and to its maker as started', async () => {
    const manager = await admin(['investment_management']);
    const cashier = await admin(['payment_management']);
    const maker = await admin(['expense_management']);
    const checker = await admin(['expense_management']);
    const pool = await seedOpenPool(t.app, manager);

    const member = await seedActiveMember(t.db);
    const token = await login(t.app, member.email);
    const joined = await joinOk(t.app, token, pool, 1, 'once');
    expect((await tasksOf(manager)).waiting.map((item) => item.id)).toContain(joined.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/pool-requests/${joined.id}/approve`,
      headers: bearer(manager),
    });
    const payment = dataOf<{ id: string }>(await submitPayment(t.app, token, pool.id, 1000));
    expect((await tasksOf(cashier)).waiting).toEqual([
      expect.objectContaining({ queue: 'payments', id: payment.id, path: '/admin/payments/pending' }),
    ]);

    const receiptUrl = await uploadFile(t.app, maker, 'expense-receipt');
    const expense = dataOf<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/expenses',
        headers: bearer(maker),
        payload: {
          category: 'other',
          amount: 12,
          date: new Date().toISOString().slice(0, 10),
          poolId: pool.id,
          description: 'Stamps',
          receiptUrl,
        },
      }),
    );
    const mine = await tasksOf(maker);
    expect(mine.waiting.map((item) => item.id)).not.toContain(expense.id);
    expect(mine.started.map((item) => item.id)).toContain(expense.id);
    expect((await tasksOf(checker)).waiting.map((item) => item.id)).toContain(expense.id);
    // Outside their roles, admins see none of it.
    const cashierTasks = await tasksOf(cashier);
    expect([...cashierTasks.waiting, ...cashierTasks.started].map((item) => item.id)).not.toContain(expense.id);
    const member403 = await t.app.inject({ method: 'GET', url: '/api/admin/tasks', headers: bearer(token) });
    expect(member403.statusCode).toBe(403);
  });

  it("puts every queue of a super admin's in one list, oldest first, each with its own time", async () => {
    const boss = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
    const manager = await admin(['investment_management']);
    const registration = await seedSubmittedMember(t.app);
    const pool = await seedOpenPool(t.app, manager);
    const member = await seedActiveMember(t.db);
    const joined = await joinOk(t.app, await login(t.app, member.email), pool, 1, 'once');

    const mine = await tasksOf(boss);
    const [submitted] = (
      await t.db.execute<{ at: string }>(
        sql`select to_char(submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from users where id = ${registration.userId}`,
      )
    ).rows;
    expect(mine.waiting).toContainEqual({
      queue: 'registrations',
      id: registration.userId,
      title: `Registration of ${sampleProfile.fullName}`,
      detail: 'Identity documents and next of kin to review',
      path: `/admin/members/pending/${registration.userId}`,
      since: submitted!.at,
    });
    expect(mine.waiting).toContainEqual(
      expect.objectContaining({ queue: 'poolRequests', id: joined.id, title: expect.stringContaining(pool.name) }),
    );
    const times = mine.waiting.map((item) => item.since);
    expect(times).toEqual([...times].sort());
    for (const time of times) expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // A role's queues only: the registration is not a pool manager's to decide, the request is.
    const managed = (await tasksOf(manager)).waiting.map((item) => item.id);
    expect(managed).toContain(joined.id);
    expect(managed).not.toContain(registration.userId);
  });

  it('lists the ten oldest of a queue and names the queue that holds more, with its page', async () => {
    const manager = await admin(['investment_management']);
    const pool = await seedOpenPool(t.app, manager);
    const before = (await tasksOf(manager)).waiting.filter((item) => item.queue === 'poolRequests').length;
    const joined: string[] = [];
    for (let i = before; i < 11; i++) {
      const member = await seedActiveMember(t.db);
      joined.push((await joinOk(t.app, await login(t.app, member.email), pool, 1, 'once')).id);
    }
    const mine = await tasksOf(manager);
    const requests = mine.waiting.filter((item) => item.queue === 'poolRequests');
    expect(requests).toHaveLength(10);
    // The oldest ten: the newest request is the one left to the queue's own page.
    expect(requests.map((item) => item.id)).not.toContain(joined.at(-1));
    expect(mine.more).toEqual([{ queue: 'poolRequests', label: 'Pool requests', path: '/admin/pool-requests' }]);

    // Ten waiting: all are listed, and nothing is said to be left.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/pool-requests/${joined[0]}/approve`,
      headers: bearer(await admin(['investment_management'])),
    });
    const after = await tasksOf(manager);
    expect(after.waiting.filter((item) => item.queue === 'poolRequests')).toHaveLength(10);
    expect(after.more).toEqual([]);
  });

  it('answers admins who ask at the same time each with their own tasks', async () => {
    const manager = await admin(['investment_management']);
    const cashier = await admin(['payment_management']);
    const pool = await seedOpenPool(t.app, manager);
    const member = await seedActiveMember(t.db);
    const memberToken = await login(t.app, member.email);
    const joined = await joinOk(t.app, memberToken, pool, 1, 'once');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/pool-requests/${joined.id}/approve`,
      headers: bearer(manager),
    });
    const payment = dataOf<{ id: string }>(await submitPayment(t.app, memberToken, pool.id, 1000));
    // The member who paid becomes a cashier: their own payment is never theirs to check.
    await t.db.execute(
      sql`update users set is_admin = true, admin_roles = '["payment_management"]'::jsonb where id = ${member.id}`,
    );
    const tokens = [manager, cashier, memberToken, cashier];
    const alone = [];
    for (const token of tokens) alone.push(await tasksOf(token));
    const together = await Promise.all(tokens.map((token) => tasksOf(token)));
    expect(together).toEqual(alone);
    const ids = (tasks: Tasks) => tasks.waiting.map((item) => item.id);
    expect(ids(together[1]!)).toContain(payment.id);
    expect(ids(together[2]!)).not.toContain(payment.id);
    expect(ids(together[0]!)).not.toContain(payment.id);
  });

  it('names a month to close in words', async () => {
    await t.db.execute(sql`insert into accounting_periods (period, status) values ('2025-01', 'open')`);
    const closer = await admin(['month_end']);
    const monthEnd = (await tasksOf(closer)).waiting.find((item) => item.queue === null && item.id === '2025-01');
    expect(monthEnd?.title).toMatch(/^Month end of January 2025: /);
  });
});
