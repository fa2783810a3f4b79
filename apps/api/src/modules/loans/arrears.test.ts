import { amortisationSchedule, latePenaltyCents, loanMessages, type AdminRole } from '@letsema/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, seedAdmin, type TestContext } from '../../../test/app.js';
import { buildApp } from '../../app.js';
import { closeMonth as closeMonthOf } from '../../../test/books.js';
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
import { emailOutbox, journalEntries, journalLines, loanPenalties, notifications } from '../../db/schema.js';

let now = new Date('2026-03-05T09:00:00+02:00');
const at = (iso: string) => {
  now = new Date(iso);
};
let t: TestContext;
const { call, okData, refusal } = createCalls(() => t.app);

let loanA: string;
let loanB: string;
let cashier: string;
let closer: string;
let secondCloser: string;
let pool: PoolAnswer;
type Member = { id: string; email: string; token: string };
let ayanda: Member; // personal loan of R 3 000.00 over 6 months, guaranteed by Bongani
let bongani: Member;
let carol: Member; // emergency loan of R 600.00 over 3 months, no interest, R 50.00 late after 3 days
let ayandaLoan: string;
let carolLoan: string;
const personal = amortisationSchedule({
  principalCents: 300_000,
  annualRateBps: 1800,
  termMonths: 6,
  startDay: '2026-03-05',
});

interface LoanPage {
  items: { id: string; arrears: { daysOverdue: number; bucket: string | null; overdueAmount: number } }[];
  total: number;
  ageing: {
    buckets: { bucket: string; loans: number; overdueAmount: number; outstandingPrincipal: number }[];
    loansInArrears: number;
  };
}
interface LoanDetail {
  status: string;
  schedule: { number: number; status: string; penalty: number; penaltyWaived: number; penaltyId: string | null }[];
  waivers: { id: string; status: string; amount: number }[];
}

const told = async (userId: string, title: string) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, title)))
  ).length;

const closeMonth = (period: string) => closeMonthOf(t.app, period, closer, secondCloser);

async function repay(member: Member, loanId: string, amount: number) {
  const repayment = await okData<{ id: string }>(
    call('POST', `/api/loans/${loanId}/repayments`, member.token, {
      amount,
      paymentMethod: 'EFT / bank transfer',
      proofUrl: await uploadFile(t.app, member.token, 'proof-of-payment'),
    }),
    201,
  );
  return okData<{ split: { penalty: number; interest: number; principal: number } }>(
    call('POST', `/api/admin/loan-repayments/${repayment.id}/approve`, cashier),
  );
}

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  const admin = async (roles: AdminRole[], superAdmin = false) =>
    login(t.app, (await seedAdmin(t.db, { roles, superAdmin })).email);
  const superAdmin = await admin([], true);
  loanA = await admin(['loan_management']);
  loanB = await admin(['loan_management']);
  cashier = await admin(['payment_management']);
  closer = await admin(['month_end']);
  secondCloser = await admin(['month_end']);
  const manager = await admin(['investment_management']);
  pool = await seedOpenPool(t.app, manager, hundredRandShares);
  const fund = (capital: number, fullName: string) =>
    seedFundedMember(t.app, t.db, { pool, manager, cashier, capital, fullName });
  ayanda = await fund(2000, 'Ayanda Zulu');
  bongani = await fund(3000, 'Bongani Khumalo');
  carol = await fund(1000, 'Carol Adams');

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
  const take = async (member: Member, body: Record<string, unknown>, guarantor?: Member) => {
    const loan = await okData<{ id: string }>(
      call('POST', '/api/loans', member.token, { purpose: 'Repairs to the roof before winter', ...body }),
      201,
    );
    if (guarantor) await okData(call('POST', `/api/loans/${loan.id}/guarantor/accept`, guarantor.token));
    await okData(call('POST', `/api/admin/loans/${loan.id}/approve`, loanA));
    await okData(
      call('POST', `/api/admin/loans/${loan.id}/disburse`, loanB, {
        proofUrl: await uploadFile(t.app, loanB, 'loan-disbursement-proof'),
      }),
    );
    return loan.id;
  };
  ayandaLoan = await take(ayanda, { type: 'personal', amount: 3000, termMonths: 6, guarantor: bongani.email }, bongani);
  carolLoan = await take(carol, { type: 'emergency', amount: 600, termMonths: 3 });
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`arrears (${testEngine})`, () => {
  it('marks an unpaid instalment overdue the day after it falls due, and tells the member', async () => {
    at('2026-04-05T11:00:00+02:00');
    await repay(ayanda, ayandaLoan, personal[0]!.amountCents / 100);
    at('2026-04-06T06:00:00+02:00');
    const report = await t.app.maintenance.run();
    expect(report.jobs).toEqual({ loanArrears: { overdue: 1, penalties: 0, failed: 0 } });
    expect(await told(carol.id, 'Loan instalment overdue')).toBe(1);
    expect(await told(ayanda.id, 'Loan instalment overdue')).toBe(0);
    // Within the grace days nothing is charged.
    expect(await t.db.select().from(loanPenalties)).toEqual([]);
  });

  it('refuses a new loan while another is in arrears', async () => {
    expect(
      await refusal(
        call('POST', '/api/loans', carol.token, {
          type: 'emergency',
          amount: 500,
          termMonths: 2,
          purpose: 'A second small loan',
        }),
      ),
    ).toMatchObject({ status: 409, error: loanMessages.inArrears });
  });

  it('charges the penalty after the grace days once per instalment, however often and wherever the job runs', async () => {
    at('2026-04-08T06:00:00+02:00');
    expect((await t.app.maintenance.run()).jobs).toEqual({ loanArrears: { overdue: 0, penalties: 0, failed: 0 } });
    at('2026-04-09T06:00:00+02:00');
    // A second instance of the API on the same database runs the job at the same moment.
    const second = await buildApp({ config: t.config, db: t.db, clock: () => now }, { webDist: false });
    const reports = await Promise.all([t.app.maintenance.run(), second.maintenance.run(), t.app.maintenance.run()]);
    await second.close();
    const charged = reports.map((report) => (report.jobs!.loanArrears as { penalties: number }).penalties);
    expect(charged.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await t.app.maintenance.run()).jobs).toEqual({ loanArrears: { overdue: 0, penalties: 0, failed: 0 } });
    const penalties = await t.db.select().from(loanPenalties);
    expect(penalties).toHaveLength(1);
    expect(penalties[0]).toMatchObject({ loanId: carolLoan, amountCents: 5_000, appliedOn: '2026-04-09' });
    const entries = await t.db.select().from(journalEntries).where(eq(journalEntries.sourceType, 'loan_penalty'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ sourceId: penalties[0]!.id, effectiveDate: '2026-04-09', kind: 'loan' });
    expect(await told(carol.id, 'Late penalty charged')).toBe(1);
  });

  it('lists loans in arrears with the ageing of the book by the oldest overdue instalment', async () => {
    const page = await okData<LoanPage>(call('GET', '/api/admin/loans?inArrears=true', loanA));
    expect(page.items.map((item) => item.id)).toEqual([carolLoan]);
    expect(page.items[0]!.arrears).toEqual({
      daysOverdue: 4,
      bucket: '1-30',
      overdueAmount: 250,
      overdueInstalments: 1,
    });
    expect(page.ageing.buckets).toEqual([
      { bucket: '1-30', loans: 1, overdueAmount: 250, outstandingPrincipal: 600 },
      { bucket: '31-60', loans: 0, overdueAmount: 0, outstandingPrincipal: 0 },
      { bucket: '61-90', loans: 0, overdueAmount: 0, outstandingPrincipal: 0 },
      { bucket: '90+', loans: 0, overdueAmount: 0, outstandingPrincipal: 0 },
    ]);
    const current = await okData<LoanPage>(call('GET', '/api/admin/loans?inArrears=false', loanA));
    expect(current.items.map((item) => item.id)).toEqual([ayandaLoan]);
    expect((await okData<LoanPage>(call('GET', '/api/admin/loans?bucket=31-60', loanA))).total).toBe(0);
    expect((await refusal(call('GET', '/api/admin/loans?bucket=5-10', loanA))).status).toBe(400);
    expect((await refusal(call('GET', '/api/admin/loans', cashier))).status).toBe(403);
  });

  it('closes the month with loan interest and penalties earned in the profit split, and the loan book in the trial balance', async () => {
    at('2026-05-02T09:00:00+02:00');
    await closeMonth('2026-03');
    const april = await closeMonth('2026-04');
    // April earned Ayanda's first month of interest and Carol's penalty.
    const earned = personal[0]!.interestCents + 5_000;
    expect(april.pools).toHaveLength(1);
    expect(Math.round(april.pools[0]!.income * 100)).toBe(earned);
    expect(Math.round(april.pools[0]!.toAllocate * 100)).toBe(earned);
    const split = april.pools[0]!.members.reduce((sum, member) => sum + Math.round(member.share * 100), 0);
    expect(split + Math.round(april.pools[0]!.reserve * 100)).toBe(earned);

    const balance = await okData<{ accounts: { account: string; debit: number; credit: number }[] }>(
      call('GET', '/api/admin/ledger/trial-balance?period=2026-04', closer),
    );
    const account = (name: string) => balance.accounts.find((row) => row.account === name)!;
    expect(account('loans_receivable').debit).toBe((300_000 - personal[0]!.principalCents + 60_000) / 100);
    expect(account('loan_penalties_receivable').debit).toBe(50);
    expect(account('income:loan_interest')).toMatchObject({ debit: 0, credit: 0 });

    const statement = await okData<{
      loans: {
        openingOwed: number;
        closingOwed: number;
        lines: { type: string; loan: string; amount: number; owed: number }[];
      };
    }>(call('GET', '/api/statements?from=2026-03-01&to=2026-04-30', carol.token));
    expect(statement.loans).toMatchObject({ openingOwed: 0, closingOwed: 650 });
    expect(statement.loans.lines.map((line) => [line.type, line.amount, line.owed])).toEqual([
      ['Loan paid out', 600, 600],
      ['Late penalty', 50, 650],
    ]);
  });

  it('tells the guarantor when a loan they guarantee falls behind, in the app and by e-mail', async () => {
    at('2026-05-20T06:00:00+02:00');
    const report = await t.app.maintenance.run();
    // Carol's second instalment and Ayanda's second are overdue, each past its grace days.
    expect(report.jobs).toEqual({ loanArrears: { overdue: 2, penalties: 2, failed: 0 } });
    expect(await told(bongani.id, 'A loan you guarantee is overdue')).toBe(1);
    expect(await told(bongani.id, 'A loan you guarantee is in arrears')).toBe(1);
    const mails = await t.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, bongani.email));
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        'Letsema: a loan you guarantee is overdue',
        'Letsema: a loan you guarantee is in arrears',
      ]),
    );
    const [charged] = await t.db
      .select()
      .from(loanPenalties)
      .where(and(eq(loanPenalties.loanId, ayandaLoan)));
    const rule = { penaltyType: 'percent', penaltyFixedCents: 0, penaltyPercentBps: 500 } as const;
    expect(charged!.amountCents).toBe(latePenaltyCents(rule, personal[1]!.amountCents));

    const page = await okData<LoanPage>(call('GET', '/api/admin/loans?bucket=31-60', loanA));
    expect(page.items.map((item) => [item.id, item.arrears.daysOverdue])).toEqual([[carolLoan, 45]]);
    expect(
      (await okData<LoanPage>(call('GET', '/api/admin/loans?bucket=1-30', loanA))).items.map((item) => item.id),
    ).toEqual([ayandaLoan]);
  });

  it('waives a penalty only when a second loan admin agrees: a reversing entry out of penalty income', async () => {
    const before = await okData<LoanDetail>(call('GET', `/api/admin/loans/${carolLoan}`, loanA));
    const first = before.schedule.find((row) => row.number === 1)!;
    expect(first).toMatchObject({ status: 'overdue', penalty: 50 });
    const asked = await okData<LoanDetail>(
      call('POST', `/api/admin/loans/${carolLoan}/penalties/${first.penaltyId}/waive`, loanA, {
        reason: 'The bank delayed her salary in April.',
      }),
    );
    const waiver = asked.waivers[0]!;
    expect(waiver).toMatchObject({ status: 'pending', amount: 50 });
    expect(
      (
        await refusal(
          call('POST', `/api/admin/loans/${carolLoan}/penalties/${first.penaltyId}/waive`, loanB, {
            reason: 'Asked twice.',
          }),
        )
      ).error,
    ).toBe(loanMessages.waiverPending);
    expect(await refusal(call('POST', `/api/admin/loan-waivers/${waiver.id}/approve`, loanA))).toMatchObject({
      status: 403,
      code: 'MAKER_CHECKER',
      error: loanMessages.ownWaiver,
    });
    const pending = await okData<{ id: string }[]>(call('GET', '/api/admin/loan-waivers', loanB));
    expect(pending.map((row) => row.id)).toEqual([waiver.id]);
    const after = await okData<LoanDetail>(call('POST', `/api/admin/loan-waivers/${waiver.id}/approve`, loanB));
    expect(after.schedule.find((row) => row.number === 1)).toMatchObject({ penalty: 50, penaltyWaived: 50 });
    expect((await refusal(call('POST', `/api/admin/loan-waivers/${waiver.id}/approve`, loanB))).status).toBe(409);

    const [charge] = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.sourceType, 'loan_penalty'), eq(journalEntries.sourceId, first.penaltyId!)));
    const [reversal] = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.sourceType, 'loan_penalty_waiver'), eq(journalEntries.sourceId, waiver.id)));
    expect(reversal).toMatchObject({ kind: 'reversal', reversalOf: charge!.id, effectiveDate: '2026-05-20' });
    const lines = await t.db
      .select({ account: journalLines.account, cents: journalLines.amountCents })
      .from(journalLines)
      .where(eq(journalLines.entryId, reversal!.id));
    expect(Object.fromEntries(lines.map((line) => [line.account, line.cents]))).toEqual({
      'income:loan_penalties': 5_000,
      loan_penalties_receivable: -5_000,
    });
  });

  it('takes a repayment to the penalty, then the interest, then the principal of the oldest instalments first', async () => {
    const approved = await repay(carol, carolLoan, 450);
    // Instalment 1: its penalty waived, R 200.00 of principal; instalment 2: the R 50.00 penalty, R 200.00.
    expect(approved.split).toEqual({ penalty: 50, interest: 0, principal: 400, interestNotCharged: 0 });
    const detail = await okData<LoanDetail>(call('GET', `/api/loans/${carolLoan}`, carol.token));
    expect(detail.schedule.map((row) => row.status)).toEqual(['paid', 'paid', 'due']);
    const page = await okData<LoanPage>(call('GET', '/api/admin/loans?inArrears=true', loanA));
    expect(page.items.map((item) => item.id)).toEqual([ayandaLoan]);
    expect(page.ageing.loansInArrears).toBe(1);
    const [entry] = await t.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(
        and(eq(journalEntries.sourceType, 'loan_repayment'), inArray(journalEntries.effectiveDate, ['2026-05-20'])),
      );
    const lines = await t.db
      .select({ account: journalLines.account, cents: journalLines.amountCents })
      .from(journalLines)
      .where(eq(journalLines.entryId, entry!.id));
    expect(Object.fromEntries(lines.map((line) => [line.account, line.cents]))).toEqual({
      bank: 45_000,
      loans_receivable: -40_000,
      loan_penalties_receivable: -5_000,
    });
  });
});
