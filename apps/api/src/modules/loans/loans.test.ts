import {
  amortisationSchedule,
  accruedInterestCents,
  loanMessages,
  makerCheckerMessages,
  type AdminRole,
} from '@letsema/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, seedActiveMember, seedAdmin, uniqueEmail, type TestContext } from '../../../test/app.js';
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
import { reauthenticate, seedPayoutAccount } from '../../../test/payout-account.js';
import {
  auditLog,
  emailOutbox,
  journalEntries,
  journalLines,
  loanInstalments,
  notifications,
  payments,
  users,
} from '../../db/schema.js';

let now = new Date('2026-03-05T09:00:00+02:00');
const at = (iso: string) => {
  now = new Date(iso);
};
let t: TestContext;
const { call, okData, refusal } = createCalls(() => t.app);
const put = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload });

let superAdmin: string;
let loanA: string;
let loanB: string;
let loanC: string;
let cashiers: string[];
let manager: string;
let pool: PoolAnswer;
type Member = { id: string; email: string; token: string };
let lerato: Member; // borrows R 2 000.00 on R 1 000.00 of capital, guaranteed by Sipho
let sipho: Member; // R 3 000.00 of capital, guarantor
let naledi: Member; // R 2 000.00 of capital
let thabo: Member; // R 500.00 of capital: too little to guarantee R 1 000.00
let staffer: Member & { adminToken: string }; // a member who is also a loan and payments admin

interface LoanAnswer {
  id: string;
  number: string;
  status: string;
  amount: number;
  instalment: number;
  totalInterest: number;
  approvalsNeeded: number;
  approverIds: string[];
  guarantor: { id: string; status: string; guaranteedAmount: number } | null;
  outstandingPrincipal: number;
  principalRepaid: number;
  disbursedOn: string | null;
  schedule: { number: number; dueOn: string; principal: number; interest: number; status: string; unpaid: number }[];
  projectedSchedule: { amount: number }[] | null;
  settlement: { asOf: string; amount: number; principal: number; interest: number; penalties: number } | null;
  nextInstalment: { number: number; dueOn: string; amount: number } | null;
}
interface Tasks {
  waiting: { queue: string | null; id: string; path: string; detail: string }[];
  started: { queue: string | null; id: string; path: string; detail: string }[];
}
interface RepaymentAnswer {
  id: string;
  status: string;
  isSettlement: boolean;
  split: { penalty: number; interest: number; principal: number; interestNotCharged: number } | null;
}

const apply = (token: string, body: Record<string, unknown>) =>
  call('POST', '/api/loans', token, { purpose: 'School fees for the new term', ...body });

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  const admin = async (roles: AdminRole[], superAdminToo = false) =>
    login(t.app, (await seedAdmin(t.db, { roles, superAdmin: superAdminToo })).email);
  superAdmin = await admin([], true);
  loanA = await admin(['loan_management']);
  loanB = await admin(['loan_management']);
  loanC = await admin(['loan_management']);
  cashiers = [];
  for (let i = 0; i < 6; i += 1) cashiers.push(await admin(['payment_management']));
  manager = await admin(['investment_management']);
  pool = await seedOpenPool(t.app, manager, hundredRandShares);
  const fund = (capital: number, fullName: string) =>
    seedFundedMember(t.app, t.db, { pool, manager, cashier: cashiers[0]!, capital, fullName });
  lerato = await fund(1000, 'Lerato Dlamini');
  sipho = await fund(3000, 'Sipho Nkosi');
  naledi = await fund(2000, 'Naledi Mahlangu');
  thabo = await fund(500, 'Thabo Mokoena');
  const member = await fund(1000, 'Zanele Staff');
  // A member who later joined the staff: a loan and payments admin who is also a borrower.
  await t.db
    .update(users)
    .set({ isAdmin: true, adminRoles: ['loan_management', 'payment_management'] })
    .where(eq(users.id, member.id));
  staffer = { ...member, adminToken: await login(t.app, member.email) };
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`lending settings and products (${testEngine})`, () => {
  it('is off until the super admin turns it on, confirming the rules allow it; the change is audited', async () => {
    const offer = await okData<{ isEnabled: boolean; products: unknown[]; capital: number }>(
      call('GET', '/api/loans/offer', lerato.token),
    );
    expect(offer).toMatchObject({ isEnabled: false, products: [], capital: 1000 });
    expect(
      await refusal(call('POST', '/api/loans/quote', lerato.token, { type: 'personal', amount: 1000, termMonths: 6 })),
    ).toMatchObject({ status: 409, error: loanMessages.lendingOff });

    expect(await refusal(put('/api/admin/loan-settings', loanA, lendingOn))).toMatchObject({
      status: 403,
      error: loanMessages.superAdminOnly,
    });
    // A member may not even read them.
    expect((await refusal(call('GET', '/api/admin/loan-settings', lerato.token))).status).toBe(403);
    const unconfirmed = await refusal(
      put('/api/admin/loan-settings', superAdmin, { ...lendingOn, confirmRulesAllowLending: false }),
    );
    expect(unconfirmed).toMatchObject({ status: 400, error: loanMessages.confirmRules });

    const response = await put('/api/admin/loan-settings', superAdmin, { ...lendingOn, dualApprovalAbove: 1500 });
    expect(response.statusCode, response.body).toBe(200);
    const settings = response.json().data as {
      isEnabled: boolean;
      maxAnnualRatePercent: number;
      rulesConfirmedBy: { id: string };
    };
    expect(settings).toMatchObject({ isEnabled: true, maxAnnualRatePercent: 28 });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'loan_settings.update'));
    expect(audit!.actorId).toBe(settings.rulesConfirmedBy.id);
    expect(audit!.after).toMatchObject({ isEnabled: true, repoRateBps: 700, capMarginBps: 2100 });
    // Loan admins read them.
    expect((await okData<{ isEnabled: boolean }>(call('GET', '/api/admin/loan-settings', loanA))).isEnabled).toBe(true);
  });

  it('checks every product against the caps; only the super admin sets them up', async () => {
    expect(
      await refusal(
        call('POST', '/api/admin/loan-products', superAdmin, { ...personalProduct, annualRatePercent: 28.01 }),
      ),
    ).toMatchObject({
      status: 400,
      error: 'The rate is above the legal maximum of 28.00% a year (the repo rate plus the margin of Regulation 42).',
    });
    expect(
      (
        await refusal(
          call('POST', '/api/admin/loan-products', superAdmin, { ...personalProduct, penaltyPercent: 10.5 }),
        )
      ).error,
    ).toBe('The penalty is above the maximum the settings allow (10.00% of the overdue instalment).');
    expect((await refusal(call('POST', '/api/admin/loan-products', loanA, personalProduct))).status).toBe(403);

    const personal = await okData<{ id: string; annualRatePercent: number; maxCapitalMultiple: number }>(
      call('POST', '/api/admin/loan-products', superAdmin, personalProduct),
      201,
    );
    expect(personal).toMatchObject({ annualRatePercent: 18, maxCapitalMultiple: 3 });
    await okData(call('POST', '/api/admin/loan-products', superAdmin, emergencyProduct), 201);
    expect((await refusal(call('POST', '/api/admin/loan-products', superAdmin, personalProduct))).error).toBe(
      loanMessages.productExists,
    );
    const { type: _type, ...fields } = personalProduct;
    expect((await put(`/api/admin/loan-products/${personal.id}`, loanA, fields)).statusCode).toBe(403);

    // The repo rate falls: the cap follows, and a product above it lends to nobody until it is changed.
    const lower = await put('/api/admin/loan-settings', superAdmin, {
      ...lendingOn,
      capMarginPercent: 10,
      dualApprovalAbove: 1500,
    });
    expect(lower.json().data.productsAboveCap).toEqual([
      { id: personal.id, type: 'personal', name: 'Personal loan', annualRatePercent: 18 },
    ]);
    expect(
      await refusal(call('POST', '/api/loans/quote', lerato.token, { type: 'personal', amount: 1000, termMonths: 6 })),
    ).toMatchObject({ status: 409, error: loanMessages.productAboveCap });
    expect((await put(`/api/admin/loan-products/${personal.id}`, superAdmin, fields)).statusCode).toBe(400);
    await put('/api/admin/loan-settings', superAdmin, { ...lendingOn, dualApprovalAbove: 1500 });
    const products = await okData<{ type: string; isWithinCap: boolean }[]>(
      call('GET', '/api/admin/loan-products', loanA),
    );
    expect(products.map((p) => [p.type, p.isWithinCap])).toEqual([
      ['emergency', true],
      ['personal', true],
    ]);
  });
});

describe(`applications (${testEngine})`, () => {
  let loan: LoanAnswer;

  it('quotes the schedule before applying: reducing balance, whole cents, the last taking the remainder', async () => {
    const quote = await okData<{
      instalment: number;
      totalInterest: number;
      totalRepayable: number;
      firstDueOn: string;
      schedule: { amount: number; principal: number; interest: number }[];
      eligibility: { maxAmount: number; isGuarantorNeeded: boolean; guaranteedAmount: number; canApply: boolean };
    }>(call('POST', '/api/loans/quote', lerato.token, { type: 'personal', amount: 2000, termMonths: 12 }));
    const expected = amortisationSchedule({
      principalCents: 200_000,
      annualRateBps: 1800,
      termMonths: 12,
      startDay: '2026-03-05',
    });
    expect(quote.schedule.map((row) => Math.round(row.amount * 100))).toEqual(expected.map((row) => row.amountCents));
    expect(quote.instalment).toBe(183.36);
    expect(quote.firstDueOn).toBe('2026-04-05');
    const cents = (list: number[]) => list.reduce((sum, value) => sum + Math.round(value * 100), 0);
    expect(cents(quote.schedule.map((row) => row.principal))).toBe(200_000);
    expect(cents(quote.schedule.map((row) => row.amount))).toBe(Math.round(quote.totalRepayable * 100));
    expect(quote.eligibility).toEqual({
      poolId: pool.id,
      capital: 1000,
      maxAmount: 3000,
      isGuarantorNeeded: true,
      guaranteedAmount: 1000,
      canApply: true,
      refusal: null,
      refusalField: null,
    });
    // A rule the loan would break is in the quote, in the words of the application.
    const tooMuch = await okData<{ eligibility: { canApply: boolean; refusal: string } }>(
      call('POST', '/api/loans/quote', lerato.token, { type: 'personal', amount: 3500, termMonths: 12 }),
    );
    expect(tooMuch.eligibility).toMatchObject({ canApply: false, refusal: loanMessages.aboveLimit('R 3 000.00') });
  });

  it('refuses, each with its message: above the limit, outside the terms, too small, no capital, the guarantor rules', async () => {
    const pending = await seedActiveMember(t.db, { registrationStatus: 'pending_kyc' });
    const poor = await seedActiveMember(t.db);
    const poorToken = await login(t.app, poor.email);
    const cases: [string, string, Record<string, unknown>, number, string][] = [
      [
        'above the limit',
        lerato.token,
        { type: 'personal', amount: 3000.01, termMonths: 12, guarantor: sipho.email },
        400,
        loanMessages.aboveLimit('R 3 000.00'),
      ],
      [
        'outside the terms',
        lerato.token,
        { type: 'personal', amount: 2000, termMonths: 30 },
        400,
        loanMessages.termOutside(3, 24),
      ],
      ['too small', lerato.token, { type: 'emergency', amount: 499.99, termMonths: 3 }, 400, loanMessages.minAmount],
      ['no capital', poorToken, { type: 'emergency', amount: 500, termMonths: 3 }, 409, loanMessages.noCapital],
      [
        'a type not offered',
        lerato.token,
        { type: 'business', amount: 1000, termMonths: 6 },
        409,
        loanMessages.productNotOffered,
      ],
      [
        'no guarantor above the capital',
        lerato.token,
        { type: 'personal', amount: 2000, termMonths: 12 },
        400,
        loanMessages.guarantorNeeded('R 1 000.00'),
      ],
      [
        'a guarantor not needed',
        lerato.token,
        { type: 'emergency', amount: 800, termMonths: 3, guarantor: sipho.email },
        400,
        loanMessages.guarantorNotNeeded,
      ],
      // Every guarantor the application cannot ask answers one message: which reason it was is not told.
      [
        'themselves as guarantor',
        lerato.token,
        { type: 'personal', amount: 2000, termMonths: 12, guarantor: lerato.email },
        400,
        loanMessages.guarantorRefused,
      ],
      [
        'themselves as guarantor, by member id',
        lerato.token,
        { type: 'personal', amount: 2000, termMonths: 12, guarantor: lerato.id },
        400,
        loanMessages.guarantorRefused,
      ],
      [
        'a guarantor not yet active',
        lerato.token,
        { type: 'personal', amount: 2000, termMonths: 12, guarantor: pending.email },
        400,
        loanMessages.guarantorRefused,
      ],
      [
        'a guarantor nobody knows',
        lerato.token,
        { type: 'personal', amount: 2000, termMonths: 12, guarantor: uniqueEmail('nobody') },
        400,
        loanMessages.guarantorRefused,
      ],
      [
        'a guarantor id nobody has',
        lerato.token,
        { type: 'personal', amount: 2000, termMonths: 12, guarantor: '00000000-0000-4000-8000-00000000abcd' },
        400,
        loanMessages.guarantorRefused,
      ],
      [
        'a purpose too short',
        lerato.token,
        { type: 'emergency', amount: 800, termMonths: 3, purpose: 'fees' },
        400,
        loanMessages.purpose,
      ],
    ];
    for (const [what, token, body, status, message] of cases) {
      expect(await refusal(apply(token, body)), what).toMatchObject({ status, error: message });
    }
    // A member who is not active yet cannot apply at all.
    const pendingToken = await login(t.app, pending.email);
    expect(await refusal(apply(pendingToken, { type: 'emergency', amount: 500, termMonths: 3 }))).toMatchObject({
      status: 403,
      error: loanMessages.notActive,
    });
    // A member in the notice of an exit cannot borrow.
    const leaver = await seedFundedMember(t.app, t.db, {
      pool,
      manager,
      cashier: cashiers[0]!,
      capital: 1000,
      fullName: 'Leaving Member',
    });
    await reauthenticate(t.app, leaver.token);
    await okData(
      call('POST', '/api/exits', leaver.token, { poolId: pool.id, reason: 'Moving to another province.' }),
      201,
    );
    expect(await refusal(apply(leaver.token, { type: 'emergency', amount: 500, termMonths: 3 }))).toMatchObject({
      status: 409,
      error: loanMessages.exitInNotice,
    });
    expect(await t.db.select().from(journalEntries).where(eq(journalEntries.kind, 'loan'))).toEqual([]);
  });

  it('answers every guarantor refusal the same way, whole, and never tells the applicant what the guarantor holds', async () => {
    const pending = await seedActiveMember(t.db, { registrationStatus: 'pending_kyc' });
    const body = { type: 'personal', amount: 2000, termMonths: 12 };
    const answers = [];
    // '082 123 4567' is every seeded member's phone: a shared phone names nobody.
    for (const guarantor of [lerato.email, pending.email, pending.id, uniqueEmail('nobody'), '082 123 4567']) {
      const response = await apply(lerato.token, { ...body, guarantor });
      answers.push({ status: response.statusCode, body: response.json() as unknown });
    }
    // The same status, message and details for each: nothing tells the reasons apart.
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      status: 400,
      body: expect.objectContaining({ error: loanMessages.guarantorRefused }) as unknown,
    });

    // Thabo's R 500.00 cannot cover R 1 000.00, yet the application asks him: what he holds is for him
    // to weigh on his own screen, and the answer names no figure of his.
    const kagiso = await seedFundedMember(t.app, t.db, {
      pool,
      manager,
      cashier: cashiers[0]!,
      capital: 1000,
      fullName: 'Kagiso Molefe',
    });
    const asked = await apply(kagiso.token, { ...body, guarantor: thabo.email });
    expect(asked.statusCode).toBe(201);
    const askedLoan = asked.json().data as LoanAnswer;
    expect(askedLoan).toMatchObject({
      status: 'awaiting_guarantor',
      guarantor: { id: thabo.id, status: 'requested', guaranteedAmount: 1000 },
    });
    expect(Object.keys(asked.json().data.guarantor as object).sort()).toEqual([
      'decidedAt',
      'fullName',
      'guaranteedAmount',
      'id',
      'status',
      'statusLabel',
    ]);
    expect(await refusal(call('POST', `/api/loans/${askedLoan.id}/guarantor/accept`, thabo.token))).toMatchObject({
      status: 409,
      error: loanMessages.guarantorCapital,
    });
    await okData(call('POST', `/api/loans/${askedLoan.id}/guarantor/decline`, thabo.token));

    // A guarantor named by the phone number only they have, typed as printed.
    await t.db.update(users).set({ phoneNumber: '0845550101' }).where(eq(users.id, thabo.id));
    const byPhone = await apply(kagiso.token, { ...body, guarantor: '+27 84 555 0101' });
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    const byPhoneLoan = byPhone.json().data as LoanAnswer;
    expect(byPhoneLoan.guarantor).toMatchObject({ id: thabo.id, status: 'requested' });
    await okData(call('POST', `/api/loans/${byPhoneLoan.id}/guarantor/decline`, thabo.token));
  });

  it('asks the guarantor in the app and by e-mail; only the guarantor answers, others get 404', async () => {
    loan = await okData<LoanAnswer>(
      apply(lerato.token, { type: 'personal', amount: 2000, termMonths: 12, guarantor: sipho.email }),
      201,
    );
    expect(loan).toMatchObject({
      status: 'awaiting_guarantor',
      amount: 2000,
      approvalsNeeded: 2,
      guarantor: { id: sipho.id, status: 'requested', guaranteedAmount: 1000 },
    });
    expect(loan.projectedSchedule).toHaveLength(12);
    const asked = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sipho.id), eq(notifications.title, 'You are asked to guarantee a loan')));
    expect(asked).toHaveLength(1);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, sipho.email));
    expect(mails.map((mail) => mail.subject)).toContain('Letsema: you are asked to guarantee a loan');
    const guaranteed = await okData<{ id: string }[]>(call('GET', '/api/loans/guarantees', sipho.token));
    expect(guaranteed.map((row) => row.id)).toEqual([loan.id]);

    for (const other of [naledi, lerato]) {
      expect((await refusal(call('POST', `/api/loans/${loan.id}/guarantor/accept`, other.token))).status).toBe(404);
      expect((await refusal(call('POST', `/api/loans/${loan.id}/guarantor/decline`, other.token))).status).toBe(404);
    }
    expect(await refusal(call('POST', `/api/admin/loans/${loan.id}/approve`, loanA))).toMatchObject({
      status: 409,
      error: loanMessages.guarantorFirst,
    });

    // Another application Sipho declines: it stops there.
    const other = await okData<LoanAnswer>(
      apply(naledi.token, { type: 'personal', amount: 2500, termMonths: 6, guarantor: sipho.id }),
      201,
    );
    const declined = await okData<{ status: string }>(
      call('POST', `/api/loans/${other.id}/guarantor/decline`, sipho.token),
    );
    expect(declined.status).toBe('guarantor_declined');
    expect((await refusal(call('POST', `/api/loans/${other.id}/guarantor/accept`, sipho.token))).error).toBe(
      loanMessages.guarantorDecided,
    );

    const accepted = await okData<{ status: string; guarantor: { status: string } }>(
      call('POST', `/api/loans/${loan.id}/guarantor/accept`, sipho.token),
    );
    expect(accepted).toMatchObject({ status: 'pending', guarantor: { status: 'accepted' } });
    expect((await refusal(call('POST', `/api/loans/${loan.id}/guarantor/accept`, sipho.token))).status).toBe(409);
    // Sipho's capital is held for the guaranteed part.
    const offer = await okData<{ guaranteeHold: number }>(call('GET', '/api/loans/offer', sipho.token));
    expect(offer.guaranteeHold).toBe(1000);
  });

  it("answers a member's own loan only; anyone else's is 404", async () => {
    expect((await refusal(call('GET', `/api/loans/${loan.id}`, naledi.token))).status).toBe(404);
    expect((await refusal(call('GET', '/api/loans/not-a-loan', naledi.token))).status).toBe(404);
    const own = await okData<LoanAnswer>(call('GET', `/api/loans/${loan.id}`, lerato.token));
    expect(own).toMatchObject({ id: loan.id, status: 'pending', schedule: [], settlement: null });
    const mine = await okData<{ id: string }[]>(call('GET', '/api/loans', lerato.token));
    expect(mine.map((row) => row.id)).toEqual([loan.id]);
    // The member's page in the admin area lists it too.
    const clerk = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
    const page = await okData<{ loans: { id: string; number: string; status: string }[] }>(
      call('GET', `/api/admin/members/${lerato.id}`, clerk),
    );
    expect(page.loans).toEqual([
      expect.objectContaining({ id: loan.id, number: own.number, status: 'pending', amount: own.amount }),
    ]);
  });

  it("counts the loan on the dashboard and lists it in the loan admins' tasks", async () => {
    const counts = await okData<{ loans: number }>(call('GET', '/api/admin/dashboard/pending-counts', loanA));
    expect(counts.loans).toBe(1);
    // The payments desk decides no loan: the queue is not counted for it.
    expect(await okData(call('GET', '/api/admin/dashboard/pending-counts', cashiers[0]!))).not.toHaveProperty('loans');
    const tasks = await okData<Tasks>(call('GET', '/api/admin/tasks', loanA));
    expect(tasks.waiting.filter((item) => item.queue === 'loans').map((item) => [item.id, item.path])).toEqual([
      [loan.id, `/admin/loans/${loan.id}`],
    ]);
    const desk = await okData<Tasks>(call('GET', '/api/admin/tasks', cashiers[0]!));
    expect(desk.waiting.filter((item) => item.queue?.startsWith('loan'))).toEqual([]);
  });

  describe('decisions', () => {
    it('never lets the applicant or the guarantor decide, even when they are loan admins', async () => {
      const own = await okData<LoanAnswer>(
        apply(staffer.token, { type: 'emergency', amount: 500, termMonths: 2 }),
        201,
      );
      expect(await refusal(call('POST', `/api/admin/loans/${own.id}/approve`, staffer.adminToken))).toMatchObject({
        status: 403,
        code: 'MAKER_CHECKER',
        error: loanMessages.ownLoan,
      });
      expect(
        (await refusal(call('POST', `/api/admin/loans/${own.id}/reject`, staffer.adminToken, { reason: 'No.' }))).code,
      ).toBe('MAKER_CHECKER');
      const guaranteed = await okData<LoanAnswer>(
        apply(naledi.token, { type: 'personal', amount: 2400, termMonths: 6, guarantor: staffer.email }),
        201,
      );
      await okData(call('POST', `/api/loans/${guaranteed.id}/guarantor/accept`, staffer.token));
      expect(
        await refusal(call('POST', `/api/admin/loans/${guaranteed.id}/approve`, staffer.adminToken)),
      ).toMatchObject({
        status: 403,
        error: loanMessages.guaranteedLoan,
      });
      // Another admin refuses it; the guarantor's hold ends with it.
      const rejected = await okData<LoanAnswer>(
        call('POST', `/api/admin/loans/${guaranteed.id}/reject`, loanA, { reason: 'Income too irregular.' }),
      );
      expect(rejected.status).toBe('rejected');
      expect(
        (await okData<{ guaranteeHold: number }>(call('GET', '/api/loans/offer', staffer.token))).guaranteeHold,
      ).toBe(0);
      await okData(call('POST', `/api/admin/loans/${own.id}/approve`, loanA));
      await okData(
        call('POST', `/api/admin/loans/${own.id}/disburse`, loanB, {
          proofUrl: await uploadFile(t.app, loanB, 'loan-disbursement-proof'),
        }),
      );
    });

    it('needs two different approvers above the dual-approval amount, then a third admin to pay it out', async () => {
      const first = await okData<LoanAnswer>(call('POST', `/api/admin/loans/${loan.id}/approve`, loanA));
      expect(first).toMatchObject({ status: 'pending', approverIds: [expect.any(String)] });
      // The first approver waits for a second; the others have it to decide.
      const mine = await okData<Tasks>(call('GET', '/api/admin/tasks', loanA));
      expect(mine.started.find((item) => item.id === loan.id)?.detail).toBe(`${loan.number} · 1 of 2 approvals`);
      expect((await okData<Tasks>(call('GET', '/api/admin/tasks', loanC))).waiting.map((item) => item.id)).toContain(
        loan.id,
      );
      expect(await refusal(call('POST', `/api/admin/loans/${loan.id}/approve`, loanA))).toMatchObject({
        status: 403,
        error: makerCheckerMessages.alreadyApproved,
      });
      const second = await okData<LoanAnswer>(call('POST', `/api/admin/loans/${loan.id}/approve`, loanC));
      expect(second.status).toBe('approved');
      expect((await refusal(call('POST', `/api/admin/loans/${loan.id}/approve`, loanB))).status).toBe(409);
    });

    it('is paid out by an admin who did not approve it, with a proof: one entry, loans receivable against the bank', async () => {
      const proofUrl = await uploadFile(t.app, loanB, 'loan-disbursement-proof');
      for (const approver of [loanA, loanC]) {
        expect(
          await refusal(call('POST', `/api/admin/loans/${loan.id}/disburse`, approver, { proofUrl })),
        ).toMatchObject({
          status: 403,
          code: 'MAKER_CHECKER',
          error: loanMessages.approverPays,
        });
      }
      expect(
        (
          await refusal(
            call('POST', `/api/admin/loans/${loan.id}/disburse`, loanB, {
              proofUrl: await uploadFile(t.app, lerato.token, 'proof-of-payment'),
            }),
          )
        ).error,
      ).toBe(loanMessages.proofOfTransfer);
      // The loan admin sees the member's payout account in full; one changed within 48 hours is refused.
      const shown = await okData<{ payoutAccount: { accountNumber: string; holderMatchesMember: boolean } }>(
        call('GET', `/api/admin/loans/${loan.id}`, loanB),
      );
      expect(shown.payoutAccount).toMatchObject({ accountNumber: '1234567890', holderMatchesMember: true });
      await seedPayoutAccount(t.db, lerato.id, { usableFrom: new Date('2026-03-06T09:00:00+02:00') });
      expect(await refusal(call('POST', `/api/admin/loans/${loan.id}/disburse`, loanB, { proofUrl }))).toMatchObject({
        status: 409,
        error: 'The payout account was changed recently: it can receive payouts from 6 March 2026 at 09:00.',
      });
      await seedPayoutAccount(t.db, lerato.id);
      const poolsValue = async () =>
        (await okData<{ period: string; value: number }[]>(call('GET', '/api/admin/ledger/monthly', loanB))).find(
          (row) => row.period === '2026-03',
        )!.value;
      const valueBefore = await poolsValue();
      type Offer = { owed: number; appliedFor: number; products: { type: string; maxAmount: number }[] };
      const offerOf = async () => okData<Offer>(call('GET', '/api/loans/offer', lerato.token));
      // Approved but not paid out: not owed, though it counts against the limit (3 x R 1 000.00).
      const before = await offerOf();
      expect(before).toMatchObject({ owed: 0, appliedFor: 2000 });
      expect(before.products.find((product) => product.type === 'personal')?.maxAmount).toBe(1000);
      const [first, second] = await Promise.all([
        call('POST', `/api/admin/loans/${loan.id}/disburse`, loanB, { proofUrl }),
        call('POST', `/api/admin/loans/${loan.id}/disburse`, loanB, { proofUrl }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      // The money lent is still the pools': the payout moves it from the bank to the loans.
      expect(await poolsValue()).toBe(valueBefore);
      loan = await okData<LoanAnswer>(call('GET', `/api/loans/${loan.id}`, lerato.token));
      expect(loan).toMatchObject({ status: 'active', disbursedOn: '2026-03-05', outstandingPrincipal: 2000 });
      const after = await offerOf();
      expect(after).toMatchObject({ owed: 2000, appliedFor: 0 });
      expect(after.products.find((product) => product.type === 'personal')?.maxAmount).toBe(1000);
      expect(loan.schedule).toHaveLength(12);
      expect(loan.nextInstalment).toEqual({ number: 1, dueOn: '2026-04-05', amount: 183.36 });
      const lines = await t.db
        .select({ account: journalLines.account, cents: journalLines.amountCents, loanId: journalLines.loanId })
        .from(journalLines)
        .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
        .where(and(eq(journalEntries.sourceType, 'loan_disbursement'), eq(journalEntries.sourceId, loan.id)));
      expect(lines.sort((a, b) => a.cents - b.cents)).toEqual([
        { account: 'bank', cents: -200_000, loanId: null },
        { account: 'loans_receivable', cents: 200_000, loanId: loan.id },
      ]);
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, lerato.id), eq(notifications.title, 'Loan paid out')));
      expect(told).toHaveLength(1);
      const board = await okData<{
        items: { id: string }[];
        ageing: { activeLoans: number; outstandingPrincipal: number };
      }>(call('GET', '/api/admin/loans?status=active', loanA));
      expect(board.items.map((row) => row.id)).toContain(loan.id);
      expect(board.ageing).toMatchObject({ activeLoans: 2, outstandingPrincipal: 2500 });
    });
  });

  describe('repayments', () => {
    let schedule: ReturnType<typeof amortisationSchedule>;

    it('takes a repayment with its proof; it is refused above what settles the loan, or with a used proof', async () => {
      schedule = amortisationSchedule({
        principalCents: 200_000,
        annualRateBps: 1800,
        termMonths: 12,
        startDay: '2026-03-05',
      });
      at('2026-04-05T10:00:00+02:00');
      const proofUrl = await uploadFile(t.app, lerato.token, 'proof-of-payment');
      const body = { amount: 183.36, paymentMethod: 'EFT / bank transfer', proofUrl };
      expect((await refusal(call('POST', `/api/loans/${loan.id}/repayments`, naledi.token, body))).status).toBe(404);
      expect(
        (
          await refusal(
            call('POST', `/api/loans/${loan.id}/repayments`, lerato.token, { ...body, paymentMethod: 'Cash' }),
          )
        ).error,
      ).toBe(loanMessages.method);
      const [used] = await t.db
        .select({ url: payments.proofOfPaymentUrl })
        .from(payments)
        .where(eq(payments.userId, lerato.id));
      expect(
        (
          await refusal(
            call('POST', `/api/loans/${loan.id}/repayments`, lerato.token, { ...body, proofUrl: used!.url! }),
          )
        ).status,
      ).toBe(409);
      // On the first due day, R 2 000.00 and March's R 30.00 of interest settle it.
      expect(
        (await refusal(call('POST', `/api/loans/${loan.id}/repayments`, lerato.token, { ...body, amount: 2030.01 })))
          .error,
      ).toBe(loanMessages.tooMuch('R 2 030.00'));
      const repayment = await okData<RepaymentAnswer>(
        call('POST', `/api/loans/${loan.id}/repayments`, lerato.token, body),
        201,
      );
      expect(repayment).toMatchObject({ status: 'pending', split: null });
      expect((await refusal(call('POST', `/api/loans/${loan.id}/repayments`, lerato.token, body))).status).toBe(409);
      const desk = await okData<Tasks>(call('GET', '/api/admin/tasks', cashiers[0]!));
      expect(desk.waiting.filter((item) => item.queue === 'loanRepayments').map((item) => item.id)).toEqual([
        repayment.id,
      ]);
      // The dashboard counts it, so it never says nothing is waiting while a repayment does.
      const counts = await okData<{ loanRepayments: number }>(
        call('GET', '/api/admin/dashboard/pending-counts', cashiers[0]!),
      );
      expect(counts.loanRepayments).toBe(1);
    });

    it('is approved exactly once when many admins approve it at the same moment: one 200, the rest 409, one entry', async () => {
      const [pending] = await okData<{ id: string }[]>(call('GET', '/api/admin/loan-repayments', cashiers[1]!));
      // The loan admins do not check repayments: the payments desk does.
      expect((await refusal(call('POST', `/api/admin/loan-repayments/${pending!.id}/approve`, loanA))).status).toBe(
        403,
      );
      const answers = await Promise.all(
        cashiers.map((token) => call('POST', `/api/admin/loan-repayments/${pending!.id}/approve`, token)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(
        (await okData<{ loanRepayments: number }>(call('GET', '/api/admin/dashboard/pending-counts', cashiers[0]!)))
          .loanRepayments,
      ).toBe(0);
      const approved = answers.find((answer) => answer.statusCode === 200)!.json().data as RepaymentAnswer;
      expect(approved).toMatchObject({
        status: 'approved',
        isSettlement: false,
        split: {
          penalty: 0,
          interest: schedule[0]!.interestCents / 100,
          principal: schedule[0]!.principalCents / 100,
          interestNotCharged: 0,
        },
      });
      const entries = await t.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.sourceType, 'loan_repayment'), eq(journalEntries.sourceId, pending!.id)));
      expect(entries).toHaveLength(1);
      const lines = await t.db
        .select({ account: journalLines.account, cents: journalLines.amountCents })
        .from(journalLines)
        .where(eq(journalLines.entryId, entries[0]!.id));
      expect(Object.fromEntries(lines.map((line) => [line.account, line.cents]))).toEqual({
        bank: 18_336,
        loans_receivable: -schedule[0]!.principalCents,
        'income:loan_interest': -schedule[0]!.interestCents,
      });
      const [first] = await t.db
        .select()
        .from(loanInstalments)
        .where(and(eq(loanInstalments.loanId, loan.id), eq(loanInstalments.number, 1)));
      expect(first).toMatchObject({ status: 'paid', paidOn: '2026-04-05' });
    });

    it('never lets a payments admin approve their own repayment', async () => {
      const [own] = await okData<{ id: string }[]>(call('GET', '/api/loans', staffer.token));
      at('2026-04-06T10:00:00+02:00');
      const proofUrl = await uploadFile(t.app, staffer.token, 'proof-of-payment');
      const repayment = await okData<RepaymentAnswer>(
        call('POST', `/api/loans/${own!.id}/repayments`, staffer.token, {
          amount: 250,
          paymentMethod: 'Capitec Pay',
          proofUrl,
        }),
        201,
      );
      expect(
        await refusal(call('POST', `/api/admin/loan-repayments/${repayment.id}/approve`, staffer.adminToken)),
      ).toMatchObject({
        status: 403,
        error: loanMessages.ownRepayment,
      });
      const rejected = await okData<RepaymentAnswer>(
        call('POST', `/api/admin/loan-repayments/${repayment.id}/reject`, cashiers[2]!, {
          reason: 'The proof is unreadable.',
        }),
      );
      expect(rejected.status).toBe('rejected');
    });

    it("settles early with the principal and the interest earned to date; the guarantor's hold ends", async () => {
      at('2026-04-20T10:00:00+02:00');
      const current = await okData<LoanAnswer>(call('GET', `/api/loans/${loan.id}`, lerato.token));
      const principalLeft = 200_000 - schedule[0]!.principalCents;
      // 15 of the 30 days from 5 April to 5 May: half of May's instalment interest.
      const earned = accruedInterestCents(schedule[1]!.interestCents, '2026-04-05', '2026-05-05', '2026-04-20');
      expect(current.settlement).toEqual({
        asOf: '2026-04-20',
        amount: (principalLeft + earned) / 100,
        principal: principalLeft / 100,
        interest: earned / 100,
        penalties: 0,
      });
      const repayment = await okData<RepaymentAnswer>(
        call('POST', `/api/loans/${loan.id}/repayments`, lerato.token, {
          amount: current.settlement!.amount,
          paymentMethod: 'EFT / bank transfer',
          proofUrl: await uploadFile(t.app, lerato.token, 'proof-of-payment'),
        }),
        201,
      );
      at('2026-04-22T10:00:00+02:00');
      const approved = await okData<RepaymentAnswer>(
        call('POST', `/api/admin/loan-repayments/${repayment.id}/approve`, cashiers[3]!),
      );
      const totalInterest = schedule.reduce((sum, row) => sum + row.interestCents, 0);
      expect(approved).toMatchObject({
        isSettlement: true,
        split: {
          penalty: 0,
          interest: earned / 100,
          principal: principalLeft / 100,
          interestNotCharged: (totalInterest - schedule[0]!.interestCents - earned) / 100,
        },
      });
      const closed = await okData<LoanAnswer>(call('GET', `/api/loans/${loan.id}`, lerato.token));
      expect(closed).toMatchObject({
        status: 'repaid',
        outstandingPrincipal: 0,
        principalRepaid: 2000,
        settlement: null,
      });
      expect(closed.schedule.every((row) => row.status === 'paid' && row.unpaid === 0)).toBe(true);
      expect(
        (await okData<{ guaranteeHold: number }>(call('GET', '/api/loans/offer', sipho.token))).guaranteeHold,
      ).toBe(0);
      const ended = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, sipho.id), eq(notifications.title, 'Your guarantee has ended')));
      expect(ended).toHaveLength(1);
      // The loan's receivable is back to nothing in the ledger.
      const [receivable] = await t.db
        .select({ cents: sql<string>`sum(${journalLines.amountCents})` })
        .from(journalLines)
        .where(and(eq(journalLines.loanId, loan.id), eq(journalLines.account, 'loans_receivable')));
      expect(Number(receivable!.cents)).toBe(0);
    });
  });
});
