import { cooperativeMessages, type AdminRole, type CooperativeSettings } from '@letsema/domain';
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedActiveMember,
  seedAdmin,
  type TestContext,
} from '../../../test/app.js';
import { closeMonth, recordApprovedInterest } from '../../../test/books.js';
import { createCalls } from '../../../test/calls.js';
import { testEngine } from '../../../test/database.js';
import { multipart } from '../../../test/files.js';
import { assertMoneyInvariants } from '../../../test/invariants.js';
import { joinOk, submitPayment } from '../../../test/investing.js';
import { reauthenticate, seedPayoutAccount } from '../../../test/payout-account.js';
import { seedOpenPool, type PoolAnswer } from '../../../test/pools.js';
import { uploadFile } from '../../../test/seed.js';
import { auditLog, cooperatives, DEFAULT_COOPERATIVE_ID } from '../../db/schema.js';

let now = new Date('2026-03-05T09:00:00+02:00');
let t: TestContext;
let boss: string;
let bookkeeper: string;
let closer: string;
let secondCloser: string;
let exits: string;
let member: { id: string; token: string };
let pool: PoolAnswer;
const { call, okData, refusal } = createCalls(() => t.app);

// The installation's defaults, from its environment: what applies until the super admin saves.
const environment = {
  EXPENSE_DUAL_APPROVAL_AMOUNT: '500',
  RESERVE_PERCENT: '2.5',
  EXIT_FEE_PERCENT: '1',
  ALLOW_RETURN_WITHDRAWALS: 'false',
  UPLOAD_QUOTA_MB: '40',
};
const defaults = {
  expenseDualApprovalAbove: 500,
  reservePercent: 2.5,
  exitFeePercent: 1,
  allowReturnWithdrawals: false,
  uploadQuotaMb: 40,
};
const saved = {
  expenseDualApprovalAbove: 1000,
  reservePercent: 5,
  exitFeePercent: 10,
  allowReturnWithdrawals: true,
  uploadQuotaMb: 60,
};

const rules = (token: string) => call('GET', '/api/admin/settings/rules', token);
const saveRules = (token: string, body: object) => call('PUT', '/api/admin/settings/rules', token, body);
const details = (token: string) => call('GET', '/api/admin/settings/cooperative', token);
const saveDetails = (token: string, body: object) => call('PUT', '/api/admin/settings/cooperative', token, body);

async function recordExpense(amount: number) {
  const receiptUrl = await uploadFile(t.app, bookkeeper, 'expense-receipt');
  return okData<{ id: string; approvalsNeeded: number }>(
    call('POST', '/api/admin/expenses', bookkeeper, {
      category: 'banking_fees',
      amount,
      date: '2026-04-02',
      poolId: pool.id,
      description: 'Monthly account fee',
      receiptUrl,
    }),
    201,
  );
}

const lastAudit = async (action: string) => {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
};

beforeAll(async () => {
  t = await createTestApp(environment, {}, { clock: () => now });
  const admin = async (roles: AdminRole[]) => login(t.app, (await seedAdmin(t.db, { roles })).email);
  boss = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
  const manager = await admin(['investment_management']);
  const recorder = await admin(['investment_management']);
  const cashier = await admin(['payment_management']);
  bookkeeper = await admin(['expense_management']);
  closer = await admin(['month_end']);
  secondCloser = await admin(['month_end']);
  exits = await admin(['exit_requests']);

  pool = await seedOpenPool(t.app, manager);
  const seeded = await seedActiveMember(t.db, { fullName: 'Member leaver' });
  const token = await login(t.app, seeded.email);
  const joined = await joinOk(t.app, token, pool, 1, 'once');
  await okData(call('POST', `/api/admin/pool-requests/${joined.id}/approve`, manager));
  const payment = await submitPayment(t.app, token, pool.id, 1000);
  await okData(call('POST', `/api/admin/payments/${dataOf<{ id: string }>(payment).id}/approve`, cashier));
  await seedPayoutAccount(t.db, seeded.id, { accountHolder: 'Member leaver' });
  member = { id: seeded.id, token };
  // March earns R 400.00; the month is closed on 2 April, after the settings are saved.
  await recordApprovedInterest(t.app, { poolId: pool.id, amount: 400, date: '2026-03-05' }, recorder, manager);
  now = new Date('2026-04-02T09:00:00+02:00');
});
afterEach(async () => {
  await assertMoneyInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`the cooperative's settings (${testEngine})`, () => {
  it("apply the installation's defaults, from its environment, until the super admin saves them", async () => {
    expect(await okData<CooperativeSettings>(rules(boss))).toEqual({
      ...defaults,
      isSaved: false,
      updatedAt: null,
      defaults,
    });
    // R 600 is above the environment's R 500.
    expect((await recordExpense(600)).approvalsNeeded).toBe(2);
    expect((await okData<{ isOffered: boolean }>(call('GET', '/api/withdrawals/mine', member.token))).isOffered).toBe(
      false,
    );
  });

  it('are read by every admin, changed by the super admin only, and bad input is answered with the form messages', async () => {
    for (const token of [closer, exits]) {
      expect((await okData<{ defaults: unknown }>(rules(token))).defaults).toEqual(defaults);
      expect((await okData<{ slug: string }>(details(token))).slug).toBe('default');
    }
    for (const token of [closer, exits, member.token]) {
      expect((await refusal(saveRules(token, saved))).status).toBe(403);
      expect((await refusal(saveDetails(token, { name: 'Taken over', province: 'Gauteng' }))).status).toBe(403);
    }
    expect((await refusal(rules(member.token))).status).toBe(403);
    expect((await refusal(details(member.token))).status).toBe(403);
    expect(await refusal(saveRules(closer, saved))).toMatchObject({ error: cooperativeMessages.superAdminOnly });

    const bad = await saveRules(boss, {
      expenseDualApprovalAbove: -1,
      reservePercent: 6,
      exitFeePercent: '2.555',
      allowReturnWithdrawals: 'yes',
      uploadQuotaMb: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({
      expenseDualApprovalAbove: cooperativeMessages.expenseDualApprovalAbove,
      reservePercent: cooperativeMessages.reservePercent,
      exitFeePercent: cooperativeMessages.exitFeePercent,
      allowReturnWithdrawals: cooperativeMessages.allowReturnWithdrawals,
      uploadQuotaMb: cooperativeMessages.uploadQuotaMb,
    });
    expect((await okData<CooperativeSettings>(rules(boss))).isSaved).toBe(false);
  });

  it('once saved, are applied by the next expense, withdrawal, month-end calculation and exit settlement, and audited', async () => {
    const answer = await okData<CooperativeSettings>(saveRules(boss, saved));
    expect(answer).toMatchObject({ ...saved, isSaved: true, defaults });
    expect(Date.parse(answer.updatedAt!)).not.toBeNaN();
    expect(await okData<CooperativeSettings>(rules(boss))).toEqual(answer);
    const audited = await lastAudit('cooperative_settings.update');
    expect(audited!.before).toMatchObject({ expenseDualApprovalAbove: 50_000, reservePercent: 2.5, isSaved: false });
    expect(audited!.after).toEqual({ ...saved, expenseDualApprovalAbove: 100_000 });

    // R 600 is below the cooperative's R 1 000; R 1 000.01 above it.
    expect((await recordExpense(600)).approvalsNeeded).toBe(1);
    expect((await recordExpense(1000.01)).approvalsNeeded).toBe(2);
    expect((await okData<{ isOffered: boolean }>(call('GET', '/api/withdrawals/mine', member.token))).isOffered).toBe(
      true,
    );

    // 5% of March's R 400.00 is kept as the reserve (the environment said 2.5%).
    const calculation = await closeMonth(t.app, '2026-03', closer, secondCloser);
    expect(calculation.pools.map((row) => row.reserve)).toEqual([20]);

    // The member holds R 1 000.00 of capital and R 380.00 of returns; 10% of it is the fee.
    await reauthenticate(t.app, member.token);
    const exit = await okData<{ id: string; estimate: number }>(
      call('POST', '/api/exits', member.token, { poolId: pool.id, reason: 'Moving to another province.' }),
      201,
    );
    expect(exit.estimate).toBe(1242);
    const settled = await okData<{ settlement: { capital: number; returns: number; fee: number; payout: number } }>(
      call('POST', `/api/admin/exits/${exit.id}/settle`, exits, {
        earlyReason: 'Medical costs, approved by the board.',
      }),
    );
    expect(settled.settlement).toMatchObject({ capital: 1000, returns: 380, fee: 138, payout: 1242 });
  });
});

describe(`the cooperative's file quota (${testEngine})`, () => {
  it("is the saved one at the next upload, over the environment's", async () => {
    const uploader = await login(t.app, (await seedAdmin(t.db, { roles: ['expense_management'] })).email);
    const send = (body: Buffer) => {
      const form = multipart({ filename: 'upload', contentType: 'application/octet-stream', body });
      return t.app.inject({
        method: 'POST',
        url: '/api/uploads/expense-receipt',
        payload: form.payload,
        headers: { ...form.headers, ...bearer(uploader) },
      });
    };
    // Noise does not compress: about 430 kB each as PNG, so two fit in a megabyte and a third does not.
    const bulky = await sharp(randomBytes(380 * 380 * 3), { raw: { width: 380, height: 380, channels: 3 } })
      .png()
      .toBuffer();
    await okData(saveRules(boss, { ...saved, uploadQuotaMb: 1 }));
    expect((await send(bulky)).statusCode).toBe(201);
    expect((await send(bulky)).statusCode).toBe(201);
    const refused = await send(bulky);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe(
      'Your files have reached the 1 MB storage limit. Please contact the cooperative to remove old files.',
    );
    // The environment's 40 MB would have taken it.
    await okData(saveRules(boss, { ...saved, uploadQuotaMb: 40 }));
    expect((await send(bulky)).statusCode).toBe(201);
  });
});

describe(`the cooperative's details (${testEngine})`, () => {
  it('are its name, registration number and province, changed by the super admin and audited; the slug stays', async () => {
    const before = await okData<{ id: string; slug: string; name: string }>(details(boss));
    expect(before).toMatchObject({ id: DEFAULT_COOPERATIVE_ID, slug: 'default' });

    const bad = await saveDetails(boss, { name: 'K', registrationNumber: 'No!', province: 'Atlantis' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({
      name: cooperativeMessages.name,
      registrationNumber: cooperativeMessages.registrationNumber,
      province: cooperativeMessages.province,
    });

    const changed = await okData(
      saveDetails(boss, {
        name: ' Kgotso Savings Cooperative ',
        registrationNumber: ' 2019/123456/24 ',
        province: 'Limpopo',
        slug: 'ignored',
      }),
    );
    expect(changed).toMatchObject({
      id: DEFAULT_COOPERATIVE_ID,
      name: 'Kgotso Savings Cooperative',
      slug: 'default',
      registrationNumber: '2019/123456/24',
      province: 'Limpopo',
    });
    const [row] = await t.db.select().from(cooperatives).where(eq(cooperatives.id, DEFAULT_COOPERATIVE_ID));
    expect(row).toMatchObject({ name: 'Kgotso Savings Cooperative', slug: 'default', province: 'Limpopo' });
    const audited = await lastAudit('cooperative.update');
    expect(audited!.before).toMatchObject({ name: before.name, province: null });
    expect(audited!.after).toMatchObject({ name: 'Kgotso Savings Cooperative', province: 'Limpopo' });

    // A blank registration number clears it, and the none the form read is sent back as it was.
    const body = { name: 'Kgotso Savings Cooperative', registrationNumber: ' ', province: 'Limpopo' };
    expect(await okData(saveDetails(boss, body))).toMatchObject({ registrationNumber: null });
    expect(await okData(saveDetails(boss, { ...body, registrationNumber: null }))).toMatchObject({
      registrationNumber: null,
    });
  });
});
