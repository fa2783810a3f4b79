import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  registerMember,
  seedActiveMember,
  seedAdmin,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { assertMoneyInvariants } from '../../../test/invariants.js';
import { joinOk, requestJoin, submitPayment } from '../../../test/investing.js';
import { createPool, seedOpenPool, type PoolAnswer } from '../../../test/pools.js';
import { uploadFile } from '../../../test/seed.js';
import { auditLog, emailOutbox, memberships, notifications, payments, pools, users } from '../../db/schema.js';

let t: TestContext;
let manager: string;
let cashier: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await login(t.app, (await seedAdmin(t.db, { roles: ['investment_management'] })).email);
  cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const newMember = async () => {
  const member = await seedActiveMember(t.db);
  return { id: member.id, email: member.email, token: await login(t.app, member.email) };
};
const membership = async (token: string) =>
  dataOf<{
    contributionStatus: string;
    totalPaid: number;
    totalCommitment: number;
    installmentPlan: string;
    contributionAmount: number;
    rejectionReason: string | null;
  } | null>(await call('GET', '/api/payments/my-membership', token));
const poolNow = async (id: string) => dataOf<PoolAnswer>(await call('GET', `/api/pools/${id}`, manager));
const approveRequest = (id: string, token = manager) => call('POST', `/api/admin/pool-requests/${id}/approve`, token);
const approvePayment = (id: string, token = cashier) => call('POST', `/api/admin/payments/${id}/approve`, token);

describe(`joining a pool (${testEngine})`, () => {
  it('records a pending request with the figures the pool gives, and answers it as my membership', async () => {
    const pool = await seedOpenPool(t.app, manager);
    const member = await newMember();
    expect(await membership(member.token)).toBeNull();
    const joined = await joinOk(t.app, member.token, pool, 10);
    expect(joined).toMatchObject({ totalCommitment: 10000, contributionAmount: 833.33 });
    expect(await membership(member.token)).toMatchObject({
      contributionStatus: 'pending',
      totalPaid: 0,
      totalCommitment: 10000,
    });
    // Nothing is taken from the pool until an admin approves.
    expect((await poolNow(pool.id)).availableShares).toBe(1000);
  });

  it('refuses figures that disagree with the pool, shares out of range and plans the pool lacks', async () => {
    const pool = await seedOpenPool(t.app, manager, { paymentFrequencies: ['monthly'] });
    const member = await newMember();
    const cheat = await call('POST', '/api/payments/join-pool', member.token, {
      poolId: pool.id,
      numberOfShares: 10,
      totalCommitment: 1,
      installmentPlan: 'monthly',
      contributionAmount: 0.08,
    });
    expect(cheat.statusCode).toBe(400);
    expect(cheat.json().error).toContain('R 10 000.00');
    const tooMany = await requestJoin(t.app, member.token, pool, 1001);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details.numberOfShares).toBe('Choose between 1 and 1000 shares');
    const zero = await call('POST', '/api/payments/join-pool', member.token, {
      poolId: pool.id,
      numberOfShares: 0,
      totalCommitment: 1,
      installmentPlan: 'monthly',
      contributionAmount: 1,
    });
    expect(zero.statusCode).toBe(400);
    const plan = await requestJoin(t.app, member.token, pool, 1, 'yearly');
    expect(plan.statusCode).toBe(400);
    expect(plan.json().details.installmentPlan).toBe('Please choose a payment plan');
    expect(await membership(member.token)).toBeNull();
  });

  it('allows one live membership per member and pool, and a new request after a rejection', async () => {
    const pool = await seedOpenPool(t.app, manager);
    const member = await newMember();
    const first = await joinOk(t.app, member.token, pool, 5);
    const again = await requestJoin(t.app, member.token, pool, 5);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You already have a membership request for this pool');

    const noReason = await call('POST', `/api/admin/pool-requests/${first.id}/reject`, manager, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Rejection reason is required');
    expect(
      (await call('POST', `/api/admin/pool-requests/${first.id}/reject`, manager, { reason: 'Too few shares' }))
        .statusCode,
    ).toBe(200);
    expect(await membership(member.token)).toMatchObject({
      contributionStatus: 'rejected',
      rejectionReason: 'Too few shares',
    });
    await joinOk(t.app, member.token, pool, 7);
    expect(await membership(member.token)).toMatchObject({ contributionStatus: 'pending' });
  });

  it('needs an active member account and an open pool', async () => {
    const member = await newMember();
    // Someone else's draft is not even visible; one's own draft is not open yet.
    expect((await requestJoin(t.app, member.token, await createPool(t.app, manager), 1)).statusCode).toBe(404);
    const ownDraft = await requestJoin(t.app, member.token, await createPool(t.app, member.token), 1);
    expect(ownDraft.statusCode).toBe(409);
    expect(ownDraft.json().error).toBe('This pool is not open for joining');
    const pending = await registerMember(t.app);
    const open = await seedOpenPool(t.app, manager);
    const notActive = await requestJoin(t.app, pending.token, open, 1);
    expect(notActive.statusCode).toBe(403);
    expect(notActive.json().error).toBe('Your registration must be approved before you can join a pool');
    expect((await requestJoin(t.app, manager, open, 1)).statusCode).toBe(403);
  });

  it('lists the requests to join oldest first, paged, each with its member, pool and figures', async () => {
    const pool = await seedOpenPool(t.app, manager);
    const members = [await newMember(), await newMember(), await newMember()];
    const waiting = async () =>
      dataOf<{ poolRequests: number }>(await call('GET', '/api/admin/dashboard/pending-counts', manager)).poolRequests;
    const before = await waiting();
    const made: Awaited<ReturnType<typeof joinOk>>[] = [];
    for (const [i, member] of members.entries()) made.push(await joinOk(t.app, member.token, pool, i + 1));
    // The dashboard counts them: it said "Nothing is waiting for review" while requests waited.
    expect(await waiting()).toBe(before + 3);
    type Listed = { id: string; createdAt: string } & Record<string, unknown>;
    const all = dataOf<Listed[]>(await call('GET', '/api/admin/pool-requests?limit=100', manager));
    const ours = all.filter((r) => made.some((m) => m.id === r.id));
    expect(ours.map((r) => r.id)).toEqual(made.map((m) => m.id));
    const times = all.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort());
    const [row] = (
      await t.db.execute<{ at: string; name: string | null }>(
        sql`select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, u.full_name as name
            from memberships m join users u on u.id = m.user_id where m.id = ${made[1]!.id}`,
      )
    ).rows;
    expect(ours[1]).toEqual({
      id: made[1]!.id,
      user: { fullName: row!.name, email: members[1]!.email },
      pool: { id: pool.id, name: pool.name, targetAmount: 1_000_000 },
      numberOfShares: 2,
      totalCommitment: made[1]!.totalCommitment,
      installmentPlan: 'monthly',
      contributionAmount: made[1]!.contributionAmount,
      createdAt: row!.at,
    });
    const at = all.findIndex((r) => r.id === made[1]!.id);
    const paged = dataOf<Listed[]>(await call('GET', `/api/admin/pool-requests?limit=1&page=${at + 1}`, manager));
    expect(paged.map((r) => r.id)).toEqual([made[1]!.id]);
    expect(dataOf<Listed[]>(await call('GET', `/api/admin/pool-requests?limit=100&page=1000`, manager))).toEqual([]);
  });

  it('approves a request: shares leave the pool and the member is counted, exactly once', async () => {
    const pool = await seedOpenPool(t.app, manager);
    const member = await newMember();
    const request = await joinOk(t.app, member.token, pool, 10);
    const listed = dataOf<{ id: string; user: { email: string }; pool: { name: string; targetAmount: number } }[]>(
      await call('GET', '/api/admin/pool-requests', manager),
    );
    expect(listed.find((r) => r.id === request.id)).toMatchObject({
      user: { email: member.email },
      pool: { name: pool.name, targetAmount: 1_000_000 },
    });
    expect((await approveRequest(request.id)).statusCode).toBe(200);
    const second = await approveRequest(request.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('This membership request has already been decided');
    expect(
      (await call('POST', `/api/admin/pool-requests/${request.id}/reject`, manager, { reason: 'x' })).statusCode,
    ).toBe(409);
    const after = await poolNow(pool.id);
    expect(after.availableShares).toBe(990);
    expect(after.totalMembers).toBe(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, request.id));
    expect(audit.map((a) => a.action)).toEqual(['membership.approve']);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(notes.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Membership request received', 'Membership approved']),
    );
  });

  it('refuses an approval when the shares or member places ran out, changing nothing', async () => {
    const pool = await seedOpenPool(t.app, manager, { totalShares: 10, maxMembers: 2 });
    const [a, b, c] = [await newMember(), await newMember(), await newMember()];
    const ra = await joinOk(t.app, a.token, pool, 6);
    const rb = await joinOk(t.app, b.token, pool, 6);
    expect((await approveRequest(ra.id)).statusCode).toBe(200);
    const short = await approveRequest(rb.id);
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toBe('Not enough shares are left in the pool for this request');
    expect((await membership(b.token))!.contributionStatus).toBe('pending');
    const rc = await joinOk(t.app, c.token, pool, 2);
    expect((await approveRequest(rc.id)).statusCode).toBe(200);
    const d = await newMember();
    const full = await requestJoin(t.app, d.token, pool, 1);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe('This pool has no member places left');
  });

  it('fixes the target and duration once members have joined', async () => {
    const pool = await seedOpenPool(t.app, manager);
    const member = await newMember();
    await joinOk(t.app, member.token, pool, 1);
    const response = await call('PUT', `/api/pools/${pool.id}`, manager, {
      name: pool.name,
      description: 'A pooled investment in listed South African equities.',
      targetAmount: 2_000_000,
      maxMembers: pool.maxMembers,
      investmentDuration: 12,
      paymentMethods: pool.paymentMethods,
      paymentInstallments: [{ frequency: 'monthly', amount: 166.67 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('The target and duration cannot change once members have joined the pool');
  });
});

describe(`paying (${testEngine})`, () => {
  async function approvedMember(shares = 10, change: Record<string, unknown> = {}) {
    const pool = await seedOpenPool(t.app, manager, change);
    const member = await newMember();
    const request = await joinOk(t.app, member.token, pool, shares);
    expect((await approveRequest(request.id)).statusCode).toBe(200);
    return { pool, member };
  }

  it('needs an approved membership', async () => {
    const pool = await seedOpenPool(t.app, manager);
    const member = await newMember();
    expect((await submitPayment(t.app, member.token, pool.id, 100)).statusCode).toBe(404);
    await joinOk(t.app, member.token, pool, 1);
    const pending = await submitPayment(t.app, member.token, pool.id, 100);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe('Your pool membership must be approved before you can make a payment');
  });

  it('takes a payment as pending and counts it only when approved, once', async () => {
    const { pool, member } = await approvedMember();
    const submitted = await submitPayment(t.app, member.token, pool.id, 833.33);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const payment = dataOf<{ id: string; status: string; amount: number }>(submitted);
    expect(payment).toMatchObject({ status: 'pending', amount: 833.33 });
    expect((await poolNow(pool.id)).currentAmount).toBe(0);

    const pending = dataOf<{ id: string; proofOfPaymentUrl: string }[]>(
      await call('GET', '/api/admin/pending-payments', cashier),
    ).find((p) => p.id === payment.id)!;
    // With what the admin checks the proof against: the member's reference (from the name and phone
    // number) and the plan's instalment.
    const plan = (await membership(member.token))!;
    expect(pending).toEqual({
      id: payment.id,
      user: {
        id: member.id,
        fullName: expect.any(String),
        email: member.email,
        phoneNumber: expect.stringMatching(/\d/),
      },
      pool: { name: pool.name },
      amount: 833.33,
      paymentMethod: 'EFT / bank transfer',
      proofOfPaymentUrl: expect.stringMatching(/^\/api\/files\//),
      plan: {
        installmentPlan: plan.installmentPlan,
        contributionAmount: plan.contributionAmount,
        totalCommitment: plan.totalCommitment,
        totalPaid: 0,
      },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The cashier can open the proof; the member's neighbour cannot.
    expect((await call('GET', pending.proofOfPaymentUrl, cashier)).statusCode).toBe(200);
    expect((await call('GET', pending.proofOfPaymentUrl, (await newMember()).token)).statusCode).toBe(404);
    const counts = dataOf<{ payments: number }>(await call('GET', '/api/admin/dashboard/pending-counts', cashier));
    expect(counts.payments).toBeGreaterThanOrEqual(1);

    expect((await approvePayment(payment.id)).statusCode).toBe(200);
    expect((await approvePayment(payment.id)).statusCode).toBe(409);
    expect(
      (await call('POST', `/api/admin/payments/${payment.id}/reject`, cashier, { reason: 'late' })).statusCode,
    ).toBe(409);
    expect((await poolNow(pool.id)).currentAmount).toBe(833.33);
    expect(await membership(member.token)).toMatchObject({ totalPaid: 833.33 });
    const mine = dataOf<{ id: string; status: string }[]>(await call('GET', '/api/payments/my-payments', member.token));
    expect(mine[0]).toMatchObject({ id: payment.id, status: 'completed' });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    expect(mails.map((m) => m.subject)).toContain('Letsema: payment approved');
  });

  it('never lets a payments admin decide their own payment; another admin does', async () => {
    const { pool, member } = await approvedMember();
    // A member who later joined the staff as a payments admin.
    await t.db
      .update(users)
      .set({ isAdmin: true, adminRoles: ['payment_management'] })
      .where(eq(users.id, member.id));
    const ownToken = await login(t.app, member.email);
    const payment = dataOf<{ id: string }>(await submitPayment(t.app, ownToken, pool.id, 100));
    for (const decide of [
      approvePayment(payment.id, ownToken),
      call('POST', `/api/admin/payments/${payment.id}/reject`, ownToken, { reason: 'Mine to decide' }),
    ]) {
      const refused = await decide;
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('This is your own payment, so another admin must decide it.');
    }
    expect((await poolNow(pool.id)).currentAmount).toBe(0);
    expect((await approvePayment(payment.id)).statusCode).toBe(200);
    expect((await poolNow(pool.id)).currentAmount).toBe(100);
  });

  it('takes payments while the pool is open or active, and refuses them once it is closed', async () => {
    const { pool, member } = await approvedMember();
    const setStatus = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/pools/${pool.id}/status`,
        headers: bearer(manager),
        payload: { status },
      });
    expect((await setStatus('active')).statusCode).toBe(200);
    expect((await submitPayment(t.app, member.token, pool.id, 100)).statusCode).toBe(201);

    expect((await setStatus('closed')).statusCode).toBe(200);
    const refused = await submitPayment(t.app, member.token, pool.id, 100);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'This pool is closed, so it no longer takes payments. Please contact the cooperative if you have already paid.',
    );
    const mine = dataOf<unknown[]>(await call('GET', '/api/payments/my-payments', member.token));
    expect(mine).toHaveLength(1);
  });

  it('refuses more than is still owed, counting pending payments', async () => {
    const { pool, member } = await approvedMember(1, { totalShares: 100, targetAmount: 100000 });
    // One share costs R 1 000.00.
    const over = await submitPayment(t.app, member.token, pool.id, 1000.01);
    expect(over.statusCode).toBe(400);
    expect(over.json().details.amount).toBe('The amount is more than what you still owe (R 1 000.00)');
    expect((await submitPayment(t.app, member.token, pool.id, 600)).statusCode).toBe(201);
    const second = await submitPayment(t.app, member.token, pool.id, 400.01);
    expect(second.json().details.amount).toBe('The amount is more than what you still owe (R 400.00)');
    expect((await submitPayment(t.app, member.token, pool.id, 400)).statusCode).toBe(201);
    const paid = await submitPayment(t.app, member.token, pool.id, 1);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe('Your commitment is fully paid');
  });

  it("checks the method against the pool's and the proof against the member's uploads", async () => {
    const { pool, member } = await approvedMember();
    const method = await submitPayment(t.app, member.token, pool.id, 100, 'Bitcoin');
    expect(method.statusCode).toBe(400);
    expect(method.json().details.paymentMethod).toBe("Please choose one of the pool's payment methods");

    const other = await newMember();
    const othersProof = await uploadFile(t.app, other.token, 'proof-of-payment');
    const stolen = await call('POST', '/api/payments/create', member.token, {
      poolId: pool.id,
      amount: 100,
      paymentMethod: 'Capitec Pay',
      proofOfPaymentUrl: othersProof,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().details.proofOfPaymentUrl).toBe('Please upload your proof of payment');

    const photo = await uploadFile(t.app, member.token, 'profile-picture').catch(() => null);
    expect(photo).toBeNull(); // an active member's registration is closed: no new KYC photo

    const proof = await uploadFile(t.app, member.token, 'proof-of-payment');
    const body = { poolId: pool.id, amount: 100, paymentMethod: 'Capitec Pay', proofOfPaymentUrl: proof };
    expect((await call('POST', '/api/payments/create', member.token, body)).statusCode).toBe(201);
    const reused = await call('POST', '/api/payments/create', member.token, body);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('This proof of payment has already been submitted');
  });

  it('rejects a payment with a reason, counting nothing, and lets the member pay again', async () => {
    const { pool, member } = await approvedMember();
    const payment = dataOf<{ id: string }>(await submitPayment(t.app, member.token, pool.id, 500));
    const noReason = await call('POST', `/api/admin/payments/${payment.id}/reject`, cashier, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Rejection reason is required');
    expect(
      (await call('POST', `/api/admin/payments/${payment.id}/reject`, cashier, { reason: 'Proof is unreadable' }))
        .statusCode,
    ).toBe(200);
    const mine = dataOf<{ status: string; failureReason: string }[]>(
      await call('GET', '/api/payments/my-payments', member.token),
    );
    expect(mine[0]).toMatchObject({ status: 'rejected', failureReason: 'Proof is unreadable' });
    expect((await poolNow(pool.id)).currentAmount).toBe(0);
    expect((await submitPayment(t.app, member.token, pool.id, 10000)).statusCode).toBe(201);
  });

  it('counts every transaction of each type over all of them, not a page, and lists one tab on its own', async () => {
    const { pool, member } = await approvedMember();
    for (const amount of [100, 110, 120]) {
      expect((await submitPayment(t.app, member.token, pool.id, amount)).statusCode).toBe(201);
    }
    // Movements of other kinds, as payments (failed, so they hold no money and are not posted).
    const other = (type: string, amountCents: number) => ({
      userId: member.id,
      poolId: pool.id,
      type,
      amountCents,
      status: 'failed',
      description: `A ${type}`,
    });
    await t.db.insert(payments).values([other('fee', 1500), other('fee', 2500), other('refund', 5000)]);
    const none = {
      contribution: 0,
      return_payment: 0,
      fee: 0,
      withdrawal: 0,
      refund: 0,
      exit_payout: 0,
      loan_disbursement: 0,
      loan_repayment: 0,
      loan_penalty: 0,
      correction: 0,
    };

    // One page of two: the counts are still over everything, waiting and failed payments included.
    const page = dataOf<unknown[]>(await call('GET', '/api/payments/my-transactions?page=1&limit=2', member.token));
    expect(page).toHaveLength(2);
    const counts = await call('GET', '/api/payments/my-transactions/counts', member.token);
    expect(counts.statusCode).toBe(200);
    expect(dataOf(counts)).toEqual({ ...none, contribution: 3, fee: 2, refund: 1 });

    // A tab's list holds its own types only, each paged on its own.
    const fees = dataOf<{ type: string; amount: number; status: string; reference: string | null }[]>(
      await call('GET', '/api/payments/my-transactions?tab=fees', member.token),
    );
    expect(fees.map((row) => [row.type, row.status, row.reference])).toEqual([
      ['fee', 'failed', null],
      ['fee', 'failed', null],
    ]);
    expect(fees.map((row) => row.amount).sort((a, b) => a - b)).toEqual([15, 25]);
    const contributions = dataOf<{ type: string; status: string }[]>(
      await call('GET', '/api/payments/my-transactions?tab=contributions&limit=2&page=2', member.token),
    );
    expect(contributions.map((row) => [row.type, row.status])).toEqual([['contribution', 'pending']]);
    const wrong = await call('GET', '/api/payments/my-transactions?tab=bonus', member.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(
      'tab must be one of all, contributions, profits, fees, withdrawals, refunds, loans',
    );

    // Approved, a contribution is read from the ledger, with its entry, once.
    const [waiting] = dataOf<{ id: string }[]>(
      await call('GET', '/api/payments/my-payments?type=contribution&limit=1', member.token),
    );
    expect((await call('POST', `/api/admin/payments/${waiting!.id}/approve`, cashier)).statusCode).toBe(200);
    expect(dataOf(await call('GET', '/api/payments/my-transactions/counts', member.token))).toEqual({
      ...none,
      contribution: 3,
      fee: 2,
      refund: 1,
    });
    const posted = dataOf<{ status: string; reference: string | null; paymentMethod: string | null }[]>(
      await call('GET', '/api/payments/my-transactions?tab=contributions', member.token),
    ).filter((row) => row.status === 'completed');
    expect(posted).toEqual([expect.objectContaining({ reference: expect.stringMatching(/^JE-\d{6}$/) })]);
    expect(posted[0]!.paymentMethod).not.toBeNull();

    // Another member's counts hold none of these.
    const stranger = await newMember();
    expect(dataOf(await call('GET', '/api/payments/my-transactions/counts', stranger.token))).toEqual(none);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/my-transactions/counts' })).statusCode).toBe(401);
  });

  it("answers every change to the queues' pages, however it was made, though the server keeps them", async () => {
    const { pool, member } = await approvedMember();
    const payment = dataOf<{ id: string }>(await submitPayment(t.app, member.token, pool.id, 100));
    const waiting = await newMember();
    const request = await joinOk(t.app, waiting.token, pool, 1);
    /** The queue's item as each of two reads in turn answers it. */
    const listed = async (url: string, token: string, id: string) => {
      const reads = [];
      for (let again = 0; again < 2; again += 1) {
        reads.push(dataOf<Array<{ id: string }>>(await call('GET', url, token)).find((item) => item.id === id));
      }
      expect(reads[1]).toEqual(reads[0]);
      return reads[0] as
        | { user: { fullName: string }; pool: { name: string }; amount?: number; plan?: { contributionAmount: number } }
        | undefined;
    };
    const paymentNow = () => listed('/api/admin/pending-payments?limit=100', cashier, payment.id);
    const requestNow = () => listed('/api/admin/pool-requests?limit=100', manager, request.id);
    expect(await paymentNow()).toMatchObject({ amount: 100, pool: { name: pool.name } });
    expect(await requestNow()).toMatchObject({ pool: { name: pool.name } });

    // Written straight to the database, as another instance of the server would.
    await t.db.update(pools).set({ name: 'Renamed elsewhere' }).where(eq(pools.id, pool.id));
    expect((await paymentNow())?.pool.name).toBe('Renamed elsewhere');
    expect((await requestNow())?.pool.name).toBe('Renamed elsewhere');
    await t.db.update(users).set({ fullName: 'Payer Renamed' }).where(eq(users.id, member.id));
    await t.db.update(users).set({ fullName: 'Joiner Renamed' }).where(eq(users.id, waiting.id));
    expect((await paymentNow())?.user.fullName).toBe('Payer Renamed');
    expect((await requestNow())?.user.fullName).toBe('Joiner Renamed');
    await t.db.update(payments).set({ amountCents: 90_00 }).where(eq(payments.id, payment.id));
    expect((await paymentNow())?.amount).toBe(90);
    // The payment's page shows its membership's plan: a change to the membership reaches it too.
    const [plan] = await t.db
      .select({ id: memberships.id, cents: memberships.contributionAmountCents })
      .from(memberships)
      .where(and(eq(memberships.userId, member.id), eq(memberships.poolId, pool.id)));
    await t.db.update(memberships).set({ contributionAmountCents: 123_45 }).where(eq(memberships.id, plan!.id));
    expect((await paymentNow())?.plan?.contributionAmount).toBe(123.45);
    await t.db.update(memberships).set({ contributionAmountCents: plan!.cents }).where(eq(memberships.id, plan!.id));
    await t.db.update(memberships).set({ contributionStatus: 'rejected' }).where(eq(memberships.id, request.id));
    expect(await requestNow()).toBeUndefined();
    await t.db.update(payments).set({ status: 'rejected' }).where(eq(payments.id, payment.id));
    expect(await paymentNow()).toBeUndefined();
  });

  it('gates the admin calls by role', async () => {
    const { pool, member } = await approvedMember();
    const payment = dataOf<{ id: string }>(await submitPayment(t.app, member.token, pool.id, 100));
    expect((await approvePayment(payment.id, manager)).statusCode).toBe(403);
    expect((await approvePayment(payment.id, member.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/pending-payments', manager)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/pool-requests', cashier)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/pool-requests', member.token)).statusCode).toBe(403);
    expect((await approvePayment('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const [row] = await t.db.select().from(pools).where(eq(pools.id, pool.id));
    expect(row!.currentAmountCents).toBe(0);
  });
});

describe.skipIf(testEngine !== 'postgres')(`exactly once under concurrency (${testEngine})`, () => {
  it('counts 50 parallel approvals of one payment once', async () => {
    const pool = await seedOpenPool(t.app, manager);
    const member = await newMember();
    const request = await joinOk(t.app, member.token, pool, 10);
    expect((await approveRequest(request.id)).statusCode).toBe(200);
    const payment = dataOf<{ id: string }>(await submitPayment(t.app, member.token, pool.id, 833.33));
    const cashiers = await Promise.all(
      Array.from({ length: 5 }, async () =>
        login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => approvePayment(payment.id, cashiers[i % 5])),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect((await poolNow(pool.id)).currentAmount).toBe(833.33);
    expect(await membership(member.token)).toMatchObject({ totalPaid: 833.33 });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, payment.id));
    expect(audits).toHaveLength(1);
  });

  it('never oversells shares when more requests than shares are approved at once', async () => {
    const pool = await seedOpenPool(t.app, manager, { totalShares: 25, maxMembers: 100, targetAmount: 25000 });
    const requests = [];
    for (let i = 0; i < 12; i++) {
      const member = await newMember();
      requests.push(await joinOk(t.app, member.token, pool, 3));
    }
    const answers = await Promise.all(requests.map((r) => approveRequest(r.id)));
    const approved = answers.filter((a) => a.statusCode === 200).length;
    expect(approved).toBe(8);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    const after = await poolNow(pool.id);
    expect(after.availableShares).toBe(1);
    expect(after.totalMembers).toBe(8);
  });

  it('never lets parallel payments claim more than is owed', async () => {
    const pool = await seedOpenPool(t.app, manager, { totalShares: 100, targetAmount: 100000 });
    const member = await newMember();
    const request = await joinOk(t.app, member.token, pool, 1);
    expect((await approveRequest(request.id)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => submitPayment(t.app, member.token, pool.id, 300)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
  });
});

describe(`mail never breaks a money decision (${testEngine})`, () => {
  const mailsTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

  it('approves joining a pool whose name holds an ID-like number, mailing only its last four digits', async () => {
    const pool = await seedOpenPool(t.app, manager, { name: 'Stokvel 2026 ref 8001015009087' });
    const member = await newMember();
    const request = await joinOk(t.app, member.token, pool, 10);
    expect((await approveRequest(request.id)).statusCode).toBe(200);
    expect(await membership(member.token)).toMatchObject({ contributionStatus: 'approved' });
    const mails = await mailsTo(member.email);
    const approved = mails.find((mail) => mail.text.includes('has been approved'));
    expect(approved!.text).toContain('Your membership of Stokvel 2026 ref ****9087 with 10 shares has been approved.');
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html ?? '']) expect(part).not.toContain('8001015009087');
    }
  });

  it('rejects a payment quoting a bank reference, mailing only its last four digits', async () => {
    const pool = await seedOpenPool(t.app, manager);
    const member = await newMember();
    expect((await approveRequest((await joinOk(t.app, member.token, pool, 10)).id)).statusCode).toBe(200);
    const payment = dataOf<{ id: string }>(await submitPayment(t.app, member.token, pool.id, 500));
    const reason = 'No deposit with bank reference 6201234567890123 reached our account';
    const rejected = await call('POST', `/api/admin/payments/${payment.id}/reject`, cashier, { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const rejection = (await mailsTo(member.email)).find((mail) => mail.subject.includes('rejected'));
    expect(rejection!.text).toContain('No deposit with bank reference ****0123 reached our account');
    expect(rejection!.html).not.toContain('6201234567890123');
  });
});
