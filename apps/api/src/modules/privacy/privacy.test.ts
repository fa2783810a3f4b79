import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dataOf, login, seedAdmin, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { joinOk, submitPayment } from '../../../test/investing.js';
import { seedOpenPool } from '../../../test/pools.js';
import { seedSubmittedMember } from '../../../test/seed.js';
import { exitRequests, memberships, withdrawals } from '../../db/schema.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function exportOf(token: string) {
  const answer = await t.app.inject({ method: 'GET', url: '/api/auth/my-data', headers: bearer(token) });
  expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
  expect(answer.headers['content-type']).toBe('application/zip');
  expect(answer.headers['content-disposition']).toMatch(
    /^attachment; filename="letsema-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return unzipSync(new Uint8Array(answer.rawPayload));
}

describe(`a member's own data (${testEngine})`, () => {
  it("downloads as a ZIP of their records and files, and nobody else's", async () => {
    const member = await seedSubmittedMember(t.app);
    const neighbour = await seedSubmittedMember(t.app);
    await login(t.app, member.email);

    const zip = await exportOf(member.token);
    const names = Object.keys(zip).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'next-of-kin.json',
        'memberships.json',
        'payments.json',
        'loans.json',
        'notifications.json',
        'activity.json',
      ]),
    );
    const uploaded = names.filter((name) => name.startsWith('files/') && !name.endsWith('/'));
    expect(uploaded.some((name) => name.startsWith('files/profile-picture-'))).toBe(true);
    expect(uploaded.some((name) => name.startsWith('files/id-document-'))).toBe(true);
    expect(uploaded.filter((name) => name.startsWith('files/nok-'))).toHaveLength(6);

    const account = JSON.parse(strFromU8(zip['account.json']!));
    expect(account).toMatchObject({ email: member.email, nationalId: member.nationalId });
    expect(account.passwordHash).toBeUndefined();
    expect(JSON.parse(strFromU8(zip['next-of-kin.json']!))).toHaveLength(2);
    const activity = JSON.parse(strFromU8(zip['activity.json']!)) as { action: string }[];
    expect(activity.map((row) => row.action)).toContain('auth.sign_in');

    // Nothing of the neighbour's, and no secret of the member's own.
    const everything = Object.values(zip)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    expect(everything).not.toContain(neighbour.email);
    expect(everything).not.toContain(neighbour.userId);
    expect(everything).not.toMatch(/\$argon2/);

    const theirs = await exportOf(neighbour.token);
    const mine = new Set(uploaded);
    expect(Object.keys(theirs).filter((name) => mine.has(name))).toEqual([]);
  });

  it('adds withdrawals (masked), exits, corrections and ledger lines, and admits only the member’s own address and browser', async () => {
    const reviewer = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
    const manager = await login(t.app, (await seedAdmin(t.db, { roles: ['investment_management'] })).email);
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);
    const adminCall = (url: string, token: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), 'user-agent': 'AdminBrowser/9.9' },
        remoteAddress: '198.51.100.7',
      });
    const member = await seedSubmittedMember(t.app);
    for (const n of [1, 2]) {
      expect((await adminCall(`/api/admin/users/${member.userId}/nok/${n}/approve`, reviewer)).statusCode).toBe(200);
    }
    expect((await adminCall(`/api/admin/users/${member.userId}/approve-kyc`, reviewer)).statusCode).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'correct horse battery' },
      headers: { 'user-agent': 'MemberPhone/1.0' },
      remoteAddress: '203.0.113.9',
    });
    expect(signedIn.statusCode).toBe(200);
    const token = dataOf<{ token: string }>(signedIn).token;

    const pool = await seedOpenPool(t.app, manager);
    const joined = await joinOk(t.app, token, pool, 1, 'once');
    expect((await adminCall(`/api/admin/pool-requests/${joined.id}/approve`, manager)).statusCode).toBe(200);
    const payment = dataOf<{ id: string }>(await submitPayment(t.app, token, pool.id, 1000));
    expect((await adminCall(`/api/admin/payments/${payment.id}/approve`, cashier)).statusCode).toBe(200);
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.id, joined.id));
    await t.db.insert(withdrawals).values({
      userId: member.userId,
      membershipId: membership!.id,
      poolId: pool.id,
      amountCents: 5_000,
      accountHolder: 'Thandi Mokoena',
      bankName: 'Capitec Bank',
      accountNumber: '1234567890',
      branchCode: '470010',
      status: 'rejected',
    });
    await t.db.insert(exitRequests).values({
      userId: member.userId,
      membershipId: membership!.id,
      poolId: pool.id,
      reason: 'Moving to another province.',
      noticeEndsOn: '2027-03-01',
      status: 'cancelled',
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/corrections',
      headers: bearer(token),
      payload: { field: 'phoneNumber', message: 'My number changed last week.' },
    });
    expect(asked.statusCode, asked.body).toBe(201);

    const zip = await exportOf(token);
    const read = (name: string) => JSON.parse(strFromU8(zip[name]!));
    const [withdrawal] = read('withdrawals.json');
    expect(withdrawal).toMatchObject({ amountCents: 5_000, accountNumber: '…7890', bankName: 'Capitec Bank' });
    expect(strFromU8(zip['withdrawals.json']!)).not.toContain('1234567890');
    expect(read('exits.json')).toEqual([expect.objectContaining({ reason: 'Moving to another province.' })]);
    expect(read('corrections.json')).toEqual([
      expect.objectContaining({ field: 'phoneNumber', message: 'My number changed last week.', status: 'pending' }),
    ]);
    const ledger = read('ledger.json') as { amountCents: number; account: string; pool: string }[];
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.every((line) => line.pool === pool.name)).toBe(true);
    expect(ledger.reduce((sum, line) => sum + line.amountCents, 0)).not.toBe(0);
    expect(strFromU8(zip['README.txt']!)).toContain('ledger.json');

    const activity = read('activity.json') as {
      action: string;
      byYou: boolean;
      address: string | null;
      browser: string | null;
    }[];
    const approval = activity.find((row) => row.action === 'kyc.approve' || row.action.includes('approve'));
    expect(approval).toMatchObject({ byYou: false, address: null, browser: null });
    const signIn = activity.findLast((row) => row.action === 'auth.sign_in');
    expect(signIn).toMatchObject({ byYou: true, address: '203.0.113.9', browser: 'MemberPhone/1.0' });
    const everything = Object.values(zip)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    expect(everything).not.toContain('AdminBrowser');
    expect(everything).not.toContain('198.51.100.7');
  });
});
