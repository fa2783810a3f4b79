import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedActiveMember, type TestContext } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { notify } from '../modules/notifications/service.js';
import { buildMail, createMailer, maskLongDigitRuns, outboxFolder, type MailLogger } from './mail.js';
import { computeRetryDelayMs } from './outbox-worker.js';

describe('buildMail', () => {
  const mail = buildMail({
    publicUrl: 'https://letsema.example/',
    subject: 'Your KYC was approved',
    greetingName: '  Thandi <b>M</b> ',
    paragraphs: ['Welcome to the cooperative.', 'You can now join a pool & invest.'],
    action: { label: 'Go to your dashboard', path: '/dashboard' },
  });

  it('greets, says the message and links to the page in the plain-text part', () => {
    expect(mail.subject).toBe('Your KYC was approved');
    expect(mail.text).toBe(
      [
        'Hello Thandi <b>M</b>,',
        'Welcome to the cooperative.',
        'You can now join a pool & invest.',
        'Go to your dashboard: https://letsema.example/dashboard',
        'Letsema\nYou receive this e-mail because you have an account with Letsema. Please do not reply to it.',
      ].join('\n\n') + '\n',
    );
  });

  it('escapes everything it puts in the HTML part and links the button to the page', () => {
    expect(mail.html).toContain('Hello Thandi &lt;b&gt;M&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>M</b>');
    expect(mail.html).toContain('You can now join a pool &amp; invest.');
    expect(mail.html).toContain('href="https://letsema.example/dashboard"');
    expect(mail.html).toContain('>Go to your dashboard</a>');
  });

  it('names the cooperative it is about under the heading and in the footer', () => {
    const about = buildMail({
      publicUrl: 'https://letsema.example',
      subject: 'Payment approved',
      paragraphs: ['Your payment was approved.'],
      cooperative: 'Kgotso <Savings>',
    });
    expect(about.text).toContain(
      'Letsema · Kgotso <Savings>\nYou receive this e-mail because you belong to Kgotso <Savings> on Letsema.',
    );
    expect(about.html).toContain('>Letsema · Kgotso &lt;Savings&gt;</p>');
    expect(about.html).not.toContain('<Savings>');
  });

  it('greets without a name and links to the home page when no button is given', () => {
    const plain = buildMail({ publicUrl: 'http://localhost:3000', subject: 'Hi', paragraphs: ['Something changed.'] });
    expect(plain.text.startsWith('Hello,\n\nSomething changed.')).toBe(true);
    expect(plain.text).toContain('Open Letsema: http://localhost:3000/');
    expect(plain.html).toContain('href="http://localhost:3000/"');
  });
});

describe('maskLongDigitRuns', () => {
  it.each([
    ['Stokvel 2026 ref 8001015009087', 'Stokvel 2026 ref ****9087'],
    ['account 123456789 and 62012345678', 'account ****6789 and ****5678'],
    ['ID8001015009087.', 'ID****9087.'],
    ['R 1 000.00 on 2026-11-26, ref 12345678', 'R 1 000.00 on 2026-11-26, ref 12345678'],
    // A link's record id whose last group is all digits stays whole; a number beside it does not.
    [
      'Open: https://coop.example/admin/members/pending/86dffedc-d596-42da-8e24-533659286977 (ID 8001015009087)',
      'Open: https://coop.example/admin/members/pending/86dffedc-d596-42da-8e24-533659286977 (ID ****9087)',
    ],
    ['12345678-1234-4234-8234-123456789012', '12345678-1234-4234-8234-123456789012'],
    [
      'Reset: https://coop.example/reset-password?token=aB3_123456789012Xy, ref 62012345678',
      'Reset: https://coop.example/reset-password?token=aB3_123456789012Xy, ref ****5678',
    ],
    [
      '<a href="https://coop.example/invite?token=x1234567890">Accept</a> 8001015009087',
      '<a href="https://coop.example/invite?token=x1234567890">Accept</a> ****9087',
    ],
  ])('%s -> %s', (value, masked) => {
    expect(maskLongDigitRuns(value)).toBe(masked);
  });
});

describe('computeRetryDelayMs', () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [4, 240],
    [7, 1_920],
    [8, 3_600],
    [12, 3_600],
    [24, 3_600],
    [10_000, 3_600],
  ])('waits after attempt %d: %d s', (attempts, seconds) => {
    expect(computeRetryDelayMs(attempts)).toBe(seconds * 1000);
  });
});

describe(`.eml files when no SMTP server is configured (${testEngine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://letsema.example' });
    await t.app.outbox.stop();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes each outbox mail as an RFC 822 file in DATA_DIR/outbox', async () => {
    const member = await seedActiveMember(t.db);
    await t.db.transaction((tx) =>
      notify(tx, {
        userId: member.id,
        category: 'registration',
        title: 'KYC approved',
        message: 'Your registration was approved.',
        email: buildMail({
          publicUrl: t.config.publicUrl,
          subject: 'Your registration was approved',
          paragraphs: ['Your registration was approved.'],
          action: { label: 'Open Letsema', path: '/dashboard' },
        }),
      }),
    );
    expect(await t.app.outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const folder = outboxFolder(t.dataDir);
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(folder, files[0]!), 'utf8');
    expect(raw).toMatch(/\r\n/);
    const parsed = await simpleParser(raw);
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe(member.email);
    expect(parsed.subject).toBe('Your registration was approved');
    expect(parsed.text).toContain('https://letsema.example/dashboard');
    expect(parsed.html).toContain('href="https://letsema.example/dashboard"');
  });

  it('logs one line per mail, without the body', async () => {
    const lines: { obj: object; msg: string | undefined }[] = [];
    const record = (obj: object, msg?: string) => void lines.push({ obj, msg });
    const logger = { info: record, warn: record, error: record } as unknown as MailLogger;
    const mailer = createMailer(t.config, logger);
    await mailer.send({ to: 'someone@example.com', subject: 'A subject', text: 'The secret body', html: '<p>x</p>' });
    mailer.close();

    expect(lines).toHaveLength(1);
    expect(lines[0]!.obj).toEqual({
      to: 'someone@example.com',
      subject: 'A subject',
      file: expect.stringMatching(/\.eml$/),
    });
    expect(JSON.stringify(lines)).not.toContain('secret body');
    expect(readdirSync(outboxFolder(t.dataDir)).filter((name) => !name.endsWith('.eml'))).toEqual([]);
  });
});
