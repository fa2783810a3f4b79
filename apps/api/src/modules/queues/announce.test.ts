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
import { seedOpenPool } from '../../../test/pools.js';
import { seedSubmittedMember } from '../../../test/seed.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
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

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
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
});
