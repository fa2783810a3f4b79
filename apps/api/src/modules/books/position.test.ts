import type { AdminRole } from '@letsema/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, seedActiveMember, seedAdmin, type TestContext } from '../../../test/app.js';
import { closeMonth, recordApprovedInterest } from '../../../test/books.js';
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
import { reauthenticate } from '../../../test/payout-account.js';
import { seedOpenPool } from '../../../test/pools.js';
import { uploadFile } from '../../../test/seed.js';

let now = new Date('2026-03-05T09:00:00+02:00');
const at = (iso: string) => {
  now = new Date(iso);
};
let t: TestContext;
const { call, okData } = createCalls(() => t.app);
const put = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload });

interface Position {
  asOf: string;
  capital: number;
  returns: number;
  loansOwed: number;
  netPosition: number;
  heldForGuarantees: number;
  guaranteesHeld: number;
}
interface Statement {
  closingBalance: number;
  returns: number;
  payouts: number;
  loans: { closingOwed: number };
}
type Member = { id: string; email: string; token: string };

let thandi: Member; // R 3 000.00 of capital; borrows, withdraws returns and guarantees Sipho
let sipho: Member; // R 1 000.00 of capital; asks for a loan Thandi guarantees
let thandiLoan = '';
let thandiApplication = '';
let siphoApplication = '';

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  const admin = async (roles: AdminRole[], superAdmin = false) =>
    login(t.app, (await seedAdmin(t.db, { roles, superAdmin })).email);
  const superAdmin = await admin([], true);
  const manager = await admin(['investment_management']);
  const cashier = await admin(['payment_management']);
  const closer = await admin(['month_end']);
  const secondCloser = await admin(['month_end']);
  const loanA = await admin(['loan_management']);
  const loanB = await admin(['loan_management']);
  const exitsA = await admin(['exit_requests']);
  const exitsB = await admin(['exit_requests']);

  const pool = await seedOpenPool(t.app, manager, hundredRandShares);
  const fund = (capital: number, fullName: string) =>
    seedFundedMember(t.app, t.db, { pool, manager, cashier, capital, fullName });
  thandi = await fund(3000, 'Thandi Mokoena');
  sipho = await fund(1000, 'Sipho Nkosi');

  // March earns R 400.00, shared by capital when the month is closed on 2 April.
  await recordApprovedInterest(t.app, { poolId: pool.id, amount: 400, date: '2026-03-05' }, manager, superAdmin);
  at('2026-04-02T09:00:00+02:00');
  await closeMonth(t.app, '2026-03', closer, secondCloser);

  // Thandi takes R 50.00 of her returns out.
  await reauthenticate(t.app, thandi.token);
  const withdrawal = await okData<{ id: string }>(
    call('POST', '/api/withdrawals', thandi.token, { poolId: pool.id, amount: 50 }),
    201,
  );
  await okData(call('POST', `/api/admin/withdrawals/${withdrawal.id}/approve`, exitsA));
  await okData(
    call('POST', `/api/admin/withdrawals/${withdrawal.id}/pay`, exitsB, {
      proofUrl: await uploadFile(t.app, exitsB, 'payout-proof'),
    }),
  );

  // Lending: Thandi borrows R 1 000.00 over two months without interest, paid out on 2 April.
  expect((await put('/api/admin/loan-settings', superAdmin, lendingOn)).statusCode).toBe(200);
  await okData(call('POST', '/api/admin/loan-products', superAdmin, personalProduct), 201);
  await okData(call('POST', '/api/admin/loan-products', superAdmin, emergencyProduct), 201);
  const apply = (token: string, body: object) =>
    okData<{ id: string; status: string }>(
      call('POST', '/api/loans', token, { purpose: 'School fees for the new term', ...body }),
      201,
    );
  thandiLoan = (await apply(thandi.token, { type: 'emergency', amount: 1000, termMonths: 2 })).id;
  await okData(call('POST', `/api/admin/loans/${thandiLoan}/approve`, loanA));
  await okData(
    call('POST', `/api/admin/loans/${thandiLoan}/disburse`, loanB, {
      proofUrl: await uploadFile(t.app, loanB, 'loan-disbursement-proof'),
    }),
  );
  // She repays R 300.00 of it on 10 April.
  at('2026-04-10T09:00:00+02:00');
  const repayment = await okData<{ id: string }>(
    call('POST', `/api/loans/${thandiLoan}/repayments`, thandi.token, {
      amount: 300,
      paymentMethod: 'EFT / bank transfer',
      proofUrl: await uploadFile(t.app, thandi.token, 'proof-of-payment'),
    }),
    201,
  );
  await okData(call('POST', `/api/admin/loan-repayments/${repayment.id}/approve`, cashier));
  // An application of hers not yet paid out: not owed.
  const pending = await apply(thandi.token, { type: 'personal', amount: 500, termMonths: 6 });
  expect(pending.status).toBe('pending');
  thandiApplication = pending.id;
  // Sipho asks for R 2 000.00 on R 1 000.00 of capital: Thandi guarantees the R 1 000.00 above it.
  siphoApplication = (await apply(sipho.token, { type: 'personal', amount: 2000, termMonths: 6, guarantor: thandi.id }))
    .id;
  await okData(call('POST', `/api/loans/${siphoApplication}/guarantor/accept`, thandi.token));
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`the member's position (${testEngine})`, () => {
  it('is the closing figures of a statement ending today, to the cent, and the capital held for a guarantee', async () => {
    const position = await okData<Position>(call('GET', '/api/statements/position', thandi.token));
    const statement = await okData<Statement>(
      call('GET', '/api/statements?from=2026-01-01&to=2026-04-10', thandi.token),
    );
    expect(statement).toMatchObject({ closingBalance: 3250, returns: 300, payouts: 50, loans: { closingOwed: 700 } });
    // R 3 000.00 paid in; three quarters of March's R 400.00 allocated (R 300.00), R 50.00 of it paid out;
    // R 1 000.00 lent less R 300.00 repaid, and the R 500.00 application not yet paid out is not owed.
    expect(position).toMatchObject({
      asOf: '2026-04-10',
      capital: 3000,
      returns: 250,
      loansOwed: 700,
      netPosition: 2550,
    });
    // The holding is the statement's closing balance, the loans its closing owed.
    expect(position.capital + position.returns).toBe(statement.closingBalance);
    expect(position.loansOwed).toBe(statement.loans.closingOwed);
    expect(position).toMatchObject({ heldForGuarantees: 1000, guaranteesHeld: 1 });
    // The loans page reads the same hold, and the same principal owed.
    const offer = await okData<{ guaranteeHold: number; owed: number; appliedFor: number }>(
      call('GET', '/api/loans/offer', thandi.token),
    );
    expect(offer).toMatchObject({ guaranteeHold: 1000, owed: 700, appliedFor: 500 });
  });

  it('owes nothing on an application not yet paid out, and holds nothing without a guarantee', async () => {
    const position = await okData<Position>(call('GET', '/api/statements/position', sipho.token));
    expect(position).toMatchObject({ capital: 1000, loansOwed: 0, heldForGuarantees: 0, guaranteesHeld: 0 });
    expect(position.netPosition).toBe(position.capital + position.returns);
  });

  it("releases the hold when the guaranteed loan is stopped, and drops Thandi's own application when cancelled", async () => {
    await okData(call('POST', `/api/loans/${siphoApplication}/cancel`, sipho.token));
    await okData(call('POST', `/api/loans/${thandiApplication}/cancel`, thandi.token));
    const position = await okData<Position>(call('GET', '/api/statements/position', thandi.token));
    expect(position).toMatchObject({ loansOwed: 700, heldForGuarantees: 0, guaranteesHeld: 0 });
  });

  it('answers zeros for a new member with nothing', async () => {
    const newcomer = await login(t.app, (await seedActiveMember(t.db)).email);
    expect(await okData<Position>(call('GET', '/api/statements/position', newcomer))).toEqual({
      asOf: '2026-04-10',
      capital: 0,
      returns: 0,
      loansOwed: 0,
      netPosition: 0,
      heldForGuarantees: 0,
      guaranteesHeld: 0,
    });
  });

  it('is refused without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/statements/position' });
    expect(response.statusCode).toBe(401);
  });
});
