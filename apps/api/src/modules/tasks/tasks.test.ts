import type { AdminRole } from '@letsema/domain';
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
import { uploadFile } from '../../../test/seed.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Tasks {
  waiting: { kind: string; id: string; title: string; path: string }[];
  started: { kind: string; id: string }[];
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
      expect.objectContaining({ kind: 'payment', id: payment.id, path: '/admin/payments/pending' }),
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
});
