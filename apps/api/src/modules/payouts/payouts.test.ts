import type { AdminRole } from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, login, seedActiveMember, seedAdmin, type TestContext } from '../../../test/app.js';
import { closeMonth as closeMonthOf, recordApprovedInterest } from '../../../test/books.js';
import { createCalls } from '../../../test/calls.js';
import { testEngine } from '../../../test/database.js';
import { assertMoneyInvariants } from '../../../test/invariants.js';
import { joinOk, submitPayment } from '../../../test/investing.js';
import { seedOpenPool, type PoolAnswer } from '../../../test/pools.js';
import { reauthenticate, seedPayoutAccount } from '../../../test/payout-account.js';
import { uploadFile } from '../../../test/seed.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import {
  auditLog,
  emailOutbox,
  journalEntries,
  memberships,
  notifications,
  pools,
  sessions,
  users,
  withdrawals,
} from '../../db/schema.js';

let now = new Date('2026-03-05T09:00:00+02:00');
let t: TestContext;
let smtp: TestSmtpServer;
/** Each admin's e-mail address, by their session token. */
const addressOf = new Map<string, string>();

/** The e-mails the admin of `token` received that say each of `texts`, once the outbox has sent what it holds. */
async function mailsSaying(token: string, ...texts: string[]) {
  await t.app.outbox.runOnce();
  return smtp.received.filter(
    (mail) =>
      mail.envelopeTo.includes(addressOf.get(token)!) && texts.every((text) => mail.parsed.text?.includes(text)),
  );
}
const toPay = 'is approved and waits to be paid by an admin who did not approve it';
let manager: string;
let cashier: string;
let recorder: string;
let closer: string;
let secondCloser: string;
let exitsA: string;
let exitsB: string;
let exitsC: string;
let pool: PoolAnswer;
const members: Record<string, { id: string; email: string; token: string }> = {};

const at = (iso: string) => {
  now = new Date(iso);
};
const { call, okData, refusal } = createCalls(() => t.app);

const closeMonth = (period: string) => closeMonthOf(t.app, period, closer, secondCloser);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, {}, { clock: () => now });
  await t.app.outbox.stop();
  const admin = async (roles: AdminRole[]) => {
    const { email } = await seedAdmin(t.db, { roles });
    const token = await login(t.app, email);
    addressOf.set(token, email);
    return token;
  };
  manager = await admin(['investment_management']);
  cashier = await admin(['payment_management']);
  recorder = await admin(['investment_management']);
  closer = await admin(['month_end']);
  secondCloser = await admin(['month_end']);
  exitsA = await admin(['exit_requests']);
  exitsB = await admin(['exit_requests']);
  exitsC = await admin(['exit_requests']);

  pool = await seedOpenPool(t.app, manager);
  for (const name of ['leaver', 'early', 'saver', 'mover']) {
    const member = await seedActiveMember(t.db, { fullName: `Member ${name}` });
    const token = await login(t.app, member.email);
    const joined = await joinOk(t.app, token, pool, 1, 'once');
    await okData(call('POST', `/api/admin/pool-requests/${joined.id}/approve`, manager));
    const payment = await submitPayment(t.app, token, pool.id, 1000);
    await okData(call('POST', `/api/admin/payments/${dataOf<{ id: string }>(payment).id}/approve`, cashier));
    members[name] = { id: member.id, email: member.email, token };
    // Saved long ago, so payouts may go to it ('mover' saves theirs in the tests).
    if (name !== 'mover') await seedPayoutAccount(t.db, member.id, { accountHolder: `Member ${name}` });
  }
  // March earns R 400.00, split R 100.00 each when the month is closed on 2 April.
  await recordApprovedInterest(t.app, { poolId: pool.id, amount: 400, date: '2026-03-05' }, recorder, manager);
  at('2026-04-02T09:00:00+02:00');
  await closeMonth('2026-03');
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
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
    await reauthenticate(t.app, members.leaver!.token);
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
    // The other exit admins hear that it waits for their approval, by e-mail too; its preparer does not.
    const toApprove = 'An exit settlement of R 1 100.00 is prepared and waits for approval by an admin';
    expect(await mailsSaying(exitsB, toApprove)).toHaveLength(1);
    expect(await mailsSaying(exitsA, toApprove)).toEqual([]);
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
    // The exit admins who did not approve it hear that it waits to be paid, by e-mail too.
    const [exitMail] = await mailsSaying(exitsA, `An exit settlement of R 1 100.00 ${toPay}`);
    expect(exitMail?.parsed.subject).toBe('Letsema: an exit request waits for you');
    expect(await mailsSaying(exitsB, 'An exit settlement of R 1 100.00', toPay)).toEqual([]);
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
    await reauthenticate(t.app, members.early!.token);
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
  it('pays allocated returns only, approved by one admin and paid by another', async () => {
    const saver = members.saver!;
    await reauthenticate(t.app, saver.token);
    const tooMuch = await refusal(call('POST', '/api/withdrawals', saver.token, { poolId: pool.id, amount: 100.01 }));
    expect(tooMuch).toMatchObject({
      status: 400,
      error: 'You can withdraw at most R 100.00: your allocated returns not yet paid out or asked for.',
    });
    const asked = await okData<{ id: string; status: string }>(
      call('POST', '/api/withdrawals', saver.token, { poolId: pool.id, amount: 60 }),
      201,
    );
    // What is asked for already is not available again.
    expect((await refusal(call('POST', '/api/withdrawals', saver.token, { poolId: pool.id, amount: 50 }))).error).toBe(
      'You can withdraw at most R 40.00: your allocated returns not yet paid out or asked for.',
    );
    await okData(call('POST', `/api/admin/withdrawals/${asked.id}/approve`, exitsA));
    // The exit admins who did not approve it hear that it waits to be paid, by e-mail too.
    const [mail] = await mailsSaying(exitsB, 'A withdrawal of R 60.00 to ', toPay);
    expect(mail?.parsed.subject).toBe('Letsema: a withdrawal waits for you');
    expect(await mailsSaying(exitsA, 'A withdrawal of R 60.00 to ', toPay)).toEqual([]);
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
    // The request keeps the last four digits only; the admins read the whole number of the payout account.
    expect(mine.items.map((item) => item.bank.accountNumber)).toEqual(['…7890']);
    const queue = await okData<
      {
        id: string;
        bank: { accountNumber: string };
        payoutAccount: { accountNumber: string; holderMatchesMember: boolean };
      }[]
    >(call('GET', '/api/admin/withdrawals?status=paid', exitsC));
    const listed = queue.find((item) => item.id === asked.id)!;
    expect(listed.bank.accountNumber).toBe('…7890');
    expect(listed.payoutAccount).toMatchObject({ accountNumber: '1234567890', holderMatchesMember: true });
    const [stored] = await t.db
      .select({ accountNumber: withdrawals.accountNumber })
      .from(withdrawals)
      .where(eq(withdrawals.id, asked.id));
    expect(stored!.accountNumber).toBe('7890');
    expect((await refusal(call('POST', `/api/admin/withdrawals/${asked.id}/approve`, exitsC))).status).toBe(409);
    // Members cannot reach the admin calls.
    expect((await refusal(call('GET', '/api/admin/withdrawals', saver.token))).status).toBe(403);
  });
});

describe(`transactions agree with the statement (${testEngine})`, () => {
  interface Row {
    type: string;
    label: string;
    reference: string | null;
    amount: number;
    status: string;
    date: string;
  }
  it('lists the profit share and the paid withdrawal under their tabs, counted over everything, as the statement shows them', async () => {
    const saver = members.saver!;
    const counts = await okData<Record<string, number>>(
      call('GET', '/api/payments/my-transactions/counts', saver.token),
    );
    expect(counts).toMatchObject({ contribution: 1, return_payment: 1, withdrawal: 1, exit_payout: 0, correction: 0 });
    const profits = await okData<Row[]>(call('GET', '/api/payments/my-transactions?tab=profits', saver.token));
    expect(profits).toEqual([
      expect.objectContaining({
        type: 'return_payment',
        label: 'Profit allocation',
        amount: 100,
        status: 'completed',
        date: '2026-03-31',
      }),
    ]);
    const withdrawalsTab = await okData<Row[]>(
      call('GET', '/api/payments/my-transactions?tab=withdrawals', saver.token),
    );
    expect(withdrawalsTab).toEqual([
      expect.objectContaining({ type: 'withdrawal', label: 'Withdrawal paid', amount: 60, status: 'completed' }),
    ]);
    const contributions = await okData<Row[]>(
      call('GET', '/api/payments/my-transactions?tab=contributions', saver.token),
    );
    expect(contributions.map((row) => [row.amount, row.status, row.label])).toEqual([
      [1000, 'completed', 'Contribution'],
    ]);
    // Every line of the statement is a row of Transactions, with the same reference, date and amount.
    const statement = await okData<{ lines: { reference: string; date: string; type: string; amount: number }[] }>(
      call('GET', '/api/statements?from=2026-01-01&to=2026-12-31', saver.token),
    );
    const all = await okData<Row[]>(call('GET', '/api/payments/my-transactions', saver.token));
    expect(all).toHaveLength(3);
    const posted = all.filter((row) => row.reference !== null);
    expect(
      posted.map((row) => [row.reference, row.date, row.type === 'withdrawal' ? -row.amount : row.amount]).sort(),
    ).toEqual(statement.lines.map((line) => [line.reference, line.date, line.amount]).sort());
    expect(statement.lines).toHaveLength(3);
    // A page is a page; the counts stay over everything.
    const page = await okData<Row[]>(call('GET', '/api/payments/my-transactions?limit=1&page=2', saver.token));
    expect(page).toEqual([all[1]]);
    expect((await refusal(call('GET', '/api/payments/my-transactions?tab=bonus', saver.token))).error).toBe(
      'tab must be one of all, contributions, profits, fees, withdrawals, refunds, loans',
    );
    // Another member sees none of it.
    const mover = await okData<Record<string, number>>(
      call('GET', '/api/payments/my-transactions/counts', members.mover!.token),
    );
    expect(mover).toMatchObject({ contribution: 1, return_payment: 1, withdrawal: 0 });
  });
});

describe(`the payout account and the member's fresh proof (${testEngine})`, () => {
  const put = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/payout-account', headers: { authorization: `Bearer ${token}` }, payload });
  const mailsTo = async (email: string) =>
    (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).map(
      (mail) => `${mail.subject}\n${mail.text}`,
    );
  const staleProof = async (token: string) => {
    // The proof was given six minutes ago: past the five-minute window.
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
    await t.db
      .update(sessions)
      .set({ reauthenticatedAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(sessions.id, payload.sid));
  };
  const account = {
    bankId: 'fnb',
    branchCode: '250655',
    accountHolder: 'Member mover',
    accountNumber: '6200 1234 5678',
  };

  it('asks for the proof before an account is saved, keeps one account, e-mails the last four digits, and holds it 48 hours', async () => {
    const mover = members.mover!;
    expect(await okData(call('GET', '/api/payout-account', mover.token))).toBeNull();
    expect(await refusal(put(mover.token, account))).toMatchObject({ status: 403, code: 'REAUTH_REQUIRED' });
    await reauthenticate(t.app, mover.token);
    await staleProof(mover.token);
    expect(await refusal(put(mover.token, account))).toMatchObject({ status: 403, code: 'REAUTH_REQUIRED' });
    await reauthenticate(t.app, mover.token);
    // Without a payout account nothing can be asked for: payouts go only to it.
    expect(await refusal(call('POST', '/api/withdrawals', mover.token, { poolId: pool.id, amount: 30 }))).toMatchObject(
      {
        status: 409,
        error: 'Add your payout account in your profile first: payouts go only to it.',
      },
    );
    expect((await refusal(put(mover.token, { ...account, accountNumber: '62001A' }))).error).toBe(
      'Enter the account number: 6 to 16 digits',
    );
    // The branch code is the chosen bank's universal code, checked with the form's messages.
    expect(await refusal(put(mover.token, { ...account, branchCode: '632005' }))).toMatchObject({
      status: 400,
      error: 'This branch code is not FNB’s: use its universal branch code, 250655',
      details: { branchCode: 'This branch code is not FNB’s: use its universal branch code, 250655' },
    });
    expect((await refusal(put(mover.token, { ...account, branchCode: '2506' }))).error).toBe(
      'Enter the branch code: 6 digits',
    );
    const { branchCode: _omitted, ...withoutCode } = account;
    expect((await refusal(put(mover.token, withoutCode))).error).toBe('Enter the branch code: 6 digits');
    const saved = await okData<{
      bankName: string;
      branchCode: string;
      accountNumber: string;
      usableFrom: string;
      isUsable: boolean;
    }>(put(mover.token, account));
    expect(saved).toMatchObject({ bankName: 'FNB', branchCode: '250655', accountNumber: '…5678', isUsable: false });
    expect(new Date(saved.usableFrom).getTime()).toBe(now.getTime() + 48 * 60 * 60 * 1000);
    // Changed again: still one account, the new one.
    await okData(put(mover.token, { ...account, accountNumber: '62009876543' }));
    const mine = await okData<{ accountNumber: string }>(call('GET', '/api/payout-account', mover.token));
    expect(mine.accountNumber).toBe('…6543');
    const mails = await mailsTo(mover.email);
    expect(mails.filter((mail) => /payout account (added|changed)/i.test(mail))).toHaveLength(2);
    expect(mails.join('\n')).toContain('ending 6543');
    expect(mails.join('\n')).not.toContain('62009876543');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, mover.id));
    const logged = JSON.stringify(audit.filter((row) => row.action.startsWith('payout_account.')));
    expect(logged).toContain('6543');
    expect(logged).not.toContain('62009876543');
    expect(logged).not.toContain('Member mover');
  });

  it('refuses a withdrawal or an exit without fresh proof, and tells the member at once with the last four digits', async () => {
    const mover = members.mover!;
    await staleProof(mover.token);
    expect(await refusal(call('POST', '/api/withdrawals', mover.token, { poolId: pool.id, amount: 30 }))).toMatchObject(
      {
        status: 403,
        code: 'REAUTH_REQUIRED',
      },
    );
    expect(
      await refusal(call('POST', '/api/exits', mover.token, { poolId: pool.id, reason: 'Someone else is asking.' })),
    ).toMatchObject({ status: 403, code: 'REAUTH_REQUIRED' });
    await reauthenticate(t.app, mover.token);
    const asked = await okData<{ id: string; bank: { bankName: string; accountNumber: string } }>(
      call('POST', '/api/withdrawals', mover.token, { poolId: pool.id, amount: 30 }),
      201,
    );
    expect(asked.bank).toMatchObject({ bankName: 'FNB', accountNumber: '…6543' });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, mover.id));
    expect(told.map((row) => row.title)).toContain('Withdrawal requested');
    const mails = await mailsTo(mover.email);
    expect(mails.find((mail) => mail.includes('withdraw R 30.00'))).toContain('ending 6543');
  });

  it('refuses to pay into an account changed less than 48 hours ago, naming when it can', async () => {
    const mover = members.mover!;
    const [asked] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, mover.id));
    await okData(call('POST', `/api/admin/withdrawals/${asked!.id}/approve`, exitsA));
    const queue = await okData<{ id: string; payoutAccount: { isUsable: boolean; accountNumber: string } }[]>(
      call('GET', '/api/admin/withdrawals', exitsB),
    );
    expect(queue.find((item) => item.id === asked!.id)?.payoutAccount).toMatchObject({
      isUsable: false,
      accountNumber: '62009876543',
    });
    const held = await refusal(
      call('POST', `/api/admin/withdrawals/${asked!.id}/pay`, exitsB, {
        proofUrl: await uploadFile(t.app, exitsB, 'payout-proof'),
      }),
    );
    expect(held.status).toBe(409);
    expect(held.error).toMatch(/^The payout account was changed recently: it can receive payouts from /);
    const later = now;
    at(new Date(now.getTime() + 49 * 60 * 60 * 1000).toISOString());
    try {
      await okData(
        call('POST', `/api/admin/withdrawals/${asked!.id}/pay`, exitsB, {
          proofUrl: await uploadFile(t.app, exitsB, 'payout-proof'),
        }),
      );
    } finally {
      now = later;
    }
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, mover.id));
    expect(told.find((row) => row.title === 'Withdrawal paid')?.message).toContain('ending 6543');
  });

  it("keeps each member's payouts their own", async () => {
    const [asked] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, members.mover!.id));
    expect((await refusal(call('POST', `/api/withdrawals/${asked!.id}/cancel`, members.saver!.token))).status).toBe(
      404,
    );
    const theirs = await okData<{ items: { id: string }[] }>(
      call('GET', '/api/withdrawals/mine', members.saver!.token),
    );
    expect(theirs.items.map((item) => item.id)).not.toContain(asked!.id);
    const own = await okData<{ accountNumber: string }>(call('GET', '/api/payout-account', members.saver!.token));
    expect(own.accountNumber).toBe('…7890');
  });

  it('answers 409, not 500, for a proof of transfer attached to another payout already', async () => {
    const saver = members.saver!;
    await reauthenticate(t.app, saver.token);
    const first = await okData<{ id: string }>(
      call('POST', '/api/withdrawals', saver.token, { poolId: pool.id, amount: 5 }),
      201,
    );
    const second = await okData<{ id: string }>(
      call('POST', '/api/withdrawals', saver.token, { poolId: pool.id, amount: 5 }),
      201,
    );
    await okData(call('POST', `/api/admin/withdrawals/${first.id}/approve`, exitsA));
    await okData(call('POST', `/api/admin/withdrawals/${second.id}/approve`, exitsA));
    const proofUrl = await uploadFile(t.app, exitsB, 'payout-proof');
    await okData(call('POST', `/api/admin/withdrawals/${first.id}/pay`, exitsB, { proofUrl }));
    expect(await refusal(call('POST', `/api/admin/withdrawals/${second.id}/pay`, exitsB, { proofUrl }))).toMatchObject({
      status: 409,
      error: 'This proof of transfer is attached to another payout already. Upload the proof of this one.',
    });
    const [stillApproved] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, second.id));
    expect(stillApproved!.status).toBe('approved');
  });
});
