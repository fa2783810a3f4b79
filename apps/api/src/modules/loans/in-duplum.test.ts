import { amortisationSchedule, type AdminRole } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, seedAdmin, type TestContext } from '../../../test/app.js';
import { createCalls } from '../../../test/calls.js';
import { testEngine } from '../../../test/database.js';
import { assertMoneyInvariants } from '../../../test/invariants.js';
import { hundredRandShares, lendingOn, personalProduct, seedFundedMember } from '../../../test/loans.js';
import { seedOpenPool } from '../../../test/pools.js';
import { uploadFile } from '../../../test/seed.js';
import { loanPenalties } from '../../db/schema.js';

let now = new Date('2026-03-05T09:00:00+02:00');
let t: TestContext;
const { call, okData } = createCalls(() => t.app);
let loanId: string;

// R 600.00 at 18% over 6 months, with the largest fixed penalty the caps allow (R 250.00, more than
// an instalment) and no grace days: left unpaid, the penalties alone would pass the principal.
const schedule = amortisationSchedule({
  principalCents: 60_000,
  annualRateBps: 1800,
  termMonths: 6,
  startDay: '2026-03-05',
});
const interestCents = schedule.reduce((sum, row) => sum + row.interestCents, 0);

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  const admin = async (roles: AdminRole[], superAdmin = false) =>
    login(t.app, (await seedAdmin(t.db, { roles, superAdmin })).email);
  const superAdmin = await admin([], true);
  const approver = await admin(['loan_management']);
  const payer = await admin(['loan_management']);
  const cashier = await admin(['payment_management']);
  const manager = await admin(['investment_management']);
  const pool = await seedOpenPool(t.app, manager, hundredRandShares);
  const member = await seedFundedMember(t.app, t.db, {
    pool,
    manager,
    cashier,
    capital: 1000,
    fullName: 'Dudu Mthembu',
  });
  await okData(
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/loan-settings',
      headers: { authorization: `Bearer ${superAdmin}` },
      payload: lendingOn,
    }),
  );
  await okData(
    call('POST', '/api/admin/loan-products', superAdmin, {
      ...personalProduct,
      graceDays: 0,
      penaltyType: 'fixed',
      penaltyFixed: 250,
      penaltyPercent: 0,
    }),
    201,
  );
  const loan = await okData<{ id: string }>(
    call('POST', '/api/loans', member.token, {
      type: 'personal',
      amount: 600,
      termMonths: 6,
      purpose: 'School uniform and books',
    }),
    201,
  );
  loanId = loan.id;
  await okData(call('POST', `/api/admin/loans/${loanId}/approve`, approver));
  await okData(
    call('POST', `/api/admin/loans/${loanId}/disburse`, payer, {
      proofUrl: await uploadFile(t.app, payer, 'loan-disbursement-proof'),
    }),
  );
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`in duplum (${testEngine})`, () => {
  it('stops charging penalties once they and the interest in arrears equal the principal owed', async () => {
    expect(schedule.reduce((sum, row) => sum + Math.min(25_000, row.amountCents), 0)).toBeGreaterThan(60_000);
    now = new Date('2026-10-01T06:00:00+02:00');
    const first = await t.app.maintenance.run();
    expect(first.jobs).toMatchObject({ loanArrears: { overdue: 6, failed: 0 } });
    const penalties = await t.db.select().from(loanPenalties).where(eq(loanPenalties.loanId, loanId));
    const charged = penalties.reduce((sum, row) => sum + row.amountCents, 0);
    expect(charged + interestCents).toBe(60_000);
    expect(penalties.every((row) => row.amountCents > 0)).toBe(true);

    // Later runs charge nothing more: the room is used up.
    now = new Date('2026-12-01T06:00:00+02:00');
    expect((await t.app.maintenance.run()).jobs).toEqual({ loanArrears: { overdue: 0, penalties: 0, failed: 0 } });
    expect(await t.db.select().from(loanPenalties).where(eq(loanPenalties.loanId, loanId))).toHaveLength(
      penalties.length,
    );
  });
});
