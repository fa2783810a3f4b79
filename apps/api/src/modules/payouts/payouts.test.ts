import type { AdminRole } from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, login, seedActiveMember, seedAdmin, type TestContext } from '../../../test/app.js';
import { createCalls } from '../../../test/calls.js';
import { testEngine } from '../../../test/database.js';
import { assertMoneyInvariants } from '../../../test/invariants.js';
import { joinOk, submitPayment } from '../../../test/investing.js';
import { seedOpenPool, type PoolAnswer } from '../../../test/pools.js';
import { uploadFile } from '../../../test/seed.js';
import { journalEntries, memberships, pools, users } from '../../db/schema.js';

let now = new Date('2026-03-05T09:00:00+02:00');
let t: TestContext;
let manager: string;
let cashier: string;
let recorder: string;
let closer: string;
let secondCloser: string;
let exitsA: string;
let exitsB: string;
let exitsC: string;
let pool: PoolAnswer;
const members: Record<string, { id: string; token: string }> = {};

const at = (iso: string) => {
  now = new Date(iso);
};
const { call, okData, refusal } = createCalls(() => t.app);

async function closeMonth(period: string) {
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
  await okData(call('POST', `/api/admin/month-end/${period}/calculate`, closer));
  await okData(call('POST', `/api/admin/month-end/${period}/allocate`, secondCloser));
  await okData(call('POST', `/api/admin/month-end/${period}/reports`, closer));
  await okData(call('POST', `/api/admin/month-end/${period}/close`, closer));
}

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  const admin = async (roles: AdminRole[]) => login(t.app, (await seedAdmin(t.db, { roles })).email);
  manager = await admin(['investment_management']);
  cashier = await admin(['payment_management']);
  recorder = await admin(['investment_management']);
  closer = await admin(['month_end']);
  secondCloser = await admin(['month_end']);
  exitsA = await admin(['exit_requests']);
  exitsB = await admin(['exit_requests']);
  exitsC = await admin(['exit_requests']);

  pool = await seedOpenPool(t.app, manager);
  for (const name of ['leaver', 'early', 'saver']) {
    const member = await seedActiveMember(t.db, { fullName: `Member ${name}` });
    const token = await login(t.app, member.email);
    const joined = await joinOk(t.app, token, pool, 1, 'once');
    await okData(call('POST', `/api/admin/pool-requests/${joined.id}/approve`, manager));
    const payment = await submitPayment(t.app, token, pool.id, 1000);
    await okData(call('POST', `/api/admin/payments/${dataOf<{ id: string }>(payment).id}/approve`, cashier));
    members[name] = { id: member.id, token };
  }
  // March earns R 300.00, split R 100.00 each when the month is closed on 2 April.
  const proofUrl = await uploadFile(t.app, recorder, 'income-proof');
  const income = await okData<{ id: string }>(
    call('POST', '/api/admin/income', recorder, {
      category: 'interest',
      amount: 300,
      date: '2026-03-05',
      poolId: pool.id,
      description: 'Interest',
      proofUrl,
    }),
    201,
  );
  await okData(call('POST', `/api/admin/income/${income.id}/approve`, manager));
  at('2026-04-02T09:00:00+02:00');
  await closeMonth('2026-03');
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
});

interface ExitAnswer {
  id: string;
  status: string;
  noticeEndsOn: string;
  daysLeft: number;
  estimate: number;
  approvalsNeeded: number;
  settlement: { capital: number; returns: number; fee: number; payout: number; isEarly: boolean } | null;
}

describe(`exits (${testEngine})`, () => {
  let exit: ExitAnswer;

  it('runs the notice for 90 days from the request and shows the countdown and an estimate', async () => {
    exit = await okData<ExitAnswer>(
      call('POST', '/api/exits', members.leaver!.token, { poolId: pool.id, reason: 'Moving to another province.' }),
      201,
    );
    expect(exit).toMatchObject({ status: 'requested', noticeEndsOn: '2026-07-01', daysLeft: 90, estimate: 1100 });
    expect(
      (
        await refusal(
          call('POST', '/api/exits', members.leaver!.token, { poolId: pool.id, reason: 'Asking twice now.' }),
        )
      ).status,
    ).toBe(409);
    expect(
      (await refusal(call('POST', '/api/exits', members.leaver!.token, { poolId: pool.id, reason: 'short' }))).error,
    ).toBe('Please tell us why you are leaving (at least 10 characters)');
    const mine = await okData<ExitAnswer[]>(call('GET', '/api/exits/mine', members.leaver!.token));
    expect(mine.map((row) => row.id)).toEqual([exit.id]);
    // Another member's exit is not theirs to see or cancel.
    expect((await refusal(call('POST', `/api/exits/${exit.id}/cancel`, members.saver!.token))).status).toBe(404);
    const counts = await okData<{ exits: number }>(call('GET', '/api/admin/dashboard/pending-counts', exitsA));
    expect(counts.exits).toBeGreaterThanOrEqual(1);
  });

  it('is settled after the notice at a closed month end, approved by another admin, and paid once', async () => {
    expect((await refusal(call('POST', `/api/admin/exits/${exit.id}/settle`, exitsA, {}))).error).toBe(
      'The notice has not run yet: give the reason for paying out early (at least 10 characters)',
    );
    at('2026-07-02T09:00:00+02:00');
    expect((await refusal(call('POST', `/api/admin/exits/${exit.id}/settle`, exitsA, {}))).error).toBe(
      'Close a month end after the notice was given first: the settlement is valued at a closed month end.',
    );
    await closeMonth('2026-04');
    const settled = await okData<ExitAnswer>(call('POST', `/api/admin/exits/${exit.id}/settle`, exitsA, {}));
    expect(settled.settlement).toEqual(
      expect.objectContaining({ capital: 1000, returns: 100, fee: 0, payout: 1100, isEarly: false }),
    );
    expect(await refusal(call('POST', `/api/admin/exits/${exit.id}/approve`, exitsA))).toMatchObject({
      status: 403,
      code: 'MAKER_CHECKER',
    });
    expect(
      (
        await refusal(
          call('POST', `/api/admin/exits/${exit.id}/pay`, exitsB, {
            proofUrl: await uploadFile(t.app, exitsB, 'payout-proof'),
          }),
        )
      ).status,
    ).toBe(409);
    const approved = await okData<{ statusLabel: string }>(call('POST', `/api/admin/exits/${exit.id}/approve`, exitsB));
    // An approved exit reads as the spec names it.
    expect(approved.statusLabel).toBe('Ready for Payout');
    // Whoever approved the settlement does not also mark it paid.
    expect(
      await refusal(
        call('POST', `/api/admin/exits/${exit.id}/pay`, exitsB, {
          proofUrl: await uploadFile(t.app, exitsB, 'payout-proof'),
        }),
      ),
    ).toMatchObject({
      status: 403,
      code: 'MAKER_CHECKER',
      error: 'You approved this settlement, so another admin must pay it.',
    });

    const before = (await t.db.select().from(pools).where(eq(pools.id, pool.id)))[0]!;
    const [first, second] = await Promise.all([
      call('POST', `/api/admin/exits/${exit.id}/pay`, exitsA, {
        proofUrl: await uploadFile(t.app, exitsA, 'payout-proof'),
      }),
      call('POST', `/api/admin/exits/${exit.id}/pay`, exitsC, {
        proofUrl: await uploadFile(t.app, exitsC, 'payout-proof'),
      }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(sql`${journalEntries.sourceType} = 'exit' and ${journalEntries.sourceId} = ${exit.id}`);
    expect(entries).toHaveLength(1);
    const after = (await t.db.select().from(pools).where(eq(pools.id, pool.id)))[0]!;
    expect(after.availableShares).toBe(before.availableShares + 1);
    expect(after.totalMembers).toBe(before.totalMembers - 1);
    expect(after.currentAmountCents).toBe(before.currentAmountCents - 100_000);
    const [held] = await t.db.select().from(memberships).where(eq(memberships.userId, members.leaver!.id));
    expect(held!.contributionStatus).toBe('exited');
    // Their only pool: the relationship has ended, and the retention of their documents runs from now.
    const [person] = await t.db
      .select({ endedAt: users.relationshipEndedAt })
      .from(users)
      .where(eq(users.id, members.leaver!.id));
    expect(person!.endedAt).toBeInstanceOf(Date);

    const statement = await okData<{
      closingBalance: number;
      payouts: number;
      lines: { type: string; amount: number }[];
    }>(call('GET', '/api/statements?from=2026-03-01&to=2026-07-31', members.leaver!.token));
    expect(statement).toMatchObject({ closingBalance: 0, payouts: 1100 });
    expect(
      statement.lines
        .filter((line) => line.type === 'Payout')
        .map((line) => line.amount)
        .sort((a, b) => a - b),
    ).toEqual([-1000, -100]);
  });

  it('needs a reason and two approvers, neither the preparer, to pay out early; the member may cancel until payout', async () => {
    const early = await okData<ExitAnswer>(
      call('POST', '/api/exits', members.early!.token, { poolId: pool.id, reason: 'A family emergency.' }),
      201,
    );
    const settled = await okData<ExitAnswer>(
      call('POST', `/api/admin/exits/${early.id}/settle`, exitsA, {
        earlyReason: 'Medical costs, approved by the board.',
      }),
    );
    expect(settled).toMatchObject({ approvalsNeeded: 2, settlement: expect.objectContaining({ isEarly: true }) });
    const once = await okData<ExitAnswer>(call('POST', `/api/admin/exits/${early.id}/approve`, exitsB));
    expect(once.status).toBe('settled');
    expect((await refusal(call('POST', `/api/admin/exits/${early.id}/approve`, exitsB))).code).toBe('MAKER_CHECKER');
    expect((await okData<ExitAnswer>(call('POST', `/api/admin/exits/${early.id}/approve`, exitsC))).status).toBe(
      'approved',
    );
    const cancelled = await okData<ExitAnswer>(call('POST', `/api/exits/${early.id}/cancel`, members.early!.token));
    expect(cancelled.status).toBe('cancelled');
    expect((await refusal(call('POST', `/api/exits/${early.id}/cancel`, members.early!.token))).error).toBe(
      'This exit can no longer be cancelled.',
    );
    expect(
      (
        await refusal(
          call('POST', `/api/admin/exits/${early.id}/pay`, exitsB, {
            proofUrl: await uploadFile(t.app, exitsB, 'payout-proof'),
          }),
        )
      ).status,
    ).toBe(409);
  });
});

describe(`withdrawals (${testEngine})`, () => {
  const bank = {
    accountHolder: 'Member Saver',
    bankName: 'Capitec',
    accountNumber: '1234567890',
    branchCode: '470010',
  };

  it('pays allocated returns only, approved by one admin and paid by another', async () => {
    const saver = members.saver!;
    const tooMuch = await refusal(
      call('POST', '/api/withdrawals', saver.token, { poolId: pool.id, amount: 100.01, ...bank }),
    );
    expect(tooMuch).toMatchObject({
      status: 400,
      error: 'You can withdraw at most R 100.00: your allocated returns not yet paid out or asked for.',
    });
    expect(
      (
        await refusal(
          call('POST', '/api/withdrawals', saver.token, { poolId: pool.id, amount: 10, ...bank, branchCode: '12' }),
        )
      ).error,
    ).toBe('Enter the branch code: 6 digits');
    const asked = await okData<{ id: string; status: string }>(
      call('POST', '/api/withdrawals', saver.token, { poolId: pool.id, amount: 60, ...bank }),
      201,
    );
    // What is asked for already is not available again.
    expect(
      (await refusal(call('POST', '/api/withdrawals', saver.token, { poolId: pool.id, amount: 50, ...bank }))).error,
    ).toBe('You can withdraw at most R 40.00: your allocated returns not yet paid out or asked for.');
    await okData(call('POST', `/api/admin/withdrawals/${asked.id}/approve`, exitsA));
    const proofUrl = await uploadFile(t.app, exitsA, 'payout-proof');
    expect(await refusal(call('POST', `/api/admin/withdrawals/${asked.id}/pay`, exitsA, { proofUrl }))).toMatchObject({
      status: 403,
      code: 'MAKER_CHECKER',
      error: 'You approved this withdrawal, so another admin must pay it.',
    });
    const paid = await okData<{ status: string }>(
      call('POST', `/api/admin/withdrawals/${asked.id}/pay`, exitsB, {
        proofUrl: await uploadFile(t.app, exitsB, 'payout-proof'),
      }),
    );
    expect(paid.status).toBe('paid');
    const mine = await okData<{ available: number; items: { bank: { accountNumber: string } }[] }>(
      call('GET', '/api/withdrawals/mine', saver.token),
    );
    expect(mine.available).toBe(40);
    // The member's own answer shows the last four digits only; the admins' list the whole number.
    expect(mine.items.map((item) => item.bank.accountNumber)).toEqual(['…7890']);
    const queue = await okData<{ bank: { accountNumber: string } }[]>(
      call('GET', '/api/admin/withdrawals?status=paid', exitsC),
    );
    expect(queue.map((item) => item.bank.accountNumber)).toContain('1234567890');
    expect((await refusal(call('POST', `/api/admin/withdrawals/${asked.id}/approve`, exitsC))).status).toBe(409);
    // Members cannot reach the admin calls.
    expect((await refusal(call('GET', '/api/admin/withdrawals', saver.token))).status).toBe(403);
  });
});
