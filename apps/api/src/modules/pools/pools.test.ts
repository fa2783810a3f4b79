import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createPool, samplePool, seedOpenPool, type PoolAnswer } from '../../../test/pools.js';
import { auditLog, pools, users } from '../../db/schema.js';

let t: TestContext;
let manager: string;
let member: string;
let memberId: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await login(t.app, (await seedAdmin(t.db, { roles: ['investment_management'] })).email);
  const active = await seedActiveMember(t.db);
  memberId = active.id;
  member = await login(t.app, active.email);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const editBody = (pool: PoolAnswer, change: Record<string, unknown> = {}) => ({
  name: 'Letsema Growth Pool 2027',
  description: 'A pooled investment in listed South African equities and money-market funds.',
  targetAmount: pool.targetAmount,
  maxMembers: pool.maxMembers,
  investmentDuration: 12,
  paymentMethods: pool.paymentMethods,
  paymentInstallments: pool.paymentInstallments,
  ...change,
});

describe(`pools (${testEngine})`, () => {
  it('lets an active member create a draft with derived price, shares and amount', async () => {
    const pool = await createPool(t.app, member, {
      currentAmount: 999999,
      availableShares: 5,
      pricePerShare: 1,
      totalMembers: 50,
      status: 'open',
    });
    expect(pool).toMatchObject({
      status: 'draft',
      targetAmount: 1_000_000,
      currentAmount: 0,
      totalShares: 1000,
      availableShares: 1000,
      pricePerShare: 1000,
      totalMembers: 0,
      createdBy: 'Thandi Mokoena',
      approvedBy: null,
    });
    expect(pool.paymentInstallments).toEqual([
      { frequency: 'monthly', amount: 83.33 },
      { frequency: 'quarterly', amount: 250 },
      { frequency: 'once', amount: 1000 },
    ]);
    const [row] = await t.db.select().from(pools).where(eq(pools.id, pool.id));
    expect(row!.targetAmountCents).toBe(100_000_000);
    expect(row!.createdBy).toBe(memberId);
  });

  it('refuses a member who is not yet active', async () => {
    const pending = await registerMember(t.app);
    const response = await call('POST', '/api/pools', pending.token, samplePool);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('Your account must be active to create a pool');
  });

  it.each([
    [{ name: 'ab' }, 'name', 'Pool name must be at least 3 characters'],
    [{ description: 'too short' }, 'description', 'Description must be at least 10 characters'],
    [{ targetAmount: 0 }, 'targetAmount', 'Target amount must be a positive amount in rand, with at most two decimals'],
    [
      { targetAmount: -5 },
      'targetAmount',
      'Target amount must be a positive amount in rand, with at most two decimals',
    ],
    [
      { targetAmount: 10.005 },
      'targetAmount',
      'Target amount must be a positive amount in rand, with at most two decimals',
    ],
    [
      { targetAmount: 'lots' },
      'targetAmount',
      'Target amount must be a positive amount in rand, with at most two decimals',
    ],
    [{ totalShares: 1.5 }, 'totalShares', 'Total shares must be a positive whole number'],
    [{ totalShares: 0 }, 'totalShares', 'Total shares must be a positive whole number'],
    [{ paymentFrequencies: [] }, 'paymentFrequencies', 'Select at least one payment frequency'],
    [{ paymentFrequencies: ['weekly'] }, 'paymentFrequencies.0', 'Select at least one payment frequency'],
    [{ paymentMethods: [] }, 'paymentMethods', 'Add at least one payment method'],
    [{ paymentMethods: ['  '] }, 'paymentMethods.0', 'Payment methods must be 1 to 60 characters'],
    [{ maxMembers: -1 }, 'maxMembers', 'Maximum members must be a positive whole number'],
    [{ investmentDuration: 0 }, 'investmentDuration', 'Duration must be a positive whole number of months'],
  ])('answers %j with %s: %s', async (change, field, message) => {
    const response = await call('POST', '/api/pools', member, { ...samplePool, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[field]).toBe(message);
  });

  it('handles amounts like 0.1 + 0.2 exactly', async () => {
    const refused = await call('POST', '/api/pools', member, { ...samplePool, targetAmount: 0.1 + 0.2 });
    expect(refused.statusCode).toBe(400);
    const pool = await createPool(t.app, member, { targetAmount: 0.3, totalShares: 3 });
    expect(pool.targetAmount).toBe(0.3);
    expect(pool.pricePerShare).toBe(0.1);
    const text = await createPool(t.app, member, { targetAmount: '1234567.89', totalShares: 1 });
    expect(text.targetAmount).toBe(1234567.89);
    const [row] = await t.db.select().from(pools).where(eq(pools.id, text.id));
    expect(row!.targetAmountCents).toBe(123456789);
  });

  it('shows drafts only to their creator and admins', async () => {
    const draft = await createPool(t.app, member);
    const other = await login(t.app, (await seedActiveMember(t.db)).email);
    const listed = dataOf<PoolAnswer[]>(await call('GET', '/api/pools', other)).map((p) => p.id);
    expect(listed).not.toContain(draft.id);
    expect((await call('GET', `/api/pools/${draft.id}`, other)).statusCode).toBe(404);
    expect(dataOf<PoolAnswer[]>(await call('GET', '/api/pools', member)).map((p) => p.id)).toContain(draft.id);
    expect(dataOf<PoolAnswer[]>(await call('GET', '/api/pools', manager)).map((p) => p.id)).toContain(draft.id);
    const missing = await call('GET', '/api/pools/00000000-0000-4000-8000-000000000000', member);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Pool not found');
  });

  it('never answers a member a pool hidden from them, whoever asked for the list before', async () => {
    const first = await seedActiveMember(t.db);
    const second = await seedActiveMember(t.db);
    const tokens = { first: await login(t.app, first.email), second: await login(t.app, second.email) };
    const drafts = {
      first: await createPool(t.app, tokens.first, { name: 'First member draft' }),
      second: await createPool(t.app, tokens.second, { name: 'Second member draft' }),
    };
    const listed = async (token: string) =>
      dataOf<(PoolAnswer & { createdById: string })[]>(await call('GET', '/api/pools', token));
    // In turns, so an answer held from one member's request would reach the next.
    for (const who of ['first', 'second', 'first', 'second'] as const) {
      const own = who === 'first' ? first.id : second.id;
      const pools = await listed(tokens[who]);
      expect(pools.map((pool) => pool.id)).toContain(drafts[who].id);
      const hidden = pools.filter((pool) => pool.status === 'draft' && pool.createdById !== own);
      expect(hidden.map((pool) => pool.name)).toEqual([]);
      const bystander = await listed(member);
      expect(bystander.filter((pool) => pool.status === 'draft' && pool.createdById !== memberId)).toEqual([]);
    }
  });

  it('lists each pool exactly as its own page answers it', async () => {
    // Terms whose plans do not divide evenly, a draft with no approver, and money paid in.
    const uneven = await seedOpenPool(t.app, manager, {
      name: 'Uneven terms',
      targetAmount: 100_000.01,
      totalShares: 7,
      investmentDuration: 7,
      paymentFrequencies: ['monthly', 'quarterly', 'yearly', 'once'],
    });
    await t.db.update(pools).set({ currentAmountCents: 12_345_67 }).where(eq(pools.id, uneven.id));
    const draft = await createPool(t.app, member, { name: 'Still a draft', investmentDuration: 25 });
    for (const token of [manager, member]) {
      const listed = dataOf<PoolAnswer[]>(await call('GET', '/api/pools', token));
      expect(listed.map((pool) => pool.id)).toEqual(expect.arrayContaining([uneven.id, draft.id]));
      for (const pool of listed) {
        expect(pool).toEqual(dataOf<PoolAnswer>(await call('GET', `/api/pools/${pool.id}`, token)));
      }
    }
  });

  it('answers every change to the listed pools and the names they show, however the change was made', async () => {
    const managerAccount = await seedAdmin(t.db, { roles: ['investment_management'] });
    const opener = await login(t.app, managerAccount.email);
    const reader = await login(t.app, (await seedActiveMember(t.db)).email);
    const pool = await seedOpenPool(t.app, opener, { name: 'Followed pool' });
    /** The list as each kind of account reads it, twice, each pool as its own page answers it. */
    const lists = async () => {
      const answers = [];
      for (const token of [manager, reader, manager, reader]) {
        const listed = dataOf<PoolAnswer[]>(await call('GET', '/api/pools', token));
        for (const each of listed)
          expect(each).toEqual(dataOf<PoolAnswer>(await call('GET', `/api/pools/${each.id}`, token)));
        answers.push(listed);
      }
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[3]).toEqual(answers[1]);
      return { admin: answers[0]!, member: answers[1]! };
    };
    const followed = (list: PoolAnswer[]) => list.find((each) => each.id === pool.id);
    expect(followed((await lists()).member)).toMatchObject({ currentAmount: 0, approvedBy: expect.any(String) });

    // Written straight to the database, as another instance of the server would.
    await t.db.update(pools).set({ currentAmountCents: 250_00 }).where(eq(pools.id, pool.id));
    for (const list of Object.values(await lists())) expect(followed(list)?.currentAmount).toBe(250);

    await t.db.update(users).set({ fullName: 'Renamed Manager' }).where(eq(users.id, managerAccount.id));
    for (const list of Object.values(await lists())) expect(followed(list)?.approvedBy).toBe('Renamed Manager');

    const [row] = await t.db.select().from(pools).where(eq(pools.id, pool.id));
    const { id: _id, ...copy } = row!;
    const [added] = await t.db
      .insert(pools)
      .values({ ...copy, name: 'Added elsewhere' })
      .returning();
    for (const list of Object.values(await lists())) expect(list.map((each) => each.id)).toContain(added!.id);

    await t.db.delete(pools).where(eq(pools.id, added!.id));
    for (const list of Object.values(await lists())) expect(list.map((each) => each.id)).not.toContain(added!.id);

    // A member's own draft is in their list only.
    const draft = await createPool(t.app, member, { name: 'Own draft' });
    expect(dataOf<PoolAnswer[]>(await call('GET', '/api/pools', member)).map((each) => each.id)).toContain(draft.id);
    const withDraft = await lists();
    expect(withDraft.admin.map((each) => each.id)).toContain(draft.id);
    expect(withDraft.member.map((each) => each.id)).not.toContain(draft.id);
  });

  it('lets only investment managers open and edit, recording who approved', async () => {
    const draft = await createPool(t.app, member);
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);
    for (const token of [member, cashier]) {
      expect((await call('PATCH', `/api/pools/${draft.id}/status`, token, { status: 'open' })).statusCode).toBe(403);
      expect((await call('PUT', `/api/pools/${draft.id}`, token, editBody(draft))).statusCode).toBe(403);
    }
    const opened = dataOf<PoolAnswer>(
      await call('PATCH', `/api/pools/${draft.id}/status`, manager, { status: 'open' }),
    );
    expect(opened.status).toBe('open');
    expect(opened.approvedBy).toBe('Test Admin');
    expect(opened.approvedAt).not.toBeNull();
    // The list names them too, to a member and to an admin.
    for (const token of [member, manager]) {
      const listed = dataOf<PoolAnswer[]>(await call('GET', '/api/pools', token)).find((p) => p.id === draft.id);
      expect(listed).toEqual(opened);
    }
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, draft.id));
    expect(audit.map((a) => a.action)).toEqual(['pool.create', 'pool.status']);
  });

  it('allows exactly the documented transitions', async () => {
    const allowed: Record<string, string[]> = {
      draft: ['open'],
      open: ['active', 'closed'],
      active: ['closed', 'completed'],
      closed: [],
      completed: [],
    };
    const path: Record<string, string[]> = {
      draft: [],
      open: ['open'],
      active: ['open', 'active'],
      closed: ['open', 'closed'],
      completed: ['open', 'active', 'completed'],
    };
    for (const [from, targets] of Object.entries(allowed)) {
      for (const to of ['draft', 'open', 'active', 'closed', 'completed']) {
        const pool = await createPool(t.app, manager);
        for (const step of path[from]!) {
          expect((await call('PATCH', `/api/pools/${pool.id}/status`, manager, { status: step })).statusCode).toBe(200);
        }
        const response = await call('PATCH', `/api/pools/${pool.id}/status`, manager, { status: to });
        expect(response.statusCode, `${from} -> ${to}`).toBe(targets.includes(to) ? 200 : 409);
        if (!targets.includes(to)) expect(response.json().error).toBe(`A pool cannot go from ${from} to ${to}`);
      }
    }
    const pool = await createPool(t.app, manager);
    expect((await call('PATCH', `/api/pools/${pool.id}/status`, manager, { status: 'paused' })).statusCode).toBe(400);
  });

  it('edits a pool, deriving the price and checking each plan amount', async () => {
    const pool = await seedOpenPool(t.app, manager);
    const wrong = await call(
      'PUT',
      `/api/pools/${pool.id}`,
      manager,
      editBody(pool, { paymentInstallments: [{ frequency: 'monthly', amount: 100 }] }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details['paymentInstallments.0.amount']).toBe(
      'The per month plan for one share is R 83.33: it follows from the target, shares and duration',
    );

    const edited = dataOf<PoolAnswer>(
      await call(
        'PUT',
        `/api/pools/${pool.id}`,
        manager,
        editBody(pool, {
          name: 'Letsema Growth Pool',
          targetAmount: 2_000_000,
          paymentMethods: ['EFT / bank transfer', 'Capitec Pay', 'SnapScan'],
          paymentInstallments: [
            { frequency: 'monthly', amount: 166.67 },
            { frequency: 'yearly', amount: 2000 },
          ],
          currentAmount: 5,
          availableShares: 1,
        }),
      ),
    );
    expect(edited).toMatchObject({
      name: 'Letsema Growth Pool',
      targetAmount: 2_000_000,
      pricePerShare: 2000,
      currentAmount: 0,
      availableShares: 1000,
      paymentMethods: ['EFT / bank transfer', 'Capitec Pay', 'SnapScan'],
      status: 'open',
    });
    expect(edited.paymentInstallments).toEqual([
      { frequency: 'monthly', amount: 166.67 },
      { frequency: 'yearly', amount: 2000 },
    ]);
  });

  it('answers the first open pool for members to join, or nothing', async () => {
    const fresh = await createTestApp();
    try {
      const token = await login(fresh.app, (await seedActiveMember(fresh.db)).email);
      const admin = await login(fresh.app, (await seedAdmin(fresh.db)).email);
      const none = await fresh.app.inject({ method: 'GET', url: '/api/payments/first-pool', headers: bearer(token) });
      expect(none.json()).toEqual({ success: true, data: null, error: null });
      await createPool(fresh.app, admin);
      const open = await seedOpenPool(fresh.app, admin, { name: 'Second pool' });
      const first = await fresh.app.inject({ method: 'GET', url: '/api/payments/first-pool', headers: bearer(token) });
      expect(dataOf<PoolAnswer>(first).id).toBe(open.id);
    } finally {
      await fresh.close();
    }
  });
});
