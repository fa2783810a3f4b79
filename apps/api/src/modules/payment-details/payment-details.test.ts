import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedActiveMember,
  seedAdmin,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { auditLog, settings } from '../../db/schema.js';
import { PAYMENT_DETAILS_KEY } from './service.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const account = {
  bankName: 'First National Bank',
  accountHolder: 'Letsema Savings Cooperative',
  accountNumber: '62 1234 5678 9',
  branchCode: '250655',
};

const read = (token: string) => t.app.inject({ method: 'GET', url: '/api/payment-details', headers: bearer(token) });
const save = (token: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/payment-details', headers: bearer(token), payload: body as object });

describe(`the cooperative's bank account (${testEngine})`, () => {
  it('is none until the super admin sets it, then every member reads it', async () => {
    const member = await login(t.app, (await seedActiveMember(t.db)).email);
    const boss = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
    expect(dataOf(await read(member))).toBeNull();

    const saved = await save(boss, account);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf(saved)).toMatchObject({ ...account, accountNumber: '62123456789' });

    const seen = dataOf<{ accountNumber: string; updatedAt: string }>(await read(member));
    expect(seen).toMatchObject({ ...account, accountNumber: '62123456789' });
    expect(Date.parse(seen.updatedAt)).not.toBeNaN();
  });

  it("is changed by the super admin only, with the server's messages, and every change is audited", async () => {
    const boss = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);
    const clerk = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
    const member = await login(t.app, (await seedActiveMember(t.db)).email);

    const refused = await save(cashier, { ...account, accountNumber: '99999999' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only the super admin can change where members pay.');
    expect((await save(clerk, account)).statusCode).toBe(403);
    expect((await save(member, account)).statusCode).toBe(403);

    const bad = await save(boss, { ...account, branchCode: '25065', accountNumber: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({
      accountNumber: 'Enter the account number: 6 to 16 digits',
      branchCode: 'Enter the branch code: 6 digits',
    });

    expect((await save(boss, account)).statusCode).toBe(200);
    expect((await save(boss, { ...account, bankName: 'Capitec Bank', branchCode: '470010' })).statusCode).toBe(200);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payment_details.update'));
    const last = rows.at(-1)!;
    expect(last.before).toMatchObject({ bankName: 'First National Bank', branchCode: '250655' });
    expect(last.after).toMatchObject({ bankName: 'Capitec Bank', branchCode: '470010' });
    expect(dataOf<{ bankName: string }>(await read(member)).bankName).toBe('Capitec Bank');
  });

  it("answers the cooperative's registration number from its details; one sent or stored with the account is ignored", async () => {
    const boss = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
    const member = await login(t.app, (await seedActiveMember(t.db)).email);
    const nameTheCooperative = (registrationNumber: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/cooperative',
        headers: bearer(boss),
        payload: { name: 'Letsema Savings Cooperative', registrationNumber, province: 'Gauteng' },
      });
    expect((await nameTheCooperative('2019/123456/24')).statusCode).toBe(200);
    const kept = { ...account, accountNumber: '62123456789' };

    // A registration number sent with the account is neither refused nor kept.
    const saved = await save(boss, { ...account, registrationNumber: '1999/000001/07!' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf(saved)).toMatchObject({ registrationNumber: '2019/123456/24' });
    expect(dataOf(await read(member))).toMatchObject({ ...kept, registrationNumber: '2019/123456/24' });
    const [stored] = await t.db.select().from(settings).where(eq(settings.key, PAYMENT_DETAILS_KEY));
    expect(stored!.value).not.toHaveProperty('registrationNumber');
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment_details.update'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audited!.after).not.toHaveProperty('registrationNumber');

    // An account saved before the number moved to the cooperative still holds its own: it is not read.
    await t.db
      .update(settings)
      .set({ value: { ...kept, registrationNumber: '1999/000001/07' } })
      .where(eq(settings.key, PAYMENT_DETAILS_KEY));
    expect(dataOf(await read(member))).toMatchObject({ registrationNumber: '2019/123456/24' });

    // The cooperative's number, changed or cleared, is the one members read beside the account.
    expect((await nameTheCooperative('2021/654321/24')).statusCode).toBe(200);
    expect(dataOf(await read(member))).toMatchObject({ registrationNumber: '2021/654321/24' });
    expect((await nameTheCooperative(' ')).statusCode).toBe(200);
    const cleared = dataOf<Record<string, unknown>>(await read(member));
    expect(cleared).toEqual({
      ...kept,
      registrationNumber: null,
      updatedAt: expect.any(String),
    });
  });
});
