import type { AdminRole } from '@letsema/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, login, seedActiveMember, seedAdmin, type TestContext } from '../../../test/app.js';
import { createCalls } from '../../../test/calls.js';
import { testEngine } from '../../../test/database.js';
import { assertMoneyInvariants } from '../../../test/invariants.js';
import { joinOk, submitPayment } from '../../../test/investing.js';
import { seedOpenPool, type PoolAnswer } from '../../../test/pools.js';
import { uploadFile } from '../../../test/seed.js';
import { auditLog, journalEntries } from '../../db/schema.js';

let now = new Date('2026-08-05T09:00:00+02:00');
let t: TestContext;
let manager: string;
let cashier: string;
let bookkeeper: string;
let checker: string;
let closer: string;
let secondCloser: string;

const admin = async (roles: AdminRole[]) => login(t.app, (await seedAdmin(t.db, { roles })).email);

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  manager = await admin(['investment_management']);
  cashier = await admin(['payment_management']);
  bookkeeper = await admin(['expense_management', 'investment_management']);
  checker = await admin(['expense_management', 'investment_management']);
  closer = await admin(['month_end']);
  secondCloser = await admin(['month_end']);
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

interface Period {
  status: string;
  nextStep: string | null;
  bank: { ledgerBalance: number; statementBalance: number | null; difference: number | null };
  calculation: unknown;
  adjustments: { id: string; kind: string; categoryLabel: string; amount: number; status: string }[];
  reopenRequests: { id: string; kind: string; status: string }[];
}

async function paidMember(pool: PoolAnswer, fullName: string) {
  const member = await seedActiveMember(t.db, { fullName });
  const token = await login(t.app, member.email);
  const joined = await joinOk(t.app, token, pool, 1, 'once');
  await okData(call('POST', `/api/admin/pool-requests/${joined.id}/approve`, manager));
  const payment = await submitPayment(t.app, token, pool.id, 1000);
  expect(payment.statusCode, payment.body).toBe(201);
  await okData(call('POST', `/api/admin/payments/${dataOf<{ id: string }>(payment).id}/approve`, cashier));
}

const expenseBody = async (date: string, poolId: string, amount: number, isAdjustment?: boolean) => ({
  category: 'banking_fees',
  amount,
  date,
  poolId,
  description: 'Bank charge on the statement',
  receiptUrl: await uploadFile(t.app, bookkeeper, 'expense-receipt'),
  ...(isAdjustment === undefined ? {} : { isAdjustment }),
});

const period = (month: string) => okData<Period>(call('GET', `/api/admin/month-end/${month}`, closer));

const reconcile = async (month: string, bankClosingBalance: number) =>
  call('POST', `/api/admin/month-end/${month}/reconcile`, closer, {
    bankClosingBalance,
    bankStatementUrl: await uploadFile(t.app, closer, 'bank-statement'),
  });

describe(`adjustments in a locked month (${testEngine})`, () => {
  let pool: PoolAnswer;
  beforeAll(async () => {
    at('2026-08-05T09:00:00+02:00');
    pool = await seedOpenPool(t.app, manager);
    await paidMember(pool, 'Nomsa Khumalo');
    at('2026-09-02T09:00:00+02:00');
    await okData(call('POST', '/api/admin/month-end/2026-08/lock', closer));
  });

  it('takes a R 10 bank charge as an adjustment under maker-checker, and the reconcile difference goes to zero', async () => {
    // The statement shows R 990.00: the bank charged R 10.00 the ledger does not know of.
    const off = await refusal(reconcile('2026-08', 990));
    expect(off).toMatchObject({ status: 409 });
    expect(off.error).toMatch(/^The bank statement and the ledger differ by -R 10\.00\./);

    // An ordinary expense is refused in the locked month, saying what may go in.
    expect(
      await refusal(call('POST', '/api/admin/expenses', bookkeeper, await expenseBody('2026-08-31', pool.id, 10))),
    ).toMatchObject({
      status: 400,
      error:
        'August 2026 is locked for month end: only an adjustment (a bank charge, interest or a correction) can be dated in it until it is closed. The first month that may be used otherwise is September 2026.',
    });
    const charge = await okData<{ id: string; isAdjustment: boolean; status: string; period: string }>(
      call('POST', '/api/admin/expenses', bookkeeper, await expenseBody('2026-08-31', pool.id, 10, true)),
      201,
    );
    expect(charge).toMatchObject({ isAdjustment: true, status: 'pending', period: '2026-08' });
    let august = await period('2026-08');
    expect(august.adjustments).toEqual([
      expect.objectContaining({
        id: charge.id,
        kind: 'expense',
        categoryLabel: 'Banking Fees',
        amount: 10,
        status: 'pending',
      }),
    ]);
    expect(august.bank).toMatchObject({ ledgerBalance: 1000, statementBalance: 990, difference: -10 });
    // Pending, it holds the reconciliation back.
    expect((await refusal(reconcile('2026-08', 990))).error).toBe(
      'Decide the payments, expenses and income still pending for this month first.',
    );

    // The usual maker-checker: the admin who recorded it cannot approve it.
    expect(await refusal(call('POST', `/api/admin/expenses/${charge.id}/approve`, bookkeeper))).toMatchObject({
      status: 403,
      code: 'MAKER_CHECKER',
      error: 'You recorded this, so another admin must decide it.',
    });
    await okData(call('POST', `/api/admin/expenses/${charge.id}/approve`, checker));
    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.sourceType, 'expense'), eq(journalEntries.sourceId, charge.id)));
    expect(entry).toMatchObject({ effectiveDate: '2026-08-31', period: '2026-08' });

    august = await period('2026-08');
    expect(august.adjustments[0]!.status).toBe('approved');
    expect(august.bank).toMatchObject({ ledgerBalance: 990, statementBalance: 990, difference: 0 });
    const reconciled = await okData<Period>(reconcile('2026-08', 990));
    expect(reconciled.nextStep).toBe('calculate');
  });

  it('sends the close back to its reconciliation when an adjustment comes after the split, then closes', async () => {
    await okData(call('POST', '/api/admin/month-end/2026-08/calculate', closer));
    const proofUrl = await uploadFile(t.app, bookkeeper, 'income-proof');
    const interest = await okData<{ id: string; isAdjustment: boolean }>(
      call('POST', '/api/admin/income', bookkeeper, {
        category: 'interest',
        amount: 5,
        date: '2026-08-31',
        poolId: pool.id,
        description: 'Interest the bank paid on the last day',
        proofUrl,
        isAdjustment: true,
      }),
      201,
    );
    expect(interest.isAdjustment).toBe(true);
    let august = await period('2026-08');
    expect(august).toMatchObject({ status: 'locked', nextStep: 'reconcile', calculation: null });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'month_end.reconcile_again'), eq(auditLog.targetId, '2026-08')));
    expect(audited).toBeDefined();
    await okData(call('POST', `/api/admin/income/${interest.id}/approve`, checker));
    august = await period('2026-08');
    expect(august.adjustments.map((row) => [row.kind, row.amount, row.status])).toEqual([
      ['expense', 10, 'approved'],
      ['income', 5, 'approved'],
    ]);
    expect(august.bank.ledgerBalance).toBe(995);

    await okData(reconcile('2026-08', 995));
    await okData(call('POST', '/api/admin/month-end/2026-08/calculate', closer));
    await okData(call('POST', '/api/admin/month-end/2026-08/allocate', secondCloser));
    await okData(call('POST', '/api/admin/month-end/2026-08/reports', closer));
    expect((await okData<Period>(call('POST', '/api/admin/month-end/2026-08/close', closer))).status).toBe('closed');
  });

  it('refuses an adjustment into a closed month: closed months stay closed', async () => {
    const refused = await refusal(
      call('POST', '/api/admin/expenses', bookkeeper, await expenseBody('2026-08-30', pool.id, 3, true)),
    );
    expect(refused).toMatchObject({
      status: 400,
      error:
        'August 2026 is closed or locked for month end: nothing new can be dated in it. The first month that may be used is September 2026.',
      details: {
        date: 'August 2026 is closed or locked for month end: nothing new can be dated in it. The first month that may be used is September 2026.',
      },
    });
  });

  it('refuses an adjustment recorded in an open month that is approved after its month closed', async () => {
    // Recorded while September is open; September then closes (as if the check were passed by).
    at('2026-09-20T09:00:00+02:00');
    const late = await okData<{ id: string }>(
      call('POST', '/api/admin/expenses', bookkeeper, await expenseBody('2026-09-10', pool.id, 4, true)),
      201,
    );
    await t.db.execute(
      sql`insert into accounting_periods (period, status) values ('2026-09', 'closed') on conflict (cooperative_id, period) do update set status = 'closed'`,
    );
    try {
      expect(await refusal(call('POST', `/api/admin/expenses/${late.id}/approve`, checker))).toMatchObject({
        status: 409,
        error:
          'September 2026 is closed or locked for month end: nothing new can be dated in it. The first month that may be used is October 2026.',
      });
    } finally {
      await t.db.execute(sql`update accounting_periods set status = 'open' where period = '2026-09'`);
      await okData(call('POST', `/api/admin/expenses/${late.id}/reject`, checker, { reason: 'Test only' }));
    }
  });
});

describe(`unlocking a locked month (${testEngine})`, () => {
  let pool: PoolAnswer;
  beforeAll(async () => {
    at('2026-09-10T09:00:00+02:00');
    pool = await seedOpenPool(t.app, manager);
    await paidMember(pool, 'Themba Nkosi');
  });

  it('asks a reason, refuses the maker and an open month, and holds the close while it waits', async () => {
    expect(
      await refusal(call('POST', '/api/admin/month-end/2026-09/unlock', closer, { reason: 'A late receipt' })),
    ).toMatchObject({ status: 409, error: 'Only a locked month that is not yet closed can be unlocked.' });
    at('2026-10-02T09:00:00+02:00');
    await okData(call('POST', '/api/admin/month-end/2026-09/lock', closer));
    expect(
      await refusal(call('POST', '/api/admin/month-end/2026-09/unlock', closer, { reason: 'short' })),
    ).toMatchObject({ status: 400, error: 'Please give the reason for unlocking (at least 10 characters)' });
    expect(
      (await refusal(call('POST', '/api/admin/month-end/2026-09/unlock', cashier, { reason: 'x'.repeat(20) }))).status,
    ).toBe(403);
    const asked = await okData<Period>(
      call('POST', '/api/admin/month-end/2026-09/unlock', closer, { reason: 'The treasurer locked it a day early.' }),
      201,
    );
    const request = asked.reopenRequests[0]!;
    expect(request).toMatchObject({ kind: 'unlock', status: 'pending' });
    expect(
      await refusal(
        call('POST', '/api/admin/month-end/2026-09/unlock', secondCloser, { reason: 'Asked again, twice.' }),
      ),
    ).toMatchObject({ status: 409, error: 'A request to unlock this month is already waiting for a decision.' });
    expect((await refusal(reconcile('2026-09', 1000))).error).toBe(
      'A request to unlock this month is waiting for a decision: decide it first.',
    );
    // The maker cannot approve their own request; a reopen call does not decide it either.
    expect(
      await refusal(call('POST', `/api/admin/month-end/unlock-requests/${request.id}/approve`, closer)),
    ).toMatchObject({
      status: 403,
      code: 'MAKER_CHECKER',
      error: 'You asked for this month to be unlocked, so another month-end admin must decide.',
    });
    expect(
      (await refusal(call('POST', `/api/admin/month-end/reopen-requests/${request.id}/approve`, secondCloser))).status,
    ).toBe(404);
    // Refused, the month stays locked and may be asked again.
    const refused = await okData<Period>(
      call('POST', `/api/admin/month-end/unlock-requests/${request.id}/reject`, secondCloser),
    );
    expect(refused.status).toBe('locked');
    expect(refused.reopenRequests[0]).toMatchObject({ id: request.id, status: 'rejected' });
  });

  it('is approved once when several month-end admins approve at the same moment, audited, and the month is open', async () => {
    const asked = await okData<Period>(
      call('POST', '/api/admin/month-end/2026-09/unlock', closer, { reason: 'A receipt for September came late.' }),
      201,
    );
    const request = asked.reopenRequests.find((row) => row.status === 'pending')!;
    const deciders = [secondCloser, await admin(['month_end']), await admin(['month_end'])];
    const answers = await Promise.all(
      deciders.map((token) => call('POST', `/api/admin/month-end/unlock-requests/${request.id}/approve`, token)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const september = await period('2026-09');
    expect(september).toMatchObject({ status: 'open', nextStep: 'lock' });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, '2026-09'), eq(auditLog.targetType, 'period')))
      .orderBy(asc(auditLog.id));
    expect(audits.map((row) => row.action).filter((action) => action.startsWith('month_end.unlock'))).toEqual([
      'month_end.unlock_request',
      'month_end.unlock_refused',
      'month_end.unlock_request',
      'month_end.unlock',
    ]);
    // Open again: an ordinary expense may be dated in it.
    const late = await okData<{ id: string }>(
      call('POST', '/api/admin/expenses', bookkeeper, await expenseBody('2026-09-28', pool.id, 7)),
      201,
    );
    await okData(call('POST', `/api/admin/expenses/${late.id}/approve`, checker));
  });
});

describe(`a reversal waiting on a month's record (${testEngine})`, () => {
  let pool: PoolAnswer;
  let expenseId: string;
  const fresh = () => admin(['expense_management']);
  beforeAll(async () => {
    // September was unlocked above and is open again; the clock is on 2 October.
    at('2026-10-02T10:00:00+02:00');
    pool = await seedOpenPool(t.app, manager);
    const recorded = await okData<{ id: string }>(
      call('POST', '/api/admin/expenses', bookkeeper, {
        ...(await expenseBody('2026-09-15', pool.id, 25)),
        description: 'Printer toner',
      }),
      201,
    );
    expenseId = recorded.id;
    await okData(call('POST', `/api/admin/expenses/${expenseId}/approve`, checker));
  });

  it('blocks locking the month, naming what waits, until it is decided', async () => {
    const asked = await okData<{ reversal: { id: string } }>(
      call('POST', `/api/admin/expenses/${expenseId}/reversal`, bookkeeper, { reason: 'Charged to the wrong pool' }),
      201,
    );
    expect(asked.reversal).not.toBeNull();
    expect(await refusal(call('POST', '/api/admin/month-end/2026-09/lock', closer))).toMatchObject({
      status: 409,
      error:
        'A reversal of the expense “Printer toner” of R 25.00 is waiting for a decision. Decide it before this month is locked or closed.',
    });
    expect((await period('2026-09')).status).toBe('open');
    await okData(
      call('POST', `/api/admin/expenses/${expenseId}/reversal/reject`, await fresh(), { reason: 'It was our pool' }),
    );
    expect((await okData<Period>(call('POST', '/api/admin/month-end/2026-09/lock', closer))).status).toBe('locked');
  });

  it('blocks closing the month until it is decided, then the month closes', async () => {
    await okData(
      call('POST', `/api/admin/expenses/${expenseId}/reversal`, bookkeeper, { reason: 'The supplier refunded it' }),
      201,
    );
    const september = await period('2026-09');
    await okData(reconcile('2026-09', september.bank.ledgerBalance));
    await okData(call('POST', '/api/admin/month-end/2026-09/calculate', closer));
    await okData(call('POST', '/api/admin/month-end/2026-09/allocate', secondCloser));
    await okData(call('POST', '/api/admin/month-end/2026-09/reports', closer));
    expect(await refusal(call('POST', '/api/admin/month-end/2026-09/close', closer))).toMatchObject({
      status: 409,
      error:
        'A reversal of the expense “Printer toner” of R 25.00 is waiting for a decision. Decide it before this month is locked or closed.',
    });
    expect((await period('2026-09')).status).toBe('locked');
    // Approved, the correcting entry is dated today, in the open October; September then closes.
    await okData(call('POST', `/api/admin/expenses/${expenseId}/reversal/approve`, await fresh()));
    const [original] = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.sourceType, 'expense'), eq(journalEntries.sourceId, expenseId)));
    const [reversal] = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.sourceType, 'reversal'), eq(journalEntries.sourceId, original!.id)));
    expect(reversal!.period).toBe('2026-10');
    expect((await okData<Period>(call('POST', '/api/admin/month-end/2026-09/close', closer))).status).toBe('closed');
  });
});
