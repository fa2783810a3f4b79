import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../config.js';

/** One e-mail as the outbox holds it: a plain-text part and, usually, a simple HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null | undefined;
  /** A stable Message-ID, so a receiving server can tell a retried mail from a new one. */
  messageId?: string | undefined;
}

export interface Mailer {
  /** `smtp` hands mail to the configured server; `file` writes `.eml` files to DATA_DIR/outbox. */
  readonly kind: 'smtp' | 'file';
  /** Sends one mail; throws when it was not accepted, so the outbox retries it later. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export type MailLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

// A server that stops answering must not hold a claimed mail longer than the outbox's claim timeout.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** The folder `.eml` files go to when no SMTP server is configured. */
export function outboxFolder(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * Chooses the transport from the configuration: SMTP through nodemailer when `SMTP_URL` is set,
 * otherwise RFC 822 `.eml` files under DATA_DIR/outbox with one log line per mail (never the body).
 */
export function createMailer(config: Pick<Config, 'mail' | 'dataDir'>, logger?: MailLogger): Mailer {
  const from = config.mail.from;
  const headers = { 'Auto-Submitted': 'auto-generated' };

  if (config.mail.smtpUrl) {
    const transport = createTransport({ url: config.mail.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from, headers, ...toNodemailer(message) });
      },
      close() {
        transport.close();
      },
    };
  }

  const folder = outboxFolder(config.dataDir);
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'file',
    async send(message) {
      const info = await composer.sendMail({ from, headers, ...toNodemailer(message) });
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(folder, name);
      // Written under a temporary name first, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      logger?.info({ to: message.to, subject: message.subject, file: name }, 'mail written to the outbox folder');
    },
    close() {
      composer.close();
    },
  };
}

function toNodemailer(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.messageId ? { messageId: message.messageId } : {}),
  };
}

/**
 * Nine digits or more in a row may be an identity number (13) or a bank account (9 to 11): a mail
 * shows only the last four of such a run, whatever carried it there (a pool's name, a reference an
 * admin typed), so no mail holds one and a decision never fails because of it. The app's links and a
 * record's id are left whole: a UUID's last group or a link's token is all digits now and then, and
 * masked the link leads nowhere.
 */
const LONG_DIGIT_RUN_OUTSIDE_LINKS =
  /(https?:\/\/[^\s<>"]+)|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})|\d{9,}/gi;

/** Replaces every run of nine or more digits outside a link or a UUID with `****` and its last four digits. */
export function maskLongDigitRuns(value: string): string {
  return value.replace(LONG_DIGIT_RUN_OUTSIDE_LINKS, (run, link: string | undefined, uuid: string | undefined) =>
    link || uuid ? run : `****${run.slice(-4)}`,
  );
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface StandardMailInput {
  /** The site's address (`config.publicUrl`); every mail links back to it. */
  publicUrl: string;
  subject: string;
  /** The member's name for the greeting; a plain 'Hello' without one. */
  greetingName?: string | null | undefined;
  /** The message, one paragraph per entry. Never an ID number or a document. */
  paragraphs: string[];
  /** The button: a label and a path of the web app, such as '/notifications'. Defaults to the site's home. */
  action?: { label: string; path: string } | undefined;
  /** The cooperative the mail is about, named under the heading; none for a mail about the account itself. */
  cooperative?: string | null | undefined;
}

/**
 * Builds the cooperative's standard e-mail: a greeting, the message, and a button (and the same
 * link in plain text) to a page of the web app.
 */
export function buildMail(input: StandardMailInput): MailContent {
  const base = input.publicUrl.replace(/\/+$/, '');
  const action = input.action ?? { label: 'Open Letsema', path: '/' };
  const url = `${base}${action.path.startsWith('/') ? action.path : `/${action.path}`}`;
  const name = input.greetingName?.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const cooperative = input.cooperative?.trim();
  const footer = cooperative
    ? `You receive this e-mail because you belong to ${cooperative} on Letsema. Please do not reply to it.`
    : 'You receive this e-mail because you have an account with Letsema. Please do not reply to it.';
  const heading = cooperative ? `Letsema · ${cooperative}` : 'Letsema';

  const text = [greeting, ...input.paragraphs, `${action.label}: ${url}`, `${heading}\n${footer}`].join('\n\n') + '\n';

  const paragraphs = input.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;background:#F2F2F7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#000">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#007AFF">${escapeHtml(heading)}</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(greeting)}</p>
${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#007AFF;color:#fff;text-decoration:none;font-weight:600;padding:10px 20px;border-radius:10px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#8E8E93">If the button does not work, open <a href="${escapeHtml(url)}" style="color:#007AFF">${escapeHtml(url)}</a></p>
<p style="margin:24px 0 0;font-size:12px;color:#8E8E93">${escapeHtml(footer)}</p>
</div>
</body>
</html>
`;
  return { subject: input.subject, text, html };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
