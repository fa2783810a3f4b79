import { and, eq } from 'drizzle-orm';
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
import { joinOk, submitPayment } from '../../../test/investing.js';
import { emergencyProduct, hundredRandShares, lendingOn, seedFundedMember } from '../../../test/loans.js';
import { seedOpenPool } from '../../../test/pools.js';
import { seedSubmittedMember } from '../../../test/seed.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { reauthenticate } from '../../../test/staff.js';
import { emailOutbox, notifications, users } from '../../db/schema.js';

const PUBLIC_URL = 'https://coop.example';
let t: TestContext;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  await t.app.outbox.stop();
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The titles of the notifications an account holds, oldest first. */
async function titlesOf(userId: string): Promise<string[]> {
  const rows = await t.db
    .select({ title: notifications.title })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
  return rows.map((row) => row.title);
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));

describe(`admins hear of what waits for their role (${testEngine})`, () => {
  it('tells every active admin of the queue, once, in the app and by e-mail; not other roles, not the suspended', async () => {
    const reviewer = await seedAdmin(t.db, { roles: ['member_management'] });
    const boss = await seedAdmin(t.db, { superAdmin: true, roles: [] });
    const cashier = await seedAdmin(t.db, { roles: ['payment_management'] });
    const away = await seedAdmin(t.db, { roles: ['member_management'] });
    await t.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, away.id));

    const member = await seedSubmittedMember(t.app);
    const title = 'A registration waits for you';
    expect(await titlesOf(reviewer.id)).toContain(title);
    expect(await titlesOf(boss.id)).toContain(title);
    expect(await titlesOf(cashier.id)).not.toContain(title);
    expect(await titlesOf(away.id)).not.toContain(title);
    // One notification per item: reading the queues again tells nobody anything new.
    const reviewerToken = await login(t.app, reviewer.email);
    await call('GET', '/api/admin/dashboard/pending-counts', reviewerToken);
    await call('GET', '/api/admin/tasks', reviewerToken);
    expect((await titlesOf(reviewer.id)).filter((text) => text === title)).toHaveLength(1);

    // The e-mail goes out through the outbox to a real SMTP server, with the link to the registration.
    await t.app.outbox.runOnce();
    const [mail] = mailsTo(reviewer.email);
    expect(mail?.parsed.subject).toBe('Letsema: a registration waits for you');
    expect(mail?.parsed.text).toContain(`${PUBLIC_URL}/admin/members/pending/${member.userId}`);
    expect(mail?.parsed.text).toContain('Open Registrations');
    expect(mailsTo(cashier.email)).toEqual([]);
    expect(mailsTo(away.email)).toEqual([]);
  });

  it('never tells the admin who caused it', async () => {
    const starter = await seedAdmin(t.db, { roles: ['member_management'] });
    const second = await seedAdmin(t.db, { roles: ['member_management'] });
    const member = await seedActiveMember(t.db);
    const started = await call(
      'POST',
      `/api/admin/members/${member.id}/assisted-reset`,
      await login(t.app, starter.email),
    );
    expect(started.statusCode, started.body).toBe(201);
    const title = 'An assisted password reset waits for you';
    expect(await titlesOf(second.id)).toContain(title);
    expect(await titlesOf(starter.id)).not.toContain(title);
    const [row] = await t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, starter.email), eq(emailOutbox.subject, `Letsema: ${title.toLowerCase()}`)));
    expect(row).toBeUndefined();
  });

  it('tells the pool managers of a request to join and the payments desk of a payment, each only theirs', async () => {
    const manager = await seedAdmin(t.db, { roles: ['investment_management'] });
    const cashier = await seedAdmin(t.db, { roles: ['payment_management'] });
    const managerToken = await login(t.app, manager.email);
    const pool = await seedOpenPool(t.app, managerToken);
    const member = await seedActiveMember(t.db, { fullName: 'Thandi Mokoena' });
    const memberToken = await login(t.app, member.email);
    const joined = await joinOk(t.app, memberToken, pool, 1);
    expect(await titlesOf(manager.id)).toContain('A request to join a pool waits for you');
    expect(await titlesOf(cashier.id)).not.toContain('A request to join a pool waits for you');

    const approved = await call('POST', `/api/admin/pool-requests/${joined.id}/approve`, managerToken);
    expect(approved.statusCode, approved.body).toBe(200);
    const paid = await submitPayment(t.app, memberToken, pool.id, 100);
    expect(paid.statusCode, paid.body).toBe(201);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, cashier.id), eq(notifications.title, 'A payment waits for you')));
    expect(note?.message).toContain('Payment of R 100.00');
    expect(note?.message).toContain('Thandi Mokoena');
    expect(await titlesOf(manager.id)).not.toContain('A payment waits for you');
    expect(
      dataOf<{ payments?: number }>(
        await call('GET', '/api/admin/dashboard/pending-counts', await login(t.app, cashier.email)),
      ).payments,
    ).toBeGreaterThanOrEqual(1);
  });

  it('tells the loan admins who did not approve a loan that it waits to be paid out, by e-mail too', async () => {
    const boss = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
    const approver = await seedAdmin(t.db, { roles: ['loan_management'] });
    const payer = await seedAdmin(t.db, { roles: ['loan_management'] });
    const cashier = await seedAdmin(t.db, { roles: ['payment_management'] });
    const manager = await login(t.app, (await seedAdmin(t.db, { roles: ['investment_management'] })).email);
    expect((await call('PUT', '/api/admin/loan-settings', boss, lendingOn)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/loan-products', boss, emergencyProduct)).statusCode).toBe(201);
    const pool = await seedOpenPool(t.app, manager, hundredRandShares);
    const borrower = await seedFundedMember(t.app, t.db, {
      pool,
      manager,
      cashier: await login(t.app, cashier.email),
      capital: 1000,
      fullName: 'Lerato Dlamini',
    });
    const applied = await call('POST', '/api/loans', borrower.token, {
      type: 'emergency',
      amount: 500,
      termMonths: 2,
      purpose: 'School fees for the new term',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const loan = dataOf<{ id: string; number: string }>(applied);
    const approved = await call('POST', `/api/admin/loans/${loan.id}/approve`, await login(t.app, approver.email));
    expect(approved.statusCode, approved.body).toBe(200);

    const toPay = `Loan ${loan.number} of R 500.00 is approved and waits to be paid out by an admin who did not approve it.`;
    const messagesOf = async (userId: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((note) => note.message);
    expect(await messagesOf(payer.id)).toContainEqual(expect.stringContaining(toPay));
    // Whoever approved it does not pay it out; the payments desk decides no loan.
    expect(await messagesOf(approver.id)).not.toContainEqual(expect.stringContaining(toPay));
    expect(await messagesOf(cashier.id)).not.toContainEqual(expect.stringContaining(toPay));

    await t.app.outbox.runOnce();
    const mail = mailsTo(payer.email).find((received) => received.parsed.text?.includes(toPay));
    expect(mail?.parsed.subject).toBe('Letsema: a loan waits for you');
    // The link goes to the loan's page (the copy the server keeps masks long runs of digits).
    expect(mail?.parsed.text).toContain(`Open Loans: ${PUBLIC_URL}/admin/loans/`);
    expect(mailsTo(approver.email).some((received) => received.parsed.text?.includes(toPay))).toBe(false);
  });

  it('tells the staff managers but its maker of roles waiting for a second admin, by e-mail too', async () => {
    const boss = await seedAdmin(t.db, { superAdmin: true });
    const checker = await seedAdmin(t.db, { roles: ['staff_management'] });
    const cashier = await seedAdmin(t.db, { roles: ['payment_management'] });
    const bossToken = await login(t.app, boss.email);
    const staff = await seedAdmin(t.db, { roles: [] });
    await reauthenticate(t.app, bossToken);
    const changed = await call('PUT', `/api/admin/staff/${staff.id}`, bossToken, {
      fullName: 'Sizwe Grant',
      phoneNumber: '0821112233',
      roles: ['payment_management'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const title = 'A staff role change waits for you';
    expect(await titlesOf(checker.id)).toContain(title);
    expect(await titlesOf(boss.id)).not.toContain(title);
    expect(await titlesOf(cashier.id)).not.toContain(title);

    await t.app.outbox.runOnce();
    const mail = mailsTo(checker.email).find((received) => received.parsed.text?.includes('Sizwe Grant'));
    expect(mail?.parsed.subject).toBe('Letsema: a staff role change waits for you');
    expect(mail?.parsed.text).toContain('these roles: Payment Management');
    expect(mail?.parsed.text).toContain(`${PUBLIC_URL}/admin/staff`);
    expect(mailsTo(boss.email).some((received) => received.parsed.text?.includes('Sizwe Grant'))).toBe(false);
  });
});
