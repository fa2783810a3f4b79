import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { emailOutbox } from '../db/schema.js';
import type { MailLogger, Mailer } from './mail.js';

export interface OutboxWorkerOptions {
  db: Db;
  mailer: Mailer;
  logger?: MailLogger | undefined;
  /** Names this instance in `claimed_by`; unique per process by default. */
  workerId?: string;
  /** Host part of each mail's Message-ID. */
  messageIdDomain?: string;
  /** Pause between passes when idle. */
  pollIntervalMs?: number;
  /** Rows claimed (and sent side by side) at a time. */
  batchSize?: number;
  /** A claim not finished within this time (the process died) makes the row due again. */
  claimTimeoutMs?: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts?: number;
  /** First retry delay; it doubles with each attempt up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export interface OutboxPassResult {
  sent: number;
  retrying: number;
  failed: number;
}

export interface OutboxWorker {
  readonly workerId: string;
  /** Starts polling: a pass now, then one every poll interval. */
  start(): void;
  /** Stops polling and waits for a pass in progress to finish. */
  stop(): Promise<void>;
  /** Sends every mail that is due now, batch by batch, and reports what happened. */
  runOnce(): Promise<OutboxPassResult>;
}

export const OUTBOX_DEFAULTS = {
  pollIntervalMs: 5_000,
  batchSize: 5,
  claimTimeoutMs: 5 * 60_000,
  // 30 s doubling to the hourly cap, then hourly: about 18 hours of retries before giving up.
  maxAttempts: 24,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
} as const;

const MAX_ERROR_LENGTH = 1_000;

/** The wait before the next attempt after `attempts` failed ones: base doubling per attempt, capped. */
export function computeRetryDelayMs(
  attempts: number,
  baseMs: number = OUTBOX_DEFAULTS.retryBaseMs,
  maxMs: number = OUTBOX_DEFAULTS.retryMaxMs,
): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^31 is far past any cap; stopping there keeps the arithmetic finite.
  return Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 31));
}

interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

/**
 * Delivers the e-mail outbox. Rows are claimed with `FOR UPDATE SKIP LOCKED`, so any number of
 * API instances can run a worker and each row is sent by one of them; a claim pushes the row's
 * due time past the claim timeout, so a claim whose process died comes due again by itself.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, logger } = options;
  const settings = { ...OUTBOX_DEFAULTS, ...definedOnly(options) };
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const messageIdDomain = options.messageIdDomain ?? 'letsema.local';

  let timer: NodeJS.Timeout | undefined;
  let isStarted = false;
  let isStopping = false;
  // Passes run one after another, never side by side within one process.
  let running: Promise<unknown> = Promise.resolve();

  async function claimBatch(): Promise<ClaimedMail[]> {
    const leaseSeconds = settings.claimTimeoutMs / 1000;
    // One statement, so claiming is atomic: rows locked by another worker's claim are skipped.
    const result = await db.execute<{
      id: string;
      to_address: string;
      subject: string;
      text: string;
      html: string | null;
      attempts: number;
    }>(sql`
      with due as materialized (
        select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${settings.batchSize}
        for update skip locked
      )
      update ${emailOutbox} as o
      set attempts = o.attempts + 1,
          claimed_at = now(),
          claimed_by = ${workerId},
          next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      from due
      where o.id = due.id
      returning o.id, o.to_address, o.subject, o.text, o.html, o.attempts
    `);
    return result.rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: row.text,
      html: row.html,
      attempts: Number(row.attempts),
    }));
  }

  const ownClaim = (id: string) =>
    and(eq(emailOutbox.id, id), eq(emailOutbox.claimedBy, workerId), eq(emailOutbox.status, 'pending'));

  async function deliver(mail: ClaimedMail): Promise<keyof OutboxPassResult> {
    try {
      await mailer.send({ ...mail, messageId: `<${mail.id}@${messageIdDomain}>` });
    } catch (error) {
      return recordFailure(mail, error);
    }
    await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
      .where(ownClaim(mail.id));
    logger?.info({ mailId: mail.id, attempts: mail.attempts }, 'mail sent');
    return 'sent';
  }

  async function recordFailure(mail: ClaimedMail, error: unknown): Promise<keyof OutboxPassResult> {
    const lastError = describeError(error);
    if (mail.attempts >= settings.maxAttempts) {
      await db.update(emailOutbox).set({ status: 'failed', lastError }).where(ownClaim(mail.id));
      logger?.error({ mailId: mail.id, attempts: mail.attempts, error: lastError }, 'mail failed; no more attempts');
      return 'failed';
    }
    const delaySeconds = computeRetryDelayMs(mail.attempts, settings.retryBaseMs, settings.retryMaxMs) / 1000;
    await db
      .update(emailOutbox)
      .set({ lastError, nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})` })
      .where(ownClaim(mail.id));
    logger?.warn(
      { mailId: mail.id, attempts: mail.attempts, retryInSeconds: delaySeconds, error: lastError },
      'mail not sent; will retry',
    );
    return 'retrying';
  }

  async function drain(): Promise<OutboxPassResult> {
    const totals: OutboxPassResult = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const batch = await claimBatch();
      const outcomes = await Promise.all(batch.map(deliver));
      for (const outcome of outcomes) totals[outcome] += 1;
      // A short batch means nothing more is due; when stopping, the rest waits for the next start.
      if (batch.length < settings.batchSize || isStopping) return totals;
    }
  }

  function runExclusive(): Promise<OutboxPassResult> {
    const pass = running.then(drain, drain);
    running = pass.catch(() => undefined);
    return pass;
  }

  function schedule(delayMs: number) {
    if (!isStarted) return;
    timer = setTimeout(() => {
      timer = undefined;
      runExclusive()
        .catch((error: unknown) => {
          logger?.warn({ error: describeError(error) }, 'outbox pass failed; will try again');
        })
        .finally(() => schedule(settings.pollIntervalMs));
    }, delayMs);
    timer.unref();
  }

  return {
    workerId,
    start() {
      if (isStarted) return;
      isStarted = true;
      schedule(0);
    },
    async stop() {
      isStarted = false;
      isStopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      isStopping = false;
    },
    runOnce: runExclusive,
  };
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, MAX_ERROR_LENGTH);
}

function definedOnly(options: OutboxWorkerOptions) {
  const picked: Partial<Record<keyof typeof OUTBOX_DEFAULTS, number>> = {};
  for (const key of Object.keys(OUTBOX_DEFAULTS) as (keyof typeof OUTBOX_DEFAULTS)[]) {
    const value = options[key];
    if (typeof value === 'number') picked[key] = value;
  }
  return picked;
}
