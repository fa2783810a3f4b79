import type { AdminRole } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedActiveMember,
  seedAdmin,
  type TestContext,
} from '../../../test/app.js';
import { createCalls } from '../../../test/calls.js';
import { testEngine } from '../../../test/database.js';
import { assertMoneyInvariants } from '../../../test/invariants.js';
import { joinOk, submitPayment } from '../../../test/investing.js';
import { seedOpenPool, type PoolAnswer } from '../../../test/pools.js';
import { uploadFile } from '../../../test/seed.js';
import { accountingPeriods, auditLog, journalEntries } from '../../db/schema.js';

let now = new Date('2026-08-03T09:00:00+02:00');
let t: TestContext;
let boss: string;
let manager: string;
let cashier: string;
let bookkeeper: string;
let checker: string;
let closer: string;

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  const admin = async (roles: AdminRole[]) => login(t.app, (await seedAdmin(t.db, { roles })).email);
  boss = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
  manager = await admin(['investment_management']);
  cashier = await admin(['payment_management']);
  bookkeeper = await admin(['expense_management']);
  checker = await admin(['expense_management']);
  closer = await admin(['month_end']);
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
});

const at = (iso: string) => {
  now = new Date(iso);
};
const { call, okData, refusal } = createCalls(() => t.app);

const setStart = async (token: string, period: unknown) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/books-start',
    headers: bearer(token),
    payload: { period },
  });
  return { status: response.statusCode, ...(JSON.parse(response.body) as { error: string; code: string }) };
};

interface BooksStart {
  booksStart: string | null;
  lastClosed: string | null;
  locked: string[];
  firstOpenPeriod: string | null;
  hasPostings: boolean;
}

async function recordExpense(date: string, poolId: string) {
  const receiptUrl = await uploadFile(t.app, bookkeeper, 'expense-receipt');
  return call('POST', '/api/admin/expenses', bookkeeper, {
    category: 'banking_fees',
    amount: 500,
    date,
    poolId,
    description: 'Account fee',
    receiptUrl,
  });
}

describe(`the month the books start in (${testEngine})`, () => {
  let pool: PoolAnswer;
  let july: string;
  beforeAll(async () => {
    pool = await seedOpenPool(t.app, manager);
  });

  it('is unknown until the first posting, and month end has nothing to close before it', async () => {
    expect(await okData<BooksStart>(call('GET', '/api/admin/books-start', bookkeeper))).toEqual({
      booksStart: null,
      lastClosed: null,
      locked: [],
      firstOpenPeriod: null,
      hasPostings: false,
    });
    const months = await okData<{ period: string }[]>(call('GET', '/api/admin/month-end', closer));
    expect(months.map((month) => month.period)).toEqual(['2026-08']);
    expect(await refusal(call('POST', '/api/admin/month-end/2026-07/lock', closer))).toMatchObject({
      status: 409,
      error: 'Nothing is in the books yet, so there is no month to close.',
    });
  });

  it('refuses the 2001-01-01 typo on the record form: at most twelve months back', async () => {
    const typo = await refusal(recordExpense('2001-01-01', pool.id));
    expect(typo).toMatchObject({
      status: 400,
      error: 'The date cannot be more than 12 months back.',
      details: { date: 'The date cannot be more than 12 months back.' },
    });
    expect((await refusal(recordExpense('2025-08-02', pool.id))).error).toBe(
      'The date cannot be more than 12 months back.',
    );
    const yearAgo = await recordExpense('2025-08-03', pool.id);
    expect(yearAgo.statusCode, yearAgo.body).toBe(201);
    await okData(
      call('POST', `/api/admin/expenses/${dataOf<{ id: string }>(yearAgo).id}/reject`, checker, { reason: 'Test' }),
    );
  });

  it('is set by the super admin alone before any posting, within the last twelve months, audited', async () => {
    expect(await setStart(closer, '2026-07')).toMatchObject({
      status: 403,
      error: 'Only the super admin can set the month the books start in.',
    });
    expect(await setStart(boss, '2001-01')).toMatchObject({
      status: 400,
      error: 'Choose a month from August 2025 to August 2026.',
    });
    expect((await setStart(boss, '2026-13')).status).toBe(400);
    expect(await setStart(boss, '2026-07')).toMatchObject({ status: 200 });
    expect(await okData<BooksStart>(call('GET', '/api/admin/books-start', bookkeeper))).toMatchObject({
      booksStart: '2026-07',
      firstOpenPeriod: '2026-07',
      hasPostings: false,
    });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'books.start_set'));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ before: null, after: { period: '2026-07' } });
  });

  it('refuses a record dated before the books start, naming the first month that may be used', async () => {
    const early = await refusal(recordExpense('2026-06-20', pool.id));
    expect(early).toMatchObject({
      status: 400,
      error:
        'The books start in July 2026: nothing can be dated before it. The first month that may be used is July 2026.',
    });
    const recorded = await recordExpense('2026-07-15', pool.id);
    expect(recorded.statusCode, recorded.body).toBe(201);
    july = dataOf<{ id: string }>(recorded).id;
  });

  it('refuses a posting dated before the books start: an expense recorded earlier cannot be approved into it', async () => {
    expect(await setStart(boss, '2026-08')).toMatchObject({ status: 200 });
    const refused = await refusal(call('POST', `/api/admin/expenses/${july}/approve`, checker));
    expect(refused).toMatchObject({
      status: 409,
      error:
        'The books start in August 2026: nothing can be dated before it. The first month that may be used is August 2026.',
    });
    expect(await t.db.select().from(journalEntries)).toHaveLength(0);
    await okData(call('POST', `/api/admin/expenses/${july}/reject`, checker, { reason: 'Before the books start' }));
  });

  it('is fixed by the first posting, which the super admin can no longer move', async () => {
    const member = await seedActiveMember(t.db);
    const token = await login(t.app, member.email);
    const joined = await joinOk(t.app, token, pool, 1, 'once');
    await okData(call('POST', `/api/admin/pool-requests/${joined.id}/approve`, manager));
    const payment = await submitPayment(t.app, token, pool.id, 1000);
    await okData(call('POST', `/api/admin/payments/${dataOf<{ id: string }>(payment).id}/approve`, cashier));
    expect(await okData<BooksStart>(call('GET', '/api/admin/books-start', closer))).toMatchObject({
      booksStart: '2026-08',
      hasPostings: true,
    });
    expect(await setStart(boss, '2026-07')).toMatchObject({
      status: 409,
      error: 'The books have started already: their first posting set the month they start in.',
    });
    const months = await okData<{ period: string }[]>(call('GET', '/api/admin/month-end', closer));
    expect(months.map((month) => month.period)).toEqual(['2026-08']);
    at('2026-09-02T09:00:00+02:00');
    expect(await refusal(call('POST', '/api/admin/month-end/2026-07/lock', closer))).toMatchObject({
      status: 409,
      error: 'The books start in August 2026: there is nothing to close before it.',
    });
  });

  it('counts a month without a row of its own before the last closed one as closed', async () => {
    // An older cooperative's books: October closed, September never given a row.
    at('2026-11-10T09:00:00+02:00');
    const pending = await recordExpense('2026-09-15', pool.id);
    expect(pending.statusCode, pending.body).toBe(201);
    await t.db.insert(accountingPeriods).values({ period: '2026-10', status: 'closed' });
    try {
      const refusalMessage =
        'September 2026 is closed or locked for month end: nothing new can be dated in it. The first month that may be used is November 2026.';
      expect(await refusal(recordExpense('2026-09-20', pool.id))).toMatchObject({ status: 400, error: refusalMessage });
      expect(await refusal(recordExpense('2026-08-15', pool.id))).toMatchObject({
        status: 400,
        error:
          'August 2026 is closed or locked for month end: nothing new can be dated in it. The first month that may be used is November 2026.',
      });
      // The attack: an expense dated into the closed months, approved later, must not move their bank.
      const approved = await refusal(
        call('POST', `/api/admin/expenses/${dataOf<{ id: string }>(pending).id}/approve`, checker),
      );
      expect(approved).toMatchObject({ status: 409, error: refusalMessage });
      expect(await okData<BooksStart>(call('GET', '/api/admin/books-start', bookkeeper))).toMatchObject({
        lastClosed: '2026-10',
        firstOpenPeriod: '2026-11',
      });
      const months = await okData<{ period: string; status: string }[]>(call('GET', '/api/admin/month-end', closer));
      expect(months).toEqual([
        { period: '2026-11', status: 'open', nextStep: 'lock', hasEnded: false },
        { period: '2026-10', status: 'closed', nextStep: null, hasEnded: true },
        { period: '2026-09', status: 'closed', nextStep: null, hasEnded: true },
        { period: '2026-08', status: 'closed', nextStep: null, hasEnded: true },
      ]);
      const november = await recordExpense('2026-11-02', pool.id);
      expect(november.statusCode, november.body).toBe(201);
      await okData(
        call('POST', `/api/admin/expenses/${dataOf<{ id: string }>(november).id}/reject`, checker, { reason: 'Test' }),
      );
    } finally {
      await okData(
        call('POST', `/api/admin/expenses/${dataOf<{ id: string }>(pending).id}/reject`, checker, { reason: 'Closed' }),
      );
      await t.db
        .delete(accountingPeriods)
        .where(and(eq(accountingPeriods.period, '2026-10'), eq(accountingPeriods.status, 'closed')));
    }
  });
});
