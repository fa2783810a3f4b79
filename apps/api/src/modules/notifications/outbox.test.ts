import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { cooperatives, DEFAULT_COOPERATIVE_ID, emailOutbox } from '../../db/schema.js';
import { buildMail, createMailer } from '../../lib/mail.js';
import { createOutboxWorker } from '../../lib/outbox-worker.js';
import { createTestApp, seedActiveMember, uniqueEmail, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { createReopenableDatabase } from '../../../test/reopenable-database.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { notify, notifyMember, queueMail } from './service.js';

const PUBLIC_URL = 'https://letsema.example';

let smtp: TestSmtpServer;
let t: TestContext;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  // The tests run the passes themselves.
  await t.app.outbox.stop();
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const receivedBy = (server: TestSmtpServer, address: string) =>
  server.received.filter((mail) => mail.envelopeTo.includes(address));
const outboxRow = async (db: Db, to: string) => {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  return row!;
};
/** Makes waiting rows due now, as the passing of their back-off time would. */
const makeDue = (db: Db, to: string) =>
  db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(emailOutbox.to, to));

async function notifyWithMail(db: Db, userId: string, subject = 'Your payment was approved') {
  await db.transaction((tx) =>
    notify(tx, {
      userId,
      category: 'payment',
      title: 'Payment approved',
      message: 'Your payment of R 500.00 was approved.',
      email: buildMail({
        publicUrl: PUBLIC_URL,
        subject,
        greetingName: 'Thandi',
        paragraphs: ['Your payment of R 500.00 was approved.'],
        action: { label: 'View payments', path: '/payments' },
      }),
    }),
  );
}

describe(`e-mail delivery over SMTP (${testEngine})`, () => {
  it('delivers a notification’s e-mail exactly once, with text and HTML parts linking to the site', async () => {
    const member = await seedActiveMember(t.db);
    await notifyWithMail(t.db, member.id);

    expect(await t.app.outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await t.app.outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const mails = receivedBy(smtp, member.email);
    expect(mails).toHaveLength(1);
    const { parsed } = mails[0]!;
    expect(parsed.subject).toBe('Your payment was approved');
    expect(parsed.from?.text).toContain('no-reply@letsema.local');
    expect(parsed.text).toContain('Hello Thandi,');
    expect(parsed.text).toContain('Your payment of R 500.00 was approved.');
    expect(parsed.text).toContain(`${PUBLIC_URL}/payments`);
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/payments"`);
    expect(parsed.attachments).toEqual([]);

    const row = await outboxRow(t.db, member.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, claimedBy: t.app.outbox.workerId });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(parsed.messageId).toBe(`<${row.id}@letsema.example>`);
  });

  it("names the member's cooperative in a decision's e-mail, as its super admin last named it", async () => {
    const member = await seedActiveMember(t.db);
    const [before] = await t.db
      .select({ name: cooperatives.name })
      .from(cooperatives)
      .where(eq(cooperatives.id, DEFAULT_COOPERATIVE_ID));
    await t.db
      .update(cooperatives)
      .set({ name: 'Kgotso Savings Cooperative' })
      .where(eq(cooperatives.id, DEFAULT_COOPERATIVE_ID));
    try {
      await notifyMember(t.db, PUBLIC_URL, {
        userId: member.id,
        category: 'payment',
        title: 'Payment approved',
        paragraphs: ['Your payment of R 500.00 was approved.'],
        path: '/payments',
      });
      expect(await t.app.outbox.runOnce()).toMatchObject({ sent: 1 });
      const mails = receivedBy(smtp, member.email);
      expect(mails).toHaveLength(1);
      const { parsed } = mails[0]!;
      expect(parsed.text).toContain('Letsema · Kgotso Savings Cooperative');
      expect(parsed.text).toContain('because you belong to Kgotso Savings Cooperative on Letsema');
      expect(parsed.html).toContain('>Letsema · Kgotso Savings Cooperative</p>');
    } finally {
      await t.db.update(cooperatives).set({ name: before!.name }).where(eq(cooperatives.id, DEFAULT_COOPERATIVE_ID));
    }
  });

  it('keeps the mail while the server is down, records why, and delivers it once the server is back', async () => {
    const member = await seedActiveMember(t.db);
    await notifyWithMail(t.db, member.id);
    await smtp.stop();
    try {
      expect(await t.app.outbox.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const waiting = await outboxRow(t.db, member.email);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
      expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
      // The first retry waits about 30 seconds; until then a pass leaves the row alone.
      const [{ wait }] = (
        await t.db.execute<{ wait: number }>(
          sql`select extract(epoch from ${emailOutbox.nextAttemptAt} - now())::float as wait from ${emailOutbox} where ${emailOutbox.id} = ${waiting.id}`,
        )
      ).rows as [{ wait: number }];
      expect(wait).toBeGreaterThan(20);
      expect(wait).toBeLessThanOrEqual(30);
      expect(await t.app.outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    } finally {
      await smtp.start();
    }

    await makeDue(t.db, member.email);
    expect(await t.app.outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(receivedBy(smtp, member.email)).toHaveLength(1);
    expect(await outboxRow(t.db, member.email)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    const to = uniqueEmail('unreachable');
    await queueMail(t.db, { to, subject: 'Hello', text: 'Hello' });
    const worker = createOutboxWorker({
      db: t.db,
      mailer: createMailer({ dataDir: t.dataDir, mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'a@b.example' } }),
      maxAttempts: 2,
    });
    expect(await worker.runOnce()).toMatchObject({ retrying: 1 });
    await makeDue(t.db, to);
    expect(await worker.runOnce()).toMatchObject({ failed: 1 });
    await makeDue(t.db, to);
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await outboxRow(t.db, to)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('makes a claim that was never finished due again after the claim timeout', async () => {
    const to = uniqueEmail('stuck');
    await queueMail(t.db, { to, subject: 'Stuck', text: 'Stuck' });
    // A worker that claims the row and then never finishes, as a process that died would.
    const hanging = createOutboxWorker({
      db: t.db,
      mailer: { kind: 'smtp', send: () => new Promise<void>(() => undefined), close: () => undefined },
      claimTimeoutMs: 90_000,
      workerId: 'dead-instance',
    });
    void hanging.runOnce();
    await vi.waitFor(async () => expect((await outboxRow(t.db, to)).claimedBy).toBe('dead-instance'));

    // The claim holds the row for the claim timeout, and no other worker takes it meanwhile.
    const claimed = await outboxRow(t.db, to);
    expect(claimed.nextAttemptAt.getTime() - claimed.claimedAt!.getTime()).toBe(90_000);
    expect(await t.app.outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    // The timeout passes (moved in the database rather than waited for on the clock).
    await makeDue(t.db, to);
    expect(await t.app.outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(receivedBy(smtp, to)).toHaveLength(1);
    expect(await outboxRow(t.db, to)).toMatchObject({ status: 'sent', attempts: 2, claimedBy: t.app.outbox.workerId });
  });

  it('sends by itself once the app is ready', async () => {
    const server = await startSmtpServer();
    const own = await createTestApp({ SMTP_URL: server.url, PUBLIC_URL });
    try {
      const member = await seedActiveMember(own.db);
      await notifyWithMail(own.db, member.id);
      await vi.waitFor(() => expect(receivedBy(server, member.email)).toHaveLength(1), {
        timeout: 15_000,
        interval: 200,
      });
    } finally {
      await own.close();
      await server.stop();
    }
  });
});

describe(`e-mail outbox across restarts and instances (${testEngine})`, () => {
  it('loses nothing when the app restarts while the server is down', async () => {
    const database = await createReopenableDatabase();
    const server = await startSmtpServer();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: server.url,
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
    });
    try {
      await server.stop();
      let handle = await database.open();
      let app = await buildApp({ config, db: handle.db }, { webDist: false });
      await app.ready();
      await app.outbox.stop();
      const member = await seedActiveMember(handle.db);
      await notifyWithMail(handle.db, member.id);
      expect(await app.outbox.runOnce()).toMatchObject({ retrying: 1 });
      await app.close();
      await handle.close();

      await server.start();
      handle = await database.open();
      app = await buildApp({ config, db: handle.db }, { webDist: false });
      await app.ready();
      await app.outbox.stop();
      try {
        expect(await outboxRow(handle.db, member.email)).toMatchObject({ status: 'pending', attempts: 1 });
        await makeDue(handle.db, member.email);
        expect(await app.outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
        expect(receivedBy(server, member.email)).toHaveLength(1);
        expect(await outboxRow(handle.db, member.email)).toMatchObject({ status: 'sent', attempts: 2 });
      } finally {
        await app.close();
        await handle.close();
      }
    } finally {
      await server.stop();
      await database.destroy();
    }
  });

  it('sends each row once when two instances run passes at the same time', async () => {
    const database = await createReopenableDatabase();
    // Each message is held a little, so the two instances' passes overlap.
    const server = await startSmtpServer({ delayMs: 40 });
    const first = await database.open();
    // PGlite allows one handle; PostgreSQL gets a second pool, as a second instance would have.
    const second = testEngine === 'postgres' ? await database.open() : first;
    const mailer = createMailer({ dataDir: t.dataDir, mail: { smtpUrl: server.url, from: 'Letsema <a@b.example>' } });
    try {
      const subjects = Array.from({ length: 24 }, (_, i) => `Mail ${i + 1}`);
      for (const subject of subjects) await queueMail(first.db, { to: 'member@example.com', subject, text: subject });

      const workers = [first, second].map((handle, i) =>
        createOutboxWorker({ db: handle.db, mailer, batchSize: 3, workerId: `instance-${i + 1}` }),
      );
      const results = await Promise.all(workers.map((worker) => worker.runOnce()));

      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(24);
      expect(server.received.map((mail) => mail.parsed.subject).sort()).toEqual([...subjects].sort());
      const rows = await first.db.select().from(emailOutbox).where(inArray(emailOutbox.subject, subjects));
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
      if (testEngine === 'postgres') {
        // Both instances took part: the rows were shared out, not sent twice.
        expect(new Set(rows.map((row) => row.claimedBy))).toEqual(new Set(['instance-1', 'instance-2']));
      }
    } finally {
      mailer.close();
      if (second !== first) await second.close();
      await first.close();
      await server.stop();
      await database.destroy();
    }
  });
});
