import { randomUUID } from 'node:crypto';
import { queueKeys, queuesFor, type AdminRole, type MyTasks, type PendingCounts } from '@letsema/domain';
import { eq } from 'drizzle-orm';
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
import { hundredRandShares, seedFundedMember } from '../../../test/loans.js';
import { seedOpenPool } from '../../../test/pools.js';
import { seedSubmittedMember } from '../../../test/seed.js';
import {
  accountingPeriods,
  accountLinks,
  correctionRequests,
  exitRequests,
  expenses,
  income,
  loanInstalments,
  loanPenalties,
  loanPenaltyWaivers,
  loanProducts,
  loanRepayments,
  loans,
  memberships,
  periodReopenRequests,
  recordReversalRequests,
  staffGrants,
  withdrawals,
} from '../../db/schema.js';
import { ASSISTED_RESET_PENDING } from '../auth/assisted-reset.js';

let t: TestContext;
let boss: string;

/**
 * One item in each queue of `waitingQueues`, made by another admin than the one reading. Rows the
 * API would take many steps to reach (a loan with a penalty, a reversal) are written as those steps
 * leave them.
 */
async function seedOneOfEveryQueue(): Promise<void> {
  const maker = await seedAdmin(t.db);
  const pool = await seedOpenPool(t.app, boss, hundredRandShares);
  await seedSubmittedMember(t.app);
  const funded = await seedFundedMember(t.app, t.db, {
    pool,
    manager: boss,
    cashier: boss,
    capital: 1000,
    fullName: 'Lerato Dlamini',
  });
  const payer = await login(t.app, (await seedActiveMember(t.db)).email);
  const joined = await joinOk(t.app, payer, pool, 10, 'monthly');
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/admin/pool-requests/${joined.id}/approve`,
    headers: bearer(boss),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  expect((await submitPayment(t.app, payer, pool.id, 100)).statusCode).toBe(201);
  await joinOk(t.app, await login(t.app, (await seedActiveMember(t.db)).email), pool, 1, 'once');
  const [membership] = await t.db.select().from(memberships).where(eq(memberships.userId, funded.id));

  await t.db.insert(correctionRequests).values({ userId: funded.id, field: 'fullName', message: 'My surname' });
  await t.db.insert(accountLinks).values({
    userId: funded.id,
    purpose: ASSISTED_RESET_PENDING,
    tokenHash: randomUUID(),
    requestedBy: maker.id,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });

  const [product] = await t.db
    .insert(loanProducts)
    .values({
      type: 'emergency',
      name: 'Emergency loan',
      annualRateBps: 0,
      minTermMonths: 1,
      maxTermMonths: 6,
      maxCapitalMultipleHundredths: 100,
      graceDays: 3,
      penaltyType: 'fixed',
      guarantorAboveCapital: false,
    })
    .returning();
  const loan = (status: string) => ({
    userId: funded.id,
    poolId: pool.id,
    productId: product!.id,
    type: 'emergency',
    principalCents: 50_000,
    annualRateBps: 0,
    termMonths: 2,
    instalmentCents: 25_000,
    totalInterestCents: 0,
    purpose: 'School fees',
    graceDays: 3,
    penaltyType: 'fixed',
    penaltyFixedCents: 5_000,
    penaltyPercentBps: 0,
    capitalCents: 100_000,
    status,
  });
  const [, active] = await t.db
    .insert(loans)
    .values([loan('pending'), loan('active')])
    .returning();
  const [instalment] = await t.db
    .insert(loanInstalments)
    .values({ loanId: active!.id, number: 1, dueOn: '2026-01-31', principalCents: 25_000, interestCents: 0 })
    .returning();
  const [penalty] = await t.db
    .insert(loanPenalties)
    .values({ loanId: active!.id, instalmentId: instalment!.id, amountCents: 5_000, appliedOn: '2026-02-04' })
    .returning();
  await t.db.insert(loanPenaltyWaivers).values({
    penaltyId: penalty!.id,
    loanId: active!.id,
    amountCents: 5_000,
    reason: 'The bank was down',
    requestedBy: maker.id,
  });
  await t.db.insert(loanRepayments).values({
    loanId: active!.id,
    userId: funded.id,
    amountCents: 25_000,
    paymentMethod: 'eft',
    paidOn: '2026-01-30',
  });

  const held = { userId: funded.id, membershipId: membership!.id, poolId: pool.id };
  await t.db.insert(withdrawals).values({
    ...held,
    amountCents: 10_000,
    accountHolder: 'Lerato Dlamini',
    bankName: 'Capitec',
    accountNumber: '1234567890',
    branchCode: '470010',
  });
  await t.db.insert(exitRequests).values({ ...held, reason: 'Moving away', noticeEndsOn: '2026-01-01' });

  const record = (status: string) => ({
    poolId: pool.id,
    category: 'other',
    amountCents: 6_000,
    period: '2026-01',
    description: 'Stamps',
    recordedBy: maker.id,
    status,
  });
  const [, spent] = await t.db
    .insert(expenses)
    .values(
      ['pending', 'approved'].map((status) => ({
        ...record(status),
        expenseDate: '2026-01-10',
        receiptUrl: randomUUID(),
      })),
    )
    .returning();
  const [, earned] = await t.db
    .insert(income)
    .values(
      ['pending', 'approved'].map((status) => ({
        ...record(status),
        incomeDate: '2026-01-10',
        proofUrl: randomUUID(),
      })),
    )
    .returning();
  const reversal = { amountCents: 6_000, reason: 'Wrong pool', requestedBy: maker.id };
  await t.db.insert(recordReversalRequests).values([
    { ...reversal, expenseId: spent!.id },
    { ...reversal, incomeId: earned!.id },
  ]);

  await t.db.insert(accountingPeriods).values({ period: '2025-12', status: 'locked' });
  await t.db
    .insert(periodReopenRequests)
    .values({ period: '2025-12', kind: 'unlock', reason: 'A bank charge', requestedBy: maker.id });
  const grantee = await seedAdmin(t.db, { roles: [] });
  await t.db
    .insert(staffGrants)
    .values({ userId: grantee.id, kind: 'roles', roles: ['payment_management'], makerId: maker.id });
}

beforeAll(async () => {
  t = await createTestApp();
  boss = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
  await seedOneOfEveryQueue();
});
afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string, token: string) =>
  dataOf<T>(await t.app.inject({ method: 'GET', url, headers: bearer(token) }));

/** How many items My Tasks lists of each queue, waiting for this admin or for another. */
function countsOf(tasks: MyTasks): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of [...tasks.waiting, ...tasks.started]) {
    if (item.queue) counts[item.queue] = (counts[item.queue] ?? 0) + 1;
  }
  return counts;
}

describe(`My Tasks and the dashboard read the same queues (${testEngine})`, () => {
  it('lists an item of every queue the dashboard counts, as many of each as it counts', async () => {
    const tasks = await get<MyTasks>('/api/admin/tasks', boss);
    const counts = await get<PendingCounts>('/api/admin/dashboard/pending-counts', boss);
    expect(new Set(Object.keys(countsOf(tasks)))).toEqual(new Set(queueKeys));
    expect(countsOf(tasks)).toEqual(counts);
    // None was made by the super admin: all of it is theirs to decide.
    expect(tasks.started).toEqual([]);
    // The month unlock is titled as an unlock, under its queue's label.
    expect(tasks.waiting).toContainEqual(
      expect.objectContaining({ queue: 'monthRequests', title: 'Unlock December 2025?', path: '/admin/month-end' }),
    );
  });

  it.each<{ roles: AdminRole[] }>([
    { roles: ['payment_management'] },
    { roles: ['member_management', 'staff_management'] },
    { roles: ['loan_management'] },
  ])(
    'shows an admin with $roles only the queues of their roles, each as the dashboard counts it',
    async ({ roles }) => {
      const admin = await seedAdmin(t.db, { roles });
      const token = await login(t.app, admin.email);
      const tasks = await get<MyTasks>('/api/admin/tasks', token);
      const counts = await get<PendingCounts>('/api/admin/dashboard/pending-counts', token);
      const theirs = queuesFor({ isAdmin: true, adminRoles: roles }).map((queue) => queue.key);
      expect(new Set(Object.keys(countsOf(tasks)))).toEqual(new Set(theirs));
      expect(countsOf(tasks)).toEqual(counts);
    },
  );
});
