import { dayOf, exitMessages, monthEndMessages, type AdminRole } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, login, seedActiveMember, seedAdmin, type TestContext } from '../../../test/app.js';
import { createCalls } from '../../../test/calls.js';
import { testEngine } from '../../../test/database.js';
import { assertMoneyInvariants } from '../../../test/invariants.js';
import { joinOk, submitPayment } from '../../../test/investing.js';
import { reauthenticate, seedPayoutAccount } from '../../../test/payout-account.js';
import { emergencyProduct, lendingOn } from '../../../test/loans.js';
import { seedOpenPool, type PoolAnswer } from '../../../test/pools.js';
import { uploadFile } from '../../../test/seed.js';
import { journalLines, loanRepayments, memberships, notifications, payments } from '../../db/schema.js';

// Members who leave a pool: nothing is credited to them after their exit is paid, and no month
// closed after it gives them a share of its result.
let now = new Date('2026-03-02T09:00:00+02:00');
const at = (iso: string) => {
  now = new Date(iso);
};
let t: TestContext;
const { call, okData, refusal } = createCalls(() => t.app);

let manager: string;
let cashier: string;
let bookkeeper: string;
let checker: string;
let closer: string;
let secondCloser: string;
let exitsA: string;
let exitsB: string;
let exitsC: string;
let loanA: string;
let loanB: string;
let pool: PoolAnswer;
type Member = { id: string; token: string; membershipId: string };
let lerato: Member; // leaves on 11 April, with payments still coming in
let sipho: Member; // borrows, and leaves in June before May is closed
let jabu: Member; // joins on 16 April and stays
let siphoLoan: { id: string; number: string };

interface ExitAnswer {
  id: string;
  status: string;
  settlement: { capital: number; returns: number; loans: number; payout: number } | null;
  pending?: { kind: string; id: string; amount: number; sentOn: string; description: string }[];
}

async function join(fullName: string, shares: number): Promise<Member> {
  const member = await seedActiveMember(t.db, { fullName });
  const token = await login(t.app, member.email);
  await seedPayoutAccount(t.db, member.id, { accountHolder: fullName });
  const joined = await joinOk(t.app, token, pool, shares, 'once');
  await okData(call('POST', `/api/admin/pool-requests/${joined.id}/approve`, manager));
  return { id: member.id, token, membershipId: joined.id };
}

async function pay(member: Member, amount: number, approve = true) {
  const payment = dataOf<{ id: string }>(await submitPayment(t.app, member.token, pool.id, amount));
  if (approve) await okData(call('POST', `/api/admin/payments/${payment.id}/approve`, cashier));
  return payment.id;
}

async function lockAndCalculate(period: string) {
  await okData(call('POST', `/api/admin/month-end/${period}/lock`, closer));
  const state = await okData<{ bank: { ledgerBalance: number } }>(
    call('GET', `/api/admin/month-end/${period}`, closer),
  );
  await okData(
    call('POST', `/api/admin/month-end/${period}/reconcile`, closer, {
      bankClosingBalance: state.bank.ledgerBalance,
      bankStatementUrl: await uploadFile(t.app, closer, 'bank-statement'),
    }),
  );
  return okData<Calculated>(call('POST', `/api/admin/month-end/${period}/calculate`, closer));
}

async function finishClose(period: string) {
  await okData(call('POST', `/api/admin/month-end/${period}/allocate`, secondCloser));
  const reported = await okData<{ reports: Record<string, string> }>(
    call('POST', `/api/admin/month-end/${period}/reports`, closer),
  );
  await okData(call('POST', `/api/admin/month-end/${period}/close`, closer));
  return reported.reports;
}

type Calculated = {
  calculation: { pools: { poolId: string; reserve: number; members: { userId: string; share: number }[] }[] };
};
const sharesOf = (calculated: Calculated) =>
  Object.fromEntries(
    calculated.calculation.pools.find((row) => row.poolId === pool.id)!.members.map((m) => [m.userId, m.share]),
  );

async function statementOf(member: Member, to: string) {
  return okData<{ closingBalance: number }>(call('GET', `/api/statements?from=2026-03-01&to=${to}`, member.token));
}

async function returnsInLedger(member: Member) {
  const lines = await t.db
    .select({ cents: journalLines.amountCents })
    .from(journalLines)
    .where(
      and(
        eq(journalLines.userId, member.id),
        eq(journalLines.poolId, pool.id),
        eq(journalLines.account, 'member_returns'),
      ),
    );
  return lines.reduce((sum, line) => sum - line.cents, 0);
}

async function settleEarly(exitId: string) {
  return call('POST', `/api/admin/exits/${exitId}/settle`, exitsA, { earlyReason: 'Hardship, approved by the board.' });
}

async function approveTwice(exitId: string) {
  await okData(call('POST', `/api/admin/exits/${exitId}/approve`, exitsB));
  await okData(call('POST', `/api/admin/exits/${exitId}/approve`, exitsC));
}

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  const admin = async (roles: AdminRole[], superAdmin = false) =>
    login(t.app, (await seedAdmin(t.db, { roles, superAdmin })).email);
  const superAdmin = await admin([], true);
  manager = await admin(['investment_management']);
  cashier = await admin(['payment_management']);
  bookkeeper = await admin(['expense_management', 'investment_management']);
  checker = await admin(['expense_management', 'investment_management']);
  closer = await admin(['month_end']);
  secondCloser = await admin(['month_end']);
  exitsA = await admin(['exit_requests']);
  exitsB = await admin(['exit_requests']);
  exitsC = await admin(['exit_requests']);
  loanA = await admin(['loan_management']);
  loanB = await admin(['loan_management']);
  await okData(
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/loan-settings',
      headers: { authorization: `Bearer ${superAdmin}` },
      payload: lendingOn,
    }),
  );
  await okData(call('POST', '/api/admin/loan-products', superAdmin, emergencyProduct), 201);

  pool = await seedOpenPool(t.app, manager);
  lerato = await join('Lerato Mokoena', 2);
  sipho = await join('Sipho Nkosi', 1);
  await pay(lerato, 1000);
  await pay(sipho, 1000);
  // March: capital only, nothing to split.
  at('2026-04-01T09:00:00+02:00');
  await lockAndCalculate('2026-03');
  await finishClose('2026-03');
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`no money credited after a member left (${testEngine})`, () => {
  it("settles an exit only once the member's pending payments are decided, and paying it rejects any sent since", async () => {
    at('2026-04-02T09:00:00+02:00');
    const waiting = await pay(lerato, 1000, false);
    await reauthenticate(t.app, lerato.token);
    const exit = await okData<ExitAnswer>(
      call('POST', '/api/exits', lerato.token, { poolId: pool.id, reason: 'Moving to another province.' }),
      201,
    );
    at('2026-04-08T09:00:00+02:00');
    // The day it was sent is the day the member submitted it.
    const [sent] = await t.db.select({ at: payments.createdAt }).from(payments).where(eq(payments.id, waiting));
    const sentOn = dayOf(sent!.at);
    const listed = await okData<ExitAnswer[]>(call('GET', '/api/admin/exits', exitsA));
    expect(listed.find((row) => row.id === exit.id)!.pending).toEqual([
      {
        kind: 'payment',
        id: waiting,
        amount: 1000,
        sentOn,
        description: `a payment of R 1 000.00 sent on ${sentOn}`,
      },
    ]);
    expect(await refusal(settleEarly(exit.id))).toMatchObject({
      status: 409,
      error: exitMessages.pendingFirst([`a payment of R 1 000.00 sent on ${sentOn}`]),
    });
    await okData(
      call('POST', `/api/admin/payments/${waiting}/reject`, cashier, { reason: 'The transfer never arrived.' }),
    );
    const settled = await okData<ExitAnswer>(settleEarly(exit.id));
    expect(settled).toMatchObject({ pending: [], settlement: { capital: 1000, returns: 0, payout: 1000 } });

    // Sent after the settlement, while the membership is still live: it cannot be approved while the
    // exit waits for its payout (the payout would no longer match), and paying the exit rejects it.
    at('2026-04-10T09:00:00+02:00');
    const late = await pay(lerato, 1000, false);
    const exitSettled =
      'This payment cannot be approved: the member’s exit from this pool is settled and waiting for its payout, so nothing more can be added to their membership. Paying the exit rejects it and tells the member why.';
    expect(await refusal(call('POST', `/api/admin/payments/${late}/approve`, cashier))).toMatchObject({
      status: 409,
      error: exitSettled,
    });
    await approveTwice(exit.id);
    expect(await refusal(call('POST', `/api/admin/payments/${late}/approve`, cashier))).toMatchObject({
      status: 409,
      error: exitSettled,
    });
    const [stillPending] = await t.db.select().from(payments).where(eq(payments.id, late));
    expect(stillPending!.status).toBe('pending');
    at('2026-04-11T09:00:00+02:00');
    const paid = await okData<ExitAnswer>(
      call('POST', `/api/admin/exits/${exit.id}/pay`, exitsA, {
        proofUrl: await uploadFile(t.app, exitsA, 'payout-proof'),
      }),
    );
    expect(paid.status).toBe('paid');
    const [rejected] = await t.db.select().from(payments).where(eq(payments.id, late));
    expect(rejected).toMatchObject({ status: 'rejected', failureReason: exitMessages.rejectedOnExit });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, lerato.id));
    expect(told.map((row) => row.title)).toContain('Payment rejected');
    expect(told.map((row) => row.message).join('\n')).toContain(
      `Your payment of R 1 000.00 to ${pool.name} was rejected: ${exitMessages.rejectedOnExit}`,
    );
    expect(await refusal(call('POST', `/api/admin/payments/${late}/approve`, cashier))).toMatchObject({
      status: 409,
      error: 'This payment has already been decided',
    });
  });

  it('refuses to approve a payment whose membership has exited or whose pool takes no payments', async () => {
    // A payment left pending on a membership that has since been paid out (as before this rule).
    const [left] = await t.db
      .insert(payments)
      .values({
        userId: lerato.id,
        poolId: pool.id,
        membershipId: lerato.membershipId,
        amountCents: 100_000,
        paymentMethod: 'EFT / bank transfer',
        proofOfPaymentUrl: await uploadFile(t.app, lerato.token, 'proof-of-payment'),
        description: `Contribution to ${pool.name}`,
      })
      .returning();
    expect(await refusal(call('POST', `/api/admin/payments/${left!.id}/approve`, cashier))).toMatchObject({
      status: 409,
      code: 'INVALID_STATE',
      error:
        'This payment cannot be approved: the member no longer holds an approved membership of this pool. Reject it, so the member is told.',
    });
    await okData(call('POST', `/api/admin/payments/${left!.id}/reject`, cashier, { reason: 'The member has left.' }));

    const other = await seedOpenPool(t.app, manager, { name: 'Letsema Closing Pool' });
    const thabo = await seedActiveMember(t.db, { fullName: 'Thabo Khumalo' });
    const token = await login(t.app, thabo.email);
    const joined = await joinOk(t.app, token, other, 1, 'once');
    await okData(call('POST', `/api/admin/pool-requests/${joined.id}/approve`, manager));
    const payment = dataOf<{ id: string }>(await submitPayment(t.app, token, other.id, 1000));
    await okData(
      t.app.inject({
        method: 'PATCH',
        url: `/api/pools/${other.id}/status`,
        payload: { status: 'closed' },
        headers: { authorization: `Bearer ${manager}` },
      }),
    );
    expect(await refusal(call('POST', `/api/admin/payments/${payment.id}/approve`, cashier))).toMatchObject({
      status: 409,
      error: 'This payment cannot be approved: the pool no longer takes payments. Reject it, so the member is told.',
    });
    await okData(call('POST', `/api/admin/payments/${payment.id}/reject`, cashier, { reason: 'The pool closed.' }));
  });
});

describe(`a member who left holds nothing afterwards (${testEngine})`, () => {
  it('leaves a member paid out mid month out of a loss month; those who remain carry all of it', async () => {
    at('2026-04-16T09:00:00+02:00');
    jabu = await join('Jabu Zulu', 1);
    await pay(jabu, 1000);
    at('2026-04-17T09:00:00+02:00');
    const loan = await okData<{ id: string; number: string }>(
      call('POST', '/api/loans', sipho.token, {
        type: 'emergency',
        amount: 500,
        termMonths: 2,
        purpose: 'School uniforms for the children',
      }),
      201,
    );
    await okData(call('POST', `/api/admin/loans/${loan.id}/approve`, loanA));
    await okData(
      call('POST', `/api/admin/loans/${loan.id}/disburse`, loanB, {
        proofUrl: await uploadFile(t.app, loanB, 'loan-disbursement-proof'),
      }),
    );
    siphoLoan = loan;
    at('2026-04-20T09:00:00+02:00');
    const receiptUrl = await uploadFile(t.app, bookkeeper, 'expense-receipt');
    const expense = await okData<{ id: string }>(
      call('POST', '/api/admin/expenses', bookkeeper, {
        category: 'banking_fees',
        amount: 300,
        date: '2026-04-20',
        poolId: pool.id,
        description: 'Auditor’s fee',
        receiptUrl,
      }),
      201,
    );
    await okData(call('POST', `/api/admin/expenses/${expense.id}/approve`, checker));

    at('2026-05-02T09:00:00+02:00');
    const calculated = await lockAndCalculate('2026-04');
    // Sipho held R 1 000.00 all 30 days, Jabu from the 16th (15 days), Lerato was paid out on the 11th:
    // she is left out, and the R 300.00 loss is split 2 : 1.
    expect(sharesOf(calculated)).toEqual({ [sipho.id]: -200, [jabu.id]: -100 });
    const reports = await finishClose('2026-04');

    expect(await returnsInLedger(lerato)).toBe(0);
    expect((await statementOf(lerato, '2026-05-31')).closingBalance).toBe(0);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, lerato.id));
    expect(told.filter((row) => row.category === 'profit')).toEqual([]);
    const allocation = (await call('GET', reports['allocation.csv']!, closer)).body;
    expect(allocation).toContain('Sipho Nkosi');
    expect(allocation).not.toContain('Lerato Mokoena');
    const [held] = await t.db.select().from(memberships).where(eq(memberships.id, sipho.membershipId));
    expect(held!.actualReturnCents).toBe(-20_000);
  });

  it('leaves out a member paid out after the month ended but before it closed, in a profit month, and lists the loan book', async () => {
    await reauthenticate(t.app, sipho.token);
    const exit = await okData<ExitAnswer>(
      call('POST', '/api/exits', sipho.token, { poolId: pool.id, reason: 'Buying a house with my savings.' }),
      201,
    );
    at('2026-05-15T09:00:00+02:00');
    const proofUrl = await uploadFile(t.app, bookkeeper, 'income-proof');
    const income = await okData<{ id: string }>(
      call('POST', '/api/admin/income', bookkeeper, {
        category: 'interest',
        amount: 90.01,
        date: '2026-05-15',
        poolId: pool.id,
        description: 'Money-market interest',
        proofUrl,
      }),
      201,
    );
    await okData(call('POST', `/api/admin/income/${income.id}/approve`, checker));

    at('2026-06-02T09:00:00+02:00');
    const first = await lockAndCalculate('2026-05');
    // Both held R 1 000.00 every day of May when it was calculated.
    const firstShares = sharesOf(first);
    expect(Object.keys(firstShares).sort()).toEqual([sipho.id, jabu.id].sort());
    // The odd cent goes to one of them, in a fixed order.
    expect(Object.values(firstShares).sort()).toEqual([45, 45.01]);

    // Sipho's repayment waits for a decision: the settlement waits for it.
    const repay = (amount: number) =>
      uploadFile(t.app, sipho.token, 'proof-of-payment').then((proof) =>
        okData<{ id: string }>(
          call('POST', `/api/loans/${siphoLoan.id}/repayments`, sipho.token, {
            amount,
            paymentMethod: 'EFT / bank transfer',
            proofUrl: proof,
          }),
          201,
        ),
      );
    const waiting = await repay(100);
    const number = siphoLoan.number;
    expect(await refusal(settleEarly(exit.id))).toMatchObject({
      status: 409,
      error: exitMessages.pendingFirst([`a repayment of R 100.00 on loan ${number} sent on 2026-06-02`]),
    });
    await okData(
      call('POST', `/api/admin/loan-repayments/${waiting.id}/reject`, cashier, { reason: 'No money arrived.' }),
    );
    const settled = await okData<ExitAnswer>(settleEarly(exit.id));
    expect(settled.settlement).toMatchObject({ capital: 1000, returns: -200 });
    await approveTwice(exit.id);
    const late = await repay(50);
    at('2026-06-03T09:00:00+02:00');
    await okData(
      call('POST', `/api/admin/exits/${exit.id}/pay`, exitsA, {
        proofUrl: await uploadFile(t.app, exitsA, 'payout-proof'),
      }),
    );
    const [rejected] = await t.db.select().from(loanRepayments).where(eq(loanRepayments.id, late.id));
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: exitMessages.rejectedOnExit });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, sipho.id));
    expect(told.map((row) => row.message).join('\n')).toContain(
      `Your repayment of R 50.00 on loan ${number} was rejected: ${exitMessages.rejectedOnExit}`,
    );

    // The split named Sipho, who has left since: it is worked out again without him.
    expect(await refusal(call('POST', '/api/admin/month-end/2026-05/allocate', secondCloser))).toMatchObject({
      status: 409,
      error: monthEndMessages.leftSinceCalculation('Sipho Nkosi'),
    });
    const again = await okData<Calculated>(call('POST', '/api/admin/month-end/2026-05/calculate', closer));
    expect(sharesOf(again)).toEqual({ [jabu.id]: 90.01 });
    const reports = await finishClose('2026-05');

    expect(await returnsInLedger(sipho)).toBe(0);
    expect((await statementOf(sipho, '2026-06-30')).closingBalance).toBe(0);
    expect(await returnsInLedger(jabu)).toBe(-10_000 + 9_001);

    // The loan book as it stood at the end of May (the loan was settled from the exit in June): its
    // principal owed, and the first instalment's principal, due on 17 May, in arrears.
    const loanBook = (await call('GET', reports['loan-book.csv']!, closer)).body.trimEnd().split('\r\n');
    expect(loanBook).toEqual([
      'Loan,Member,Principal owed (R),Principal in arrears (R)',
      `${number},Sipho Nkosi,500.00,250.00`,
      'Total,1 loan,500.00,250.00',
    ]);
    const pdf = await call('GET', reports['loan-book.pdf']!, closer);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text;
    expect(text).toContain('Loan book at the end of May 2026');
    expect(text).toContain(number);
    expect(text).toContain('R 250.00');
  });
});
