import { formatRand, type AdminRole } from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
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
import { auditLog, emailOutbox, journalEntries, journalLines, memberships, notifications } from '../../db/schema.js';

let now = new Date('2026-08-03T09:00:00+02:00');
let t: TestContext;
let manager: string;
let cashier: string;
let bookkeeper: string;
let checker: string;
let secondChecker: string;
let closer: string;
let secondCloser: string;

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  const admin = async (roles: AdminRole[]) => login(t.app, (await seedAdmin(t.db, { roles })).email);
  manager = await admin(['investment_management']);
  cashier = await admin(['payment_management']);
  bookkeeper = await admin(['expense_management', 'investment_management']);
  checker = await admin(['expense_management', 'investment_management']);
  secondChecker = await admin(['expense_management']);
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

/** A member who holds `shares` shares of R 1 000 and paid them in full on the clock's day. */
async function paidMember(pool: PoolAnswer, shares = 1, fullName = 'Thandi Mokoena') {
  const member = await seedActiveMember(t.db, { fullName });
  const token = await login(t.app, member.email);
  const joined = await joinOk(t.app, token, pool, shares, 'once');
  await okData(call('POST', `/api/admin/pool-requests/${joined.id}/approve`, manager));
  const payment = await submitPayment(t.app, token, pool.id, shares * 1000);
  expect(payment.statusCode, payment.body).toBe(201);
  await okData(call('POST', `/api/admin/payments/${dataOf<{ id: string }>(payment).id}/approve`, cashier));
  return { id: member.id, token };
}

async function recordExpense(amount: number, date: string, poolId: string, token = bookkeeper) {
  const receiptUrl = await uploadFile(t.app, token, 'expense-receipt');
  return okData<{ id: string; status: string; approvalsNeeded: number }>(
    call('POST', '/api/admin/expenses', token, {
      category: 'banking_fees',
      amount,
      date,
      poolId,
      description: 'Monthly account fee',
      receiptUrl,
    }),
    201,
  );
}

async function recordIncome(amount: number, date: string, poolId: string) {
  const proofUrl = await uploadFile(t.app, bookkeeper, 'income-proof');
  const recorded = await okData<{ id: string }>(
    call('POST', '/api/admin/income', bookkeeper, {
      category: 'interest',
      amount,
      date,
      poolId,
      description: 'Money-market interest',
      proofUrl,
    }),
    201,
  );
  return okData<{ status: string }>(call('POST', `/api/admin/income/${recorded.id}/approve`, checker));
}

async function closeMonth(period: string, bankBalance: number) {
  await okData(call('POST', `/api/admin/month-end/${period}/lock`, closer));
  const statement = await uploadFile(t.app, closer, 'bank-statement');
  await okData(
    call('POST', `/api/admin/month-end/${period}/reconcile`, closer, {
      bankClosingBalance: bankBalance,
      bankStatementUrl: statement,
    }),
  );
  await okData(call('POST', `/api/admin/month-end/${period}/calculate`, closer));
  await okData(call('POST', `/api/admin/month-end/${period}/allocate`, secondCloser));
  await okData(call('POST', `/api/admin/month-end/${period}/reports`, closer));
  return okData<{ status: string }>(call('POST', `/api/admin/month-end/${period}/close`, closer));
}

interface Reversible {
  status: string;
  reversal: { status: string; reason: string; approvalsNeeded: number; approverIds: string[] } | null;
}

/** A fresh admin of the expenses, who has had no part in anything yet. */
const expenseAdmin = async () => login(t.app, (await seedAdmin(t.db, { roles: ['expense_management'] })).email);

const entriesFor = async (sourceType: string, sourceId: string) =>
  t.db
    .select()
    .from(journalEntries)
    .where(sql`${journalEntries.sourceType} = ${sourceType} and ${journalEntries.sourceId} = ${sourceId}`);

describe(`the ledger (${testEngine})`, () => {
  let pool: PoolAnswer;
  beforeAll(async () => {
    at('2026-08-03T09:00:00+02:00');
    pool = await seedOpenPool(t.app, manager);
  });

  it('posts an approved payment once, as bank against the member capital, and the trial balance balances', async () => {
    const member = await paidMember(pool);
    const [payment] = (await t.db.execute(sql`select id from payments where user_id = ${member.id}`)).rows as {
      id: string;
    }[];
    const entries = await entriesFor('payment', payment!.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ effectiveDate: '2026-08-03', period: '2026-08', kind: 'payment' });
    const lines = await t.db.select().from(journalLines).where(eq(journalLines.entryId, entries[0]!.id));
    expect(lines.map((line) => [line.account, line.amountCents]).sort()).toEqual([
      ['bank', 100_000],
      ['member_capital', -100_000],
    ]);
    // A second approval changes nothing.
    expect((await refusal(call('POST', `/api/admin/payments/${payment!.id}/approve`, cashier))).status).toBe(409);
    // The first posting sets the month the books start in.
    expect(await okData(call('GET', '/api/admin/books-start', cashier))).toMatchObject({
      booksStart: '2026-08',
      hasPostings: true,
    });
    expect(await entriesFor('payment', payment!.id)).toHaveLength(1);

    const balance = await okData<{
      isBalanced: boolean;
      totalDebit: number;
      accounts: { account: string; debit: number }[];
    }>(call('GET', '/api/admin/ledger/trial-balance?period=2026-08', closer));
    expect(balance.isBalanced).toBe(true);
    expect(balance.accounts.find((row) => row.account === 'bank')!.debit).toBeGreaterThanOrEqual(1000);
    expect((await refusal(call('GET', '/api/admin/ledger/trial-balance?period=2026-8', closer))).status).toBe(400);
    expect((await refusal(call('GET', '/api/admin/ledger/trial-balance?period=2026-08', cashier))).status).toBe(403);
  });

  it('refuses to change or remove an entry in the database itself', async () => {
    const [entry] = await t.db.select().from(journalEntries).limit(1);
    await expect(
      t.db.update(journalEntries).set({ description: 'changed' }).where(eq(journalEntries.id, entry!.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(journalLines).where(eq(journalLines.entryId, entry!.id))).rejects.toThrow();
    // An entry that does not balance is refused when its transaction commits.
    await expect(
      t.db.transaction(async (tx) => {
        const [bad] = await tx
          .insert(journalEntries)
          .values({
            effectiveDate: '2026-08-03',
            period: '2026-08',
            kind: 'payment',
            description: 'broken',
            sourceType: 'test',
            sourceId: 'unbalanced',
          })
          .returning();
        await tx.insert(journalLines).values([
          { entryId: bad!.id, account: 'bank', amountCents: 100 },
          { entryId: bad!.id, account: 'member_capital', amountCents: -99 },
        ]);
      }),
    ).rejects.toThrow();
    expect(await entriesFor('test', 'unbalanced')).toHaveLength(0);
  });
});

describe(`expenses (${testEngine})`, () => {
  let pool: PoolAnswer;
  beforeAll(async () => {
    at('2026-08-10T09:00:00+02:00');
    pool = await seedOpenPool(t.app, manager);
  });

  it('is recorded with a receipt, refused to its maker, approved by another admin and posted once', async () => {
    const expense = await recordExpense(150.25, '2026-08-09', pool.id);
    expect(expense).toMatchObject({ status: 'pending', approvalsNeeded: 1 });
    const own = await refusal(call('POST', `/api/admin/expenses/${expense.id}/approve`, bookkeeper));
    expect(own).toMatchObject({
      status: 403,
      code: 'MAKER_CHECKER',
      error: 'You recorded this, so another admin must decide it.',
    });
    const ownReject = await refusal(
      call('POST', `/api/admin/expenses/${expense.id}/reject`, bookkeeper, { reason: 'x' }),
    );
    expect(ownReject.code).toBe('MAKER_CHECKER');
    const approved = await okData<{ status: string }>(
      call('POST', `/api/admin/expenses/${expense.id}/approve`, checker),
    );
    expect(approved.status).toBe('approved');
    const entries = await entriesFor('expense', expense.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ effectiveDate: '2026-08-09', kind: 'expense' });

    const list = await okData<{
      items: { id: string }[];
      totalsByCategory: { category: string; approved: number }[];
    }>(call('GET', '/api/admin/expenses?period=2026-08&category=banking_fees', checker));
    expect(list.items.map((item) => item.id)).toContain(expense.id);
    expect(list.totalsByCategory.find((row) => row.category === 'banking_fees')!.approved).toBeGreaterThanOrEqual(
      150.25,
    );

    const csv = await call('GET', '/api/admin/expenses/export?period=2026-08', checker);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'Date,Month,Category,Amount (R),Pool,Description,Status,Recorded by,Decided at,Rejection reason',
    );
    expect(csv.body).toContain('2026-08-09,2026-08,Banking Fees,150.25');
  });

  it('answers bad input with the form messages, and refuses a future date or another admin’s receipt', async () => {
    const bad = await refusal(call('POST', '/api/admin/expenses', bookkeeper, { category: 'parties', amount: -1 }));
    expect(bad.status).toBe(400);
    expect(bad.error).toBe('Please choose a category');
    const receiptUrl = await uploadFile(t.app, checker, 'expense-receipt');
    const body = { category: 'other', amount: 10, poolId: pool.id, description: 'Stationery', receiptUrl };
    expect(
      (await refusal(call('POST', '/api/admin/expenses', bookkeeper, { ...body, date: '2026-08-09' }))).error,
    ).toBe('Please upload the receipt');
    expect((await refusal(call('POST', '/api/admin/expenses', checker, { ...body, date: '2026-08-11' }))).error).toBe(
      'The date cannot be in the future',
    );
    // Members cannot upload the books' documents.
    const member = await seedActiveMember(t.db);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/expense-receipt',
      headers: bearer(await login(t.app, member.email)),
    });
    expect(upload.statusCode).toBe(403);
  });

  it('needs two approvers above the dual-approval amount, neither the maker, and counts a double approval once', async () => {
    const expense = await recordExpense(2500, '2026-08-10', pool.id);
    expect(expense.approvalsNeeded).toBe(2);
    const first = await okData<{ status: string; approverIds: string[] }>(
      call('POST', `/api/admin/expenses/${expense.id}/approve`, checker),
    );
    expect(first.status).toBe('pending');
    expect(await entriesFor('expense', expense.id)).toHaveLength(0);
    expect(await refusal(call('POST', `/api/admin/expenses/${expense.id}/approve`, checker))).toMatchObject({
      status: 403,
      code: 'MAKER_CHECKER',
      error: 'You have approved this already; a second admin must approve it too.',
    });
    const second = await okData<{ status: string }>(
      call('POST', `/api/admin/expenses/${expense.id}/approve`, secondChecker),
    );
    expect(second.status).toBe('approved');
    expect(await entriesFor('expense', expense.id)).toHaveLength(1);
  });

  it('lets exactly one of two sessions approving at the same moment win', async () => {
    const expense = await recordExpense(80, '2026-08-10', pool.id);
    const otherSession = await login(t.app, (await seedAdmin(t.db, { roles: ['expense_management'] })).email);
    const answers = await Promise.all([
      call('POST', `/api/admin/expenses/${expense.id}/approve`, checker),
      call('POST', `/api/admin/expenses/${expense.id}/approve`, otherSession),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await entriesFor('expense', expense.id)).toHaveLength(1);
  });

  it('is reversed only when another admin approves the request: never the recorder, an approver or the requester', async () => {
    const expense = await recordExpense(70, '2026-08-10', pool.id);
    await okData(call('POST', `/api/admin/expenses/${expense.id}/approve`, checker));
    expect(
      (await refusal(call('POST', `/api/admin/expenses/${expense.id}/reversal`, secondChecker, { reason: 'x' }))).error,
    ).toBe('Please give the reason for the correction (at least 5 characters)');
    expect(
      (
        await refusal(
          call('POST', `/api/admin/expenses/${expense.id}/reversal`, secondChecker, { reason: 'x'.repeat(1001) }),
        )
      ).status,
    ).toBe(400);
    const asked = await okData<Reversible>(
      call('POST', `/api/admin/expenses/${expense.id}/reversal`, secondChecker, { reason: 'Paid twice by mistake' }),
      201,
    );
    expect(asked).toMatchObject({
      status: 'approved',
      reversal: { status: 'pending', reason: 'Paid twice by mistake', approvalsNeeded: 1, approverIds: [] },
    });
    const [original] = await entriesFor('expense', expense.id);
    expect(await entriesFor('reversal', original!.id)).toHaveLength(0);
    expect(
      await refusal(
        call('POST', `/api/admin/expenses/${expense.id}/reversal`, checker, { reason: 'Paid twice again' }),
      ),
    ).toMatchObject({ status: 409, error: 'A reversal of this is already waiting for a decision.' });

    // Nobody who recorded it, approved it or asked for its reversal decides the reversal.
    for (const maker of [bookkeeper, checker, secondChecker]) {
      expect(await refusal(call('POST', `/api/admin/expenses/${expense.id}/reversal/approve`, maker))).toMatchObject({
        status: 403,
        code: 'MAKER_CHECKER',
        error: 'You recorded, approved or asked to reverse this, so another admin must decide the reversal.',
      });
      expect(
        (await refusal(call('POST', `/api/admin/expenses/${expense.id}/reversal/reject`, maker, { reason: 'No' })))
          .code,
      ).toBe('MAKER_CHECKER');
    }
    expect(await entriesFor('reversal', original!.id)).toHaveLength(0);

    const reversed = await okData<Reversible>(
      call('POST', `/api/admin/expenses/${expense.id}/reversal/approve`, await expenseAdmin()),
    );
    expect(reversed).toMatchObject({ status: 'reversed', reversal: { status: 'approved' } });
    const reversal = await entriesFor('reversal', original!.id);
    expect(reversal).toHaveLength(1);
    expect(reversal[0]).toMatchObject({ kind: 'reversal', reversalOf: original!.id, effectiveDate: '2026-08-10' });
    const net = await t.db.execute(
      sql`select coalesce(sum(amount_cents), 0) as total from journal_lines where entry_id in (${original!.id}, ${reversal[0]!.id}) and account like 'expense:%'`,
    );
    expect(Number((net.rows[0] as { total: string }).total)).toBe(0);
    expect(
      (await refusal(call('POST', `/api/admin/expenses/${expense.id}/reversal/approve`, await expenseAdmin()))).status,
    ).toBe(409);
    expect(
      await refusal(call('POST', `/api/admin/expenses/${expense.id}/reversal`, checker, { reason: 'Again, twice' })),
    ).toMatchObject({ status: 409, error: 'Only an approved record can be reversed.' });
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, expense.id))
      .orderBy(auditLog.createdAt);
    expect(audited.map((row) => row.action)).toEqual([
      'expense.record',
      'expense.approve',
      'expense.reversal_request',
      'expense.reverse',
    ]);
  });

  it('keeps the record when its reversal is refused with a reason, and lets it be asked again', async () => {
    const expense = await recordExpense(60, '2026-08-10', pool.id);
    await okData(call('POST', `/api/admin/expenses/${expense.id}/approve`, checker));
    const asked = await okData<Reversible & { reversal: { id: string } }>(
      call('POST', `/api/admin/expenses/${expense.id}/reversal`, bookkeeper, { reason: 'Wrong pool' }),
      201,
    );
    const decider = await expenseAdmin();
    // My Tasks: waiting for another admin, started by the requester, nobody's task of the approver.
    type Tasks = { waiting: { queue: string | null; id: string; title: string }[]; started: { id: string }[] };
    const deciderTasks = await okData<Tasks>(call('GET', '/api/admin/tasks', decider));
    expect(deciderTasks.waiting).toContainEqual(
      expect.objectContaining({
        queue: 'expenseReversals',
        id: asked.reversal.id,
        title: 'Reverse an expense of R 60.00?',
      }),
    );
    const requesterTasks = await okData<Tasks>(call('GET', '/api/admin/tasks', bookkeeper));
    expect(requesterTasks.waiting.map((task) => task.id)).not.toContain(asked.reversal.id);
    expect(requesterTasks.started.map((task) => task.id)).toContain(asked.reversal.id);
    const approverTasks = await okData<Tasks>(call('GET', '/api/admin/tasks', checker));
    expect(approverTasks.waiting.map((task) => task.id)).not.toContain(asked.reversal.id);
    expect((await refusal(call('POST', `/api/admin/expenses/${expense.id}/reversal/reject`, decider, {}))).error).toBe(
      'Rejection reason is required',
    );
    const refused = await okData<Reversible>(
      call('POST', `/api/admin/expenses/${expense.id}/reversal/reject`, decider, { reason: 'It was the right pool' }),
    );
    expect(refused).toMatchObject({
      status: 'approved',
      reversal: { status: 'rejected', rejectionReason: 'It was the right pool' },
    });
    const [original] = await entriesFor('expense', expense.id);
    expect(await entriesFor('reversal', original!.id)).toHaveLength(0);
    expect((await refusal(call('POST', `/api/admin/expenses/${expense.id}/reversal/approve`, decider))).error).toBe(
      'No reversal of this is waiting for a decision.',
    );
    await okData(
      call('POST', `/api/admin/expenses/${expense.id}/reversal`, bookkeeper, { reason: 'Wrong pool, truly' }),
      201,
    );
    const [rejection] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${expense.id} and ${auditLog.action} = 'expense.reversal_reject'`);
    expect(rejection).toBeDefined();
    // Decided again, so that August can be locked: a reversal left waiting holds its month's close.
    await okData(
      call('POST', `/api/admin/expenses/${expense.id}/reversal/reject`, decider, { reason: 'Still the right pool' }),
    );
  });

  it('needs two other admins to reverse an expense above the dual-approval amount', async () => {
    const expense = await recordExpense(2500, '2026-08-10', pool.id);
    await okData(call('POST', `/api/admin/expenses/${expense.id}/approve`, checker));
    await okData(call('POST', `/api/admin/expenses/${expense.id}/approve`, secondChecker));
    const requester = await expenseAdmin();
    const asked = await okData<Reversible>(
      call('POST', `/api/admin/expenses/${expense.id}/reversal`, requester, { reason: 'Charged to the wrong year' }),
      201,
    );
    expect(asked.reversal).toMatchObject({ approvalsNeeded: 2 });
    // Either of the two approvers of the expense is one of its makers.
    expect(
      (await refusal(call('POST', `/api/admin/expenses/${expense.id}/reversal/approve`, secondChecker))).code,
    ).toBe('MAKER_CHECKER');
    const first = await expenseAdmin();
    const once = await okData<Reversible>(call('POST', `/api/admin/expenses/${expense.id}/reversal/approve`, first));
    expect(once).toMatchObject({
      status: 'approved',
      reversal: { status: 'pending', approverIds: [expect.any(String)] },
    });
    const [original] = await entriesFor('expense', expense.id);
    expect(await entriesFor('reversal', original!.id)).toHaveLength(0);
    expect(await refusal(call('POST', `/api/admin/expenses/${expense.id}/reversal/approve`, first))).toMatchObject({
      status: 403,
      error: 'You have approved this already; a second admin must approve it too.',
    });
    const twice = await okData<Reversible>(
      call('POST', `/api/admin/expenses/${expense.id}/reversal/approve`, await expenseAdmin()),
    );
    expect(twice).toMatchObject({ status: 'reversed', reversal: { status: 'approved' } });
    expect(await entriesFor('reversal', original!.id)).toHaveLength(1);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${expense.id} and ${auditLog.action} like 'expense.revers%'`)
      .orderBy(auditLog.createdAt);
    expect(actions.map((row) => row.action)).toEqual([
      'expense.reversal_request',
      'expense.reversal_first_approval',
      'expense.reverse',
    ]);
  });

  it('posts a reversal once when two admins approve it at the same moment', async () => {
    const expense = await recordExpense(90, '2026-08-10', pool.id);
    await okData(call('POST', `/api/admin/expenses/${expense.id}/approve`, checker));
    await okData(
      call('POST', `/api/admin/expenses/${expense.id}/reversal`, bookkeeper, { reason: 'Duplicate receipt' }),
      201,
    );
    const [one, two, three] = await Promise.all([expenseAdmin(), expenseAdmin(), expenseAdmin()]);
    const answers = await Promise.all(
      [one!, two!, three!].map((token) => call('POST', `/api/admin/expenses/${expense.id}/reversal/approve`, token)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const [original] = await entriesFor('expense', expense.id);
    expect(await entriesFor('reversal', original!.id)).toHaveLength(1);
  });

  it('is rejected with a reason and posts nothing', async () => {
    const expense = await recordExpense(45, '2026-08-10', pool.id);
    expect((await refusal(call('POST', `/api/admin/expenses/${expense.id}/reject`, checker, {}))).error).toBe(
      'Rejection reason is required',
    );
    const rejected = await okData<{ status: string; rejectionReason: string }>(
      call('POST', `/api/admin/expenses/${expense.id}/reject`, checker, { reason: 'Not ours' }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Not ours' });
    expect(await entriesFor('expense', expense.id)).toHaveLength(0);
  });
});

const POOL_NAME = 'Kgotso Community Savings and Burial Pool for Soshanguve Extension Four';
const COOPERATIVE = 'Kgotso Savings Cooperative';
const REGISTRATION = '2019/123456/24';
const RENAMED = 'Kgotso Savings and Burial Cooperative';
const RENUMBERED = '2021/654321/24';
const BANK_ACCOUNT_HOLDER = 'Kgotso Coop Trust Account';

/**
 * The papers carry the cooperative's name, and its registration number when it has one, as the
 * super admin keeps them in the cooperative's details.
 */
async function nameTheCooperative(name: string, registrationNumber?: string) {
  const owner = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
  await okData(
    call('PUT', '/api/admin/settings/cooperative', owner, { name, registrationNumber, province: 'Gauteng' }),
  );
}

/** The bank account members pay into, held in a name other than the cooperative's own. */
async function setTheBankAccount(accountHolder: string) {
  const owner = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
  await okData(
    call('PUT', '/api/admin/payment-details', owner, {
      bankName: 'First National Bank',
      accountHolder,
      accountNumber: '62123456789',
      branchCode: '250655',
    }),
  );
}

/** A PDF's text with its line breaks and runs of spaces as single spaces. */
async function pdfText(payload: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(payload)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe(`the month-end close (${testEngine})`, () => {
  let pool: PoolAnswer;
  const members: { id: string; token: string }[] = [];
  beforeAll(async () => {
    at('2026-08-20T09:00:00+02:00');
    // A name longer than the report's column: the PDF prints it whole, on two lines.
    pool = await seedOpenPool(t.app, manager, { name: POOL_NAME });
    for (const name of ['Ayanda Dlamini', 'Bongani Zulu', 'Chipo Moyo']) members.push(await paidMember(pool, 1, name));
  });

  it('refuses the steps out of order, before the month ends, and while anything is pending', async () => {
    expect((await refusal(call('POST', '/api/admin/month-end/2026-08/lock', closer))).error).toBe(
      'This month has not ended yet. It can be locked from the first day of the next month.',
    );
    at('2026-09-01T08:00:00+02:00');
    expect((await refusal(call('POST', '/api/admin/month-end/2026-08/calculate', closer))).error).toBe(
      'Do "Lock transactions" first.',
    );
    const pending = await recordExpense(12, '2026-08-31', pool.id);
    const refused = await refusal(call('POST', '/api/admin/month-end/2026-08/lock', closer));
    expect(refused).toMatchObject({
      status: 409,
      error: 'Decide the payments, expenses and income still pending for this month first.',
    });
    await okData(call('POST', `/api/admin/expenses/${pending.id}/reject`, checker, { reason: 'Duplicate' }));
    expect((await refusal(call('POST', '/api/admin/month-end/2026-08/lock', cashier))).status).toBe(403);
  });

  it('closes August: three equal holders split R 100.00 to the cent, and the calculator cannot allocate', async () => {
    await recordIncome(100, '2026-08-25', pool.id);
    await okData(call('POST', '/api/admin/month-end/2026-08/lock', closer));
    // Nothing new can be dated in a locked month: the form's date field says which month may be used.
    expect(
      await refusal(
        call('POST', '/api/admin/expenses', bookkeeper, {
          category: 'other',
          amount: 5,
          date: '2026-08-30',
          poolId: pool.id,
          description: 'Late',
          receiptUrl: await uploadFile(t.app, bookkeeper, 'expense-receipt'),
        }),
      ),
    ).toMatchObject({
      status: 400,
      error:
        'August 2026 is locked for month end: only an adjustment (a bank charge, interest or a correction) can be dated in it until it is closed. The first month that may be used otherwise is September 2026.',
      details: {
        date: 'August 2026 is locked for month end: only an adjustment (a bank charge, interest or a correction) can be dated in it until it is closed. The first month that may be used otherwise is September 2026.',
      },
    });

    const state = await okData<{ bank: { ledgerBalance: number } }>(
      call('GET', '/api/admin/month-end/2026-08', closer),
    );
    const statement = await uploadFile(t.app, closer, 'bank-statement');
    const off = await refusal(
      call('POST', '/api/admin/month-end/2026-08/reconcile', closer, {
        bankClosingBalance: state.bank.ledgerBalance + 1,
        bankStatementUrl: statement,
      }),
    );
    expect(off).toMatchObject({ status: 409 });
    expect(off.error).toMatch(/^The bank statement and the ledger differ by R 1\.00\./);
    expect((await refusal(call('POST', '/api/admin/month-end/2026-08/calculate', closer))).error).toBe(
      'Do "Reconcile accounts" first.',
    );
    await okData(
      call('POST', '/api/admin/month-end/2026-08/reconcile', closer, {
        bankClosingBalance: state.bank.ledgerBalance,
        bankStatementUrl: statement,
      }),
    );
    const calculated = await okData<{
      calculation: { pools: { poolId: string; toAllocate: number; members: { userId: string; share: number }[] }[] };
    }>(call('POST', '/api/admin/month-end/2026-08/calculate', closer));
    const split = calculated.calculation.pools.find((row) => row.poolId === pool.id)!;
    expect(split.toAllocate).toBe(100);
    expect(split.members.map((member) => member.share).sort()).toEqual([33.33, 33.33, 33.34]);

    expect(await refusal(call('POST', '/api/admin/month-end/2026-08/allocate', closer))).toMatchObject({
      status: 403,
      code: 'MAKER_CHECKER',
    });
    await okData(call('POST', '/api/admin/month-end/2026-08/allocate', secondCloser));
    const returns = await t.db
      .select({ cents: memberships.actualReturnCents })
      .from(memberships)
      .where(eq(memberships.poolId, pool.id));
    expect(returns.map((row) => row.cents).sort()).toEqual([3333, 3333, 3334]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, members[0]!.id));
    expect(told.some((row) => row.category === 'profit' && row.title === 'Your share of the August 2026 profit')).toBe(
      true,
    );
    // The month keeps its capital in the e-mail's subject too.
    const member = (await t.db.execute(sql`select email from users where id = ${members[0]!.id}`)).rows[0]!;
    const subjects = await t.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, String(member.email)));
    expect(subjects.map((mail) => mail.subject)).toContain('Letsema: your share of the August 2026 profit');

    // The reports are headed by the cooperative's details, whatever name its bank account is held in.
    await setTheBankAccount(BANK_ACCOUNT_HOLDER);
    await nameTheCooperative(COOPERATIVE, `  ${REGISTRATION} `);

    const reported = await okData<{ reports: Record<string, string> }>(
      call('POST', '/api/admin/month-end/2026-08/reports', closer),
    );
    expect(Object.keys(reported.reports).sort()).toEqual([
      'allocation.csv',
      'allocation.pdf',
      'bank-reconciliation.csv',
      'bank-reconciliation.pdf',
      'income-statement.csv',
      'income-statement.pdf',
      'loan-book.csv',
      'loan-book.pdf',
      'trial-balance.csv',
      'trial-balance.pdf',
    ]);
    const report = await call('GET', reported.reports['allocation.pdf']!, secondCloser);
    expect(report.statusCode).toBe(200);
    const text = await pdfText(report.rawPayload);
    // The registration number beside the name, as trimmed when saved.
    expect(text).toMatch(
      new RegExp(`^${COOPERATIVE} Registration number: ${REGISTRATION} Profit allocation, August 2026`),
    );
    expect(text).toContain('Ayanda Dlamini');
    // Made on 1 September at 06:00 UTC, which is 08:00 in South Africa.
    expect(text).toContain('Made: Sep 1, 2026 at 08:00 (South African time)');
    expect(text).not.toContain('UTC');
    // The pool's name whole, never cut short with an ellipsis: its end goes on the cell's second line.
    expect(text.split('Kgotso Community Savings and Burial Pool for')).toHaveLength(5);
    expect(text.split('Soshanguve Extension Four')).toHaveLength(5);
    expect(text).not.toContain('...');
    // Share-days are a count: R 1 000 held for 12 days (paid 20 August) is 12 000, not money.
    expect(text).toContain('Share-days');
    expect(text).toMatch(/Ayanda Dlamini 12 000 R 33\.3[34]/);
    const allocationCsv = (await call('GET', reported.reports['allocation.csv']!, secondCloser)).body;
    expect(allocationCsv.split('\r\n')[0]).toBe('Pool,Member,Share-days,Share (R)');
    expect(allocationCsv).toMatch(/,Ayanda Dlamini,12000\.00,33\.3[34]/);
    const closed = await okData<{ status: string }>(call('POST', '/api/admin/month-end/2026-08/close', closer));
    expect(closed.status).toBe('closed');
  });

  it('keeps a closed month closed until a second month-end admin approves a reopen', async () => {
    const late = await refusal(
      call('POST', '/api/admin/expenses', bookkeeper, {
        category: 'other',
        amount: 5,
        date: '2026-08-30',
        poolId: pool.id,
        description: 'Late',
        receiptUrl: await uploadFile(t.app, bookkeeper, 'expense-receipt'),
      }),
    );
    expect(late).toMatchObject({
      status: 400,
      error:
        'August 2026 is closed or locked for month end: nothing new can be dated in it. The first month that may be used is September 2026.',
    });
    expect(
      (await refusal(call('POST', '/api/admin/month-end/2026-08/reopen', closer, { reason: 'short' }))).status,
    ).toBe(400);
    const asked = await okData<{ reopenRequests: { id: string; status: string }[] }>(
      call('POST', '/api/admin/month-end/2026-08/reopen', closer, { reason: 'A bank fee was left out of August.' }),
      201,
    );
    const request = asked.reopenRequests[0]!;
    expect(
      await refusal(call('POST', `/api/admin/month-end/reopen-requests/${request.id}/approve`, closer)),
    ).toMatchObject({
      status: 403,
      code: 'MAKER_CHECKER',
    });
    const reopened = await okData<{ status: string }>(
      call('POST', `/api/admin/month-end/reopen-requests/${request.id}/approve`, secondCloser),
    );
    expect(reopened.status).toBe('open');
    // The missing fee goes in, and the month closes again: only the difference is allocated.
    const fee = await recordExpense(3, '2026-08-31', pool.id);
    await okData(call('POST', `/api/admin/expenses/${fee.id}/approve`, checker));
    const balance = await okData<{ bank: { ledgerBalance: number } }>(
      call('GET', '/api/admin/month-end/2026-08', closer),
    );
    expect((await closeMonth('2026-08', balance.bank.ledgerBalance)).status).toBe('closed');
    const returns = await t.db
      .select({ cents: memberships.actualReturnCents })
      .from(memberships)
      .where(eq(memberships.poolId, pool.id));
    expect(returns.reduce((sum, row) => sum + row.cents, 0)).toBe(9700);

    // The reports again: accounts by their names, and in the CSV amounts a spreadsheet can add up.
    const { reports } = await okData<{ reports: Record<string, string> }>(
      call('GET', '/api/admin/month-end/2026-08', closer),
    );
    const statementCsv = await call('GET', reports['income-statement.csv']!, closer);
    expect(statementCsv.headers['content-type']).toContain('text/csv');
    const lines = statementCsv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Pool,Account,Amount (R)');
    expect(lines).toContain(`${pool.name},Income: Interest,100.00`);
    expect(lines).toContain(`${pool.name},Expense: Banking Fees,-3.00`);
    expect(lines.at(-1)).toMatch(/^,Profit \(loss\),-?\d+\.\d{2}$/);
    // Every amount is a plain number: no "R", no thousands separator, no apostrophe in front.
    const amounts = lines.slice(1).map((line) => line.split(',').at(-1)!);
    expect(amounts.every((amount) => /^-?\d+\.\d{2}$/.test(amount))).toBe(true);
    const rowsCents = amounts.slice(0, -3).reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0);
    expect(Math.round(Number(amounts.at(-1)) * 100)).toBe(rowsCents);
    // Totals for income and for expenses come before the profit, each the sum of its rows.
    const totalOf = (kind: string) =>
      lines
        .filter((line) => line.includes(`,${kind}: `))
        .reduce((sum, line) => sum + Math.round(Number(line.split(',').at(-1)) * 100), 0);
    expect(lines.slice(-3, -1)).toEqual([
      `,Total income,${(totalOf('Income') / 100).toFixed(2)}`,
      `,Total expenses,${(totalOf('Expense') / 100).toFixed(2)}`,
    ]);
    expect(totalOf('Expense')).toBeLessThan(0);
    expect(statementCsv.body).not.toMatch(/income:|expense:/);

    const statementPdf = await call('GET', reports['income-statement.pdf']!, closer);
    const statementText = await pdfText(statementPdf.rawPayload);
    expect(statementText).toMatch(
      new RegExp(`^${COOPERATIVE} Registration number: ${REGISTRATION} Income statement, August 2026`),
    );
    expect(statementText).toContain(`Total income ${formatRand(totalOf('Income'))}`);
    expect(statementText).toContain(`Total expenses ${formatRand(totalOf('Expense'))}`);
    expect(statementText).toContain(`Profit (loss) ${formatRand(totalOf('Income') + totalOf('Expense'))}`);
    expect(statementText).toContain('Income: Interest');
    expect(statementText).toContain('Expense: Banking Fees');
    expect(statementText).toContain('R 100.00');
    expect(statementText).toContain('-R 3.00');
    expect(statementText).not.toMatch(/income:|expense:/);

    const balanceCsv = (await call('GET', reports['trial-balance.csv']!, closer)).body.split('\r\n');
    expect(balanceCsv[0]).toBe('Account,Debit (R),Credit (R)');
    expect(balanceCsv.find((line) => line.startsWith('Bank,'))).toMatch(/^Bank,\d+\.\d{2},$/);
    expect(balanceCsv.find((line) => line.startsWith('Total,'))).toMatch(/^Total,(\d+\.\d{2}),\1$/);
  });

  it('counts a payment from the day it was approved: paid on the last day, one day of thirty', async () => {
    at('2026-09-01T10:00:00+02:00');
    const early = await paidMember(pool, 1, 'Early Payer');
    at('2026-09-30T16:00:00+02:00');
    const late = await paidMember(pool, 1, 'Last Day Payer');
    await recordIncome(100, '2026-09-30', pool.id);
    at('2026-10-01T08:00:00+02:00');
    await okData(call('POST', '/api/admin/month-end/2026-09/lock', closer));
    const state = await okData<{ bank: { ledgerBalance: number } }>(
      call('GET', '/api/admin/month-end/2026-09', closer),
    );
    await okData(
      call('POST', '/api/admin/month-end/2026-09/reconcile', closer, {
        bankClosingBalance: state.bank.ledgerBalance,
        bankStatementUrl: await uploadFile(t.app, closer, 'bank-statement'),
      }),
    );
    const calculated = await okData<{
      calculation: { pools: { poolId: string; members: { userId: string; share: number; shareDays: number }[] }[] };
    }>(call('POST', '/api/admin/month-end/2026-09/calculate', closer));
    const split = calculated.calculation.pools.find((row) => row.poolId === pool.id)!.members;
    const shareOf = (id: string) => split.find((member) => member.userId === id)!;
    // Five holders: three since August and one since 1 September (30 days each of R 1 000), one for a day.
    expect(shareOf(early.id).shareDays).toBe(30_000);
    expect(shareOf(late.id).shareDays).toBe(1000);
    expect(split.reduce((sum, member) => sum + Math.round(member.share * 100), 0)).toBe(10_000);
    expect(shareOf(late.id).share).toBe(0.83);
    // 100.00 x 30/121 = 24.79 and a third; the one cent left goes to the first of the equal remainders.
    expect(split.map((member) => member.share).sort((a, b) => a - b)).toEqual([0.83, 24.79, 24.79, 24.79, 24.8]);
  });
});

describe(`the monthly figures for the charts (${testEngine})`, () => {
  it('gives a member their capital and returns at each month end, and admins the value, income and expenses', async () => {
    at('2026-10-01T09:00:00+02:00');
    const member = (await t.db.execute(sql`select user_id from memberships where actual_return_cents <> 0 limit 1`))
      .rows[0] as { user_id: string };
    const [held] = await t.db
      .select({ returns: memberships.actualReturnCents, paid: memberships.totalPaidCents })
      .from(memberships)
      .where(eq(memberships.userId, member.user_id));
    const token = await login(
      t.app,
      String((await t.db.execute(sql`select email from users where id = ${member.user_id}`)).rows[0]!.email),
    );
    const mine = await okData<{ period: string; capital: number; returns: number }[]>(
      call('GET', '/api/statements/monthly', token),
    );
    expect(mine).toHaveLength(12);
    expect(mine.at(-1)).toEqual({ period: '2026-10', capital: held!.paid / 100, returns: held!.returns / 100 });
    expect(mine.find((row) => row.period === '2026-07')).toEqual({ period: '2026-07', capital: 0, returns: 0 });

    const books = await okData<{ period: string; value: number; income: number; expenses: number }[]>(
      call('GET', '/api/admin/ledger/monthly', cashier),
    );
    const september = books.find((row) => row.period === '2026-09')!;
    expect(september.income).toBe(100);
    expect(september.expenses).toBe(0);
    const balance = await okData<{ accounts: { account: string; debit: number }[] }>(
      call('GET', '/api/admin/ledger/trial-balance?period=2026-09', closer),
    );
    expect(september.value).toBe(balance.accounts.find((row) => row.account === 'bank')!.debit);
    expect(books.find((row) => row.period === '2026-08')!.income).toBe(100);
  });
});

describe(`statements (${testEngine})`, () => {
  it('gives a member their own statement as JSON, CSV and PDF, and an admin any member’s', async () => {
    at('2026-10-02T09:00:00+02:00');
    const pool = await seedOpenPool(t.app, manager);
    const member = await paidMember(pool, 2, 'Dineo Mahlangu');
    const json = await okData<{
      number: string;
      openingBalance: number;
      closingBalance: number;
      lines: { type: string; amount: number; reference: string }[];
    }>(call('GET', '/api/statements?from=2026-10-01&to=2026-10-31', member.token));
    expect(json).toMatchObject({ openingBalance: 0, closingBalance: 2000 });
    expect(json.lines).toEqual([
      expect.objectContaining({ type: 'Contribution', amount: 2000, reference: expect.stringMatching(/^JE-\d{6}$/) }),
    ]);

    const csv = await call('GET', '/api/statements?from=2026-10-01&to=2026-10-31&format=csv', member.token);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="letsema-statement-2026-10-01-to-2026-10-31.csv"',
    );
    expect(csv.body).toContain('2026-10-02,Contribution');
    expect(csv.body).toContain('Closing balance,,,,2000.00');

    // The letterhead is the cooperative's, never the name its bank account is held in.
    await setTheBankAccount(BANK_ACCOUNT_HOLDER);
    await nameTheCooperative(COOPERATIVE, '');
    const pdf = await call('GET', '/api/statements?from=2026-10-01&to=2026-10-31&format=pdf', member.token);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(json.number);
    expect(text).toContain('Dineo Mahlangu');
    // The letterhead: the cooperative's name and the member's number (its registration number is cleared).
    const memberNumber = member.id.slice(0, 8).toUpperCase();
    expect(text).toMatch(new RegExp(`^${COOPERATIVE} Member number: ${memberNumber} Member statement`));
    expect(text).not.toContain('Registration number');
    expect(text).not.toContain(BANK_ACCOUNT_HOLDER);
    expect(json.number.endsWith(member.id.slice(0, 8).toUpperCase())).toBe(true);
    // Dates as the screens write them.
    expect(text).toContain('Period: Oct 1, 2026 to Oct 31, 2026');
    expect(text).toMatch(/Oct 2, 2026 Contribution JE-\d{6}/);
    expect(text).not.toContain('2026-10-');
    expect(text).toContain('Closing balance: R 2 000.00');

    // The cooperative's details, once changed, head the next statement.
    await nameTheCooperative(RENAMED, ` ${RENUMBERED}  `);
    const next = await call('GET', '/api/statements?from=2026-10-01&to=2026-10-31&format=pdf', member.token);
    const nextText = await pdfText(next.rawPayload);
    expect(nextText).toMatch(
      new RegExp(`^${RENAMED} Registration number: ${RENUMBERED} Member number: ${memberNumber} Member statement`),
    );
    expect(nextText).not.toContain(BANK_ACCOUNT_HOLDER);

    const reviewer = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
    const theirs = await okData<{ closingBalance: number }>(
      call('GET', `/api/admin/members/${member.id}/statement?from=2026-10-01&to=2026-10-31`, reviewer),
    );
    expect(theirs.closingBalance).toBe(2000);
    expect((await refusal(call('GET', '/api/statements?from=2026-10-31&to=2026-10-01', member.token))).error).toBe(
      'Choose a start and an end date, the start not after the end, at most five years apart',
    );
  });
});

describe(`income (${testEngine})`, () => {
  it('is exported as CSV with the list filters, to the income admins only, amounts as plain numbers', async () => {
    at('2026-10-05T09:00:00+02:00');
    const pool = await seedOpenPool(t.app, manager);
    const proofUrl = await uploadFile(t.app, bookkeeper, 'income-proof');
    const recorded = await okData<{ id: string }>(
      call('POST', '/api/admin/income', bookkeeper, {
        category: 'dividends',
        amount: 12_345.6,
        date: '2026-10-03',
        poolId: pool.id,
        description: '=HYPERLINK("http://example.org")',
        proofUrl,
      }),
      201,
    );
    await okData(call('POST', `/api/admin/income/${recorded.id}/approve`, checker));

    const csv = await call('GET', '/api/admin/income/export?period=2026-10&category=dividends', manager);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="letsema-income-2026-10.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Month,Category,Amount (R),Pool,Description,Status,Recorded by,Decided at,Rejection reason',
    );
    expect(lines).toHaveLength(2);
    // The description would be a formula in a spreadsheet, so it is written as text.
    expect(lines[1]).toMatch(
      new RegExp(
        `^2026-10-03,2026-10,Dividends,12345\\.60,${pool.name},"'=HYPERLINK\\(""http://example\\.org""\\)",approved,`,
      ),
    );

    // The same filters as the list: nothing pending in October, nothing of another category.
    const pending = await call('GET', '/api/admin/income/export?period=2026-10&status=pending', manager);
    expect(pending.body.trimEnd().split('\r\n')).toHaveLength(1);
    const interest = await call('GET', '/api/admin/income/export?period=2026-10&category=interest', manager);
    expect(interest.body).not.toContain('Dividends');
    expect((await refusal(call('GET', '/api/admin/income/export?period=2026-13', manager))).status).toBe(400);
    // The same role as the income list.
    expect((await refusal(call('GET', '/api/admin/income/export', secondChecker))).status).toBe(403);
    expect((await refusal(call('GET', '/api/admin/income', secondChecker))).status).toBe(403);

    // Reversing it: asked by one admin, decided by two others (it is above the dual-approval amount).
    expect(
      (
        await refusal(
          call('POST', `/api/admin/income/${recorded.id}/reversal`, secondChecker, { reason: 'Wrong pool' }),
        )
      ).status,
    ).toBe(403);
    const asked = await okData<Reversible>(
      call('POST', `/api/admin/income/${recorded.id}/reversal`, manager, { reason: 'Booked to the wrong pool' }),
      201,
    );
    expect(asked.reversal).toMatchObject({ status: 'pending', approvalsNeeded: 2 });
    for (const maker of [bookkeeper, checker, manager]) {
      expect((await refusal(call('POST', `/api/admin/income/${recorded.id}/reversal/approve`, maker))).code).toBe(
        'MAKER_CHECKER',
      );
    }
    const investmentAdmin = async () =>
      login(t.app, (await seedAdmin(t.db, { roles: ['investment_management'] })).email);
    await okData(call('POST', `/api/admin/income/${recorded.id}/reversal/approve`, await investmentAdmin()));
    const [original] = await entriesFor('income', recorded.id);
    expect(await entriesFor('reversal', original!.id)).toHaveLength(0);
    const reversed = await okData<Reversible>(
      call('POST', `/api/admin/income/${recorded.id}/reversal/approve`, await investmentAdmin()),
    );
    expect(reversed.status).toBe('reversed');
    expect(await entriesFor('reversal', original!.id)).toHaveLength(1);
  });
});
