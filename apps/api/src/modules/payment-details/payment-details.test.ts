import { paymentDetailsMessages } from '@letsema/domain';
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
import { auditLog } from '../../db/schema.js';

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

  it('keeps an optional registration number, trimmed, refused with the shared message when malformed', async () => {
    const boss = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
    const member = await login(t.app, (await seedActiveMember(t.db)).email);

    expect(dataOf(await save(boss, account))).toMatchObject({ registrationNumber: null });
    const saved = await save(boss, { ...account, registrationNumber: ' 2019/123456/24 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf(saved)).toMatchObject({ registrationNumber: '2019/123456/24' });
    expect(dataOf(await read(member))).toMatchObject({ registrationNumber: '2019/123456/24' });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment_details.update'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audited!.before).not.toHaveProperty('registrationNumber');
    expect(audited!.after).toMatchObject({ registrationNumber: '2019/123456/24' });

    for (const registrationNumber of ['2019/123456/24!', 'R'.repeat(41)]) {
      const bad = await save(boss, { ...account, registrationNumber });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual({ registrationNumber: paymentDetailsMessages.registrationNumber });
    }
    // Blank clears it.
    expect(dataOf(await save(boss, { ...account, registrationNumber: '  ' }))).toMatchObject({
      registrationNumber: null,
    });
  });
});
