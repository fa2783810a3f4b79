import { accruedInterestCents, amortisationSchedule, loanMessages, type AdminRole } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, seedAdmin, type TestContext } from '../../../test/app.js';
import { createCalls } from '../../../test/calls.js';
import { testEngine } from '../../../test/database.js';
import { assertMoneyInvariants } from '../../../test/invariants.js';
import {
  emergencyProduct,
  hundredRandShares,
  lendingOn,
  personalProduct,
  seedFundedMember,
} from '../../../test/loans.js';
import { seedOpenPool, type PoolAnswer } from '../../../test/pools.js';
import { uploadFile } from '../../../test/seed.js';
import { reauthenticate } from '../../../test/payout-account.js';
import { journalEntries, journalLines, loanRepayments } from '../../db/schema.js';

let now = new Date('2026-03-05T09:00:00+02:00');
const at = (iso: string) => {
  now = new Date(iso);
};
let t: TestContext;
const { call, okData, refusal } = createCalls(() => t.app);

let loanA: string;
let loanB: string;
let exitsA: string;
let exitsB: string;
let exitsC: string;
let pool: PoolAnswer;
type Member = { id: string; email: string; token: string };
let dineo: Member; // R 4 000.00 of capital, borrows R 3 000.00 at 18% without a guarantor
let eddie: Member; // guarantees Fikile's and Hope's loans
let fikile: Member;
let gugu: Member; // has an application still undecided
let hope: Member; // owes more than her capital
const loans: Record<string, string> = {};

interface ExitAnswer {
  id: string;
  status: string;
  estimate: number;
  settlement: { capital: number; returns: number; fee: number; loans: number; payout: number } | null;
}

async function giveNotice(member: Member) {
  await reauthenticate(t.app, member.token);
  return okData<ExitAnswer>(
    call('POST', '/api/exits', member.token, { poolId: pool.id, reason: 'Moving to another province.' }),
    201,
  );
}
const settleEarly = (exitId: string) =>
  call('POST', `/api/admin/exits/${exitId}/settle`, exitsA, { earlyReason: 'Hardship, approved by the board.' });

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  const admin = async (roles: AdminRole[], superAdmin = false) =>
    login(t.app, (await seedAdmin(t.db, { roles, superAdmin })).email);
  const superAdmin = await admin([], true);
  loanA = await admin(['loan_management']);
  loanB = await admin(['loan_management']);
  exitsA = await admin(['exit_requests']);
  exitsB = await admin(['exit_requests']);
  exitsC = await admin(['exit_requests']);
  const cashier = await admin(['payment_management']);
  const manager = await admin(['investment_management']);
  pool = await seedOpenPool(t.app, manager, hundredRandShares);
  const fund = (capital: number, fullName: string) =>
    seedFundedMember(t.app, t.db, { pool, manager, cashier, capital, fullName });
  dineo = await fund(4000, 'Dineo Molefe');
  eddie = await fund(3000, 'Eddie Botha');
  fikile = await fund(1000, 'Fikile Ndlovu');
  gugu = await fund(1000, 'Gugu Sithole');
  hope = await fund(1000, 'Hope Maseko');
  await okData(
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/loan-settings',
      headers: { authorization: `Bearer ${superAdmin}` },
      payload: lendingOn,
    }),
  );
  await okData(call('POST', '/api/admin/loan-products', superAdmin, personalProduct), 201);
  await okData(call('POST', '/api/admin/loan-products', superAdmin, emergencyProduct), 201);
  const take = async (member: Member, body: Record<string, unknown>, guarantor?: Member, payOut = true) => {
    const loan = await okData<{ id: string }>(
      call('POST', '/api/loans', member.token, { purpose: 'Stock for the spaza shop', ...body }),
      201,
    );
    if (guarantor) await okData(call('POST', `/api/loans/${loan.id}/guarantor/accept`, guarantor.token));
    if (payOut) {
      await okData(call('POST', `/api/admin/loans/${loan.id}/approve`, loanA));
      await okData(
        call('POST', `/api/admin/loans/${loan.id}/disburse`, loanB, {
          proofUrl: await uploadFile(t.app, loanB, 'loan-disbursement-proof'),
        }),
      );
    }
    return loan.id;
  };
  loans.dineo = await take(dineo, { type: 'personal', amount: 3000, termMonths: 6 });
  loans.fikile = await take(fikile, { type: 'personal', amount: 2000, termMonths: 6, guarantor: eddie.email }, eddie);
  loans.hope = await take(hope, { type: 'personal', amount: 3000, termMonths: 6, guarantor: eddie.email }, eddie);
  loans.gugu = await take(gugu, { type: 'emergency', amount: 500, termMonths: 2 }, undefined, false);
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`exits of members with loans (${testEngine})`, () => {
  it("settles the member's own loan from the payout first: principal and the interest earned to the day", async () => {
    at('2026-03-20T09:00:00+02:00');
    const notice = await giveNotice(dineo);
    // Before the settlement, the estimate already takes the principal she owes.
    expect(notice.estimate).toBe(1000);
    at('2026-03-25T09:00:00+02:00');
    const settled = await okData<ExitAnswer>(settleEarly(notice.id));
    // 20 of the 31 days from 5 March to 5 April of April's instalment interest.
    const schedule = amortisationSchedule({
      principalCents: 300_000,
      annualRateBps: 1800,
      termMonths: 6,
      startDay: '2026-03-05',
    });
    const interest = accruedInterestCents(schedule[0]!.interestCents, '2026-03-05', '2026-04-05', '2026-03-25');
    expect(settled.settlement).toMatchObject({
      capital: 4000,
      returns: 0,
      fee: 0,
      loans: (300_000 + interest) / 100,
      payout: (400_000 - 300_000 - interest) / 100,
    });
    // A repayment sent after the settlement cannot be approved while the exit waits for its payout.
    const late = await okData<{ id: string }>(
      call('POST', `/api/loans/${loans.dineo}/repayments`, dineo.token, {
        amount: 100,
        paymentMethod: 'EFT / bank transfer',
        proofUrl: await uploadFile(t.app, dineo.token, 'proof-of-payment'),
      }),
      201,
    );
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);
    const exitSettled =
      'This repayment cannot be approved: the member’s exit from this pool is settled and waiting for its payout, which settles the loan from what they hold. Paying the exit rejects it and tells the member why.';
    expect(await refusal(call('POST', `/api/admin/loan-repayments/${late.id}/approve`, cashier))).toMatchObject({
      status: 409,
      error: exitSettled,
    });
    await okData(call('POST', `/api/admin/exits/${notice.id}/approve`, exitsB));
    await okData(call('POST', `/api/admin/exits/${notice.id}/approve`, exitsC));
    expect(await refusal(call('POST', `/api/admin/loan-repayments/${late.id}/approve`, cashier))).toMatchObject({
      status: 409,
      error: exitSettled,
    });
    at('2026-03-27T09:00:00+02:00');
    // Paid by an admin who did not approve it (here the one who prepared it).
    const paid = await okData<ExitAnswer>(
      call('POST', `/api/admin/exits/${notice.id}/pay`, exitsA, {
        proofUrl: await uploadFile(t.app, exitsA, 'payout-proof'),
      }),
    );
    expect(paid.status).toBe('paid');

    const loan = await okData<{
      status: string;
      outstandingPrincipal: number;
      repayments: { isFromExit: boolean; isSettlement: boolean; amount: number }[];
    }>(call('GET', `/api/loans/${loans.dineo}`, dineo.token));
    expect(loan).toMatchObject({ status: 'repaid', outstandingPrincipal: 0 });
    // The one sent after the settlement was rejected when the exit was paid; the exit settled the loan.
    expect(loan.repayments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ isFromExit: true, isSettlement: true, amount: (300_000 + interest) / 100 }),
      ]),
    );
    expect(loan.repayments).toHaveLength(2);
    const [rejected] = await t.db.select().from(loanRepayments).where(eq(loanRepayments.id, late.id));
    expect(rejected!.status).toBe('rejected');
    const [repayment] = await t.db
      .select()
      .from(loanRepayments)
      .where(and(eq(loanRepayments.loanId, loans.dineo!), eq(loanRepayments.status, 'approved')));
    expect(repayment).toMatchObject({ exitRequestId: notice.id, proofUrl: null, paidOn: '2026-03-25' });
    // One entry: capital out, the payout from the bank, and the loan settled from it.
    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.sourceType, 'exit'), eq(journalEntries.sourceId, notice.id)));
    const lines = await t.db
      .select({ account: journalLines.account, cents: journalLines.amountCents, loanId: journalLines.loanId })
      .from(journalLines)
      .where(eq(journalLines.entryId, entry!.id));
    expect(lines.sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: 'bank', cents: -(400_000 - 300_000 - interest), loanId: null },
      { account: 'income:loan_interest', cents: -interest, loanId: loans.dineo },
      { account: 'loans_receivable', cents: -300_000, loanId: loans.dineo },
      { account: 'member_capital', cents: 400_000, loanId: null },
    ]);
    const statement = await okData<{ loans: { closingOwed: number; lines: { type: string; amount: number }[] } }>(
      call('GET', '/api/statements?from=2026-03-01&to=2026-03-31', dineo.token),
    );
    expect(statement.loans.closingOwed).toBe(0);
    expect(statement.loans.lines.map((line) => [line.type, line.amount])).toEqual([
      ['Loan paid out', 3000],
      ['Loan settled from exit payout', -3000],
    ]);
  });

  it('refuses to settle the exit of a guarantor while their capital is held for loans not yet repaid', async () => {
    const notice = await giveNotice(eddie);
    expect(await refusal(settleEarly(notice.id))).toMatchObject({
      status: 409,
      error: loanMessages.holdActive('R 3 000.00'),
    });
    // Nor can a member in notice take on a new guarantee: none of their capital is free. The applicant
    // is not told so (what a guarantor holds is theirs); the guarantor's own acceptance is refused.
    const asked = await okData<{ id: string }>(
      call('POST', '/api/loans', gugu.token, {
        type: 'personal',
        amount: 1200,
        termMonths: 6,
        purpose: 'A second-hand sewing machine',
        guarantor: eddie.email,
      }),
      201,
    );
    expect(await refusal(call('POST', `/api/loans/${asked.id}/guarantor/accept`, eddie.token))).toMatchObject({
      status: 409,
      error: loanMessages.guarantorCapital,
    });
    await okData(call('POST', `/api/loans/${asked.id}/cancel`, gugu.token));
  });

  it('refuses while an application is undecided, or when the payout does not cover the loan', async () => {
    const undecided = await giveNotice(gugu);
    expect(await refusal(settleEarly(undecided.id))).toMatchObject({ status: 409, error: loanMessages.loanUndecided });
    const short = await giveNotice(hope);
    const refused = await refusal(settleEarly(short.id));
    expect(refused.status).toBe(409);
    expect(refused.error).toMatch(/^The payout does not cover the member’s loan \(R 3 0\d\d\.\d\d to settle\)/);
  });
});
