import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client.js';
import { countWhere } from '../db/fixed-conditions.js';
import { emailOutbox } from '../db/schema.js';
import { fail } from './envelope.js';

export const METRICS_PATH = '/metrics';

/** How long the counts read from the database serve scrapes before they are read again. */
export const COUNTS_CACHE_MS = 10_000;

export type MaintenanceOutcome = 'success' | 'failure' | 'skipped';

export interface Metrics {
  /** Counts one run of a maintenance job (a no-op when metrics are off). */
  recordMaintenanceRun(job: string, outcome: MaintenanceOutcome): void;
}

/** A queue's `queue` label: its key in snake case (`loanRepayments` is `loan_repayments`). */
export function queueLabel(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** How many items wait in each queue of the one definition (`waitingQueues`), by queue key. */
export type CountQueues = () => Promise<Record<string, number>>;

interface Counts {
  queues: Record<string, number>;
  outboxPending: number;
  outboxFailed: number;
  /** Seconds since the oldest unsent e-mail was written; null when none waits. */
  outboxOldestAgeSeconds: number | null;
}

/**
 * Prometheus metrics at GET /metrics, answered only to `Authorization: Bearer <METRICS_TOKEN>`;
 * without a token the path answers 404 and nothing is collected. Request durations are labelled
 * by route pattern (never the raw URL, which holds ids); queue lengths and the e-mail outbox are
 * read with one query at scrape time and kept for COUNTS_CACHE_MS, so frequent scrapes from
 * several collectors cost the database little.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { db: Db; token: string | undefined; countQueues: CountQueues },
): Metrics {
  const { db, token, countQueues } = deps;
  // Hidden from the OpenAPI description: it is for the operator's collector, not for the web app.
  const routeOptions = { schema: { hide: true } };
  if (!token) {
    app.get(METRICS_PATH, routeOptions, (_request, reply) =>
      reply.code(404).send(fail('Not found', { code: 'NOT_FOUND' })),
    );
    return { recordMaintenanceRun() {} };
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === METRICS_PATH) return;
    requestDuration
      .labels({ method: request.method, route: route ?? 'unmatched', status_code: String(reply.statusCode) })
      .observe(reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'letsema_db_pool_connections',
    help: 'Database connections of this instance by state (PostgreSQL: total, idle, and clients waiting for one; the embedded database has one)',
    labelNames: ['engine', 'state'] as const,
    registers: [registry],
    collect() {
      const client = (db as { $client?: unknown }).$client;
      if (isPgPool(client)) {
        this.set({ engine: 'postgres', state: 'total' }, client.totalCount);
        this.set({ engine: 'postgres', state: 'idle' }, client.idleCount);
        this.set({ engine: 'postgres', state: 'waiting' }, client.waitingCount);
      } else {
        this.set({ engine: 'pglite', state: 'total' }, 1);
      }
    },
  });

  const readCounts = cached(COUNTS_CACHE_MS, () => countWaiting(db, countQueues));
  new Gauge({
    name: 'letsema_decision_queue_length',
    help: 'Items waiting for an admin decision, by queue (as the admin dashboard counts them)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const counts = await readCounts();
      for (const [key, count] of Object.entries(counts.queues)) this.set({ queue: queueLabel(key) }, count);
    },
  });
  new Gauge({
    name: 'letsema_email_outbox_rows',
    help: 'E-mails in the outbox by status: pending (waiting or being sent) or failed (gave up)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await readCounts();
      this.set({ status: 'pending' }, counts.outboxPending);
      this.set({ status: 'failed' }, counts.outboxFailed);
    },
  });
  new Gauge({
    name: 'letsema_email_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail not yet sent; 0 when none waits',
    registers: [registry],
    async collect() {
      this.set((await readCounts()).outboxOldestAgeSeconds ?? 0);
    },
  });

  const maintenanceRuns = new Counter({
    name: 'letsema_maintenance_runs_total',
    help: 'Runs of maintenance jobs on this instance by outcome (skipped: another instance had claimed the day)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const maintenanceLastRun = new Gauge({
    name: 'letsema_maintenance_last_run_timestamp_seconds',
    help: 'When a maintenance job last ended on this instance, by outcome (Unix time)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });

  const expected = digest(token);
  app.get(METRICS_PATH, routeOptions, async (request, reply) => {
    if (!hasToken(request, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(fail('Please sign in to continue', { code: 'UNAUTHENTICATED' }));
    }
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
  app.addHook('onClose', async () => registry.clear());

  return {
    recordMaintenanceRun(job, outcome) {
      maintenanceRuns.inc({ job, outcome });
      maintenanceLastRun.set({ job, outcome }, Date.now() / 1000);
    },
  };
}

/** The queues, counted as the dashboard counts them, and the outbox: two queries a scrape. */
async function countWaiting(db: Db, countQueues: CountQueues): Promise<Counts> {
  const [queues, result] = await Promise.all([
    countQueues(),
    db.execute<Record<string, number | string | null>>(sql`
      select
        ${countWhere(emailOutbox, eq(emailOutbox.status, 'pending'))} as outbox_pending,
        ${countWhere(emailOutbox, eq(emailOutbox.status, 'failed'))} as outbox_failed,
        (select extract(epoch from now() - min(${emailOutbox.createdAt}))::float8 from ${emailOutbox}
          where ${emailOutbox.status} = 'pending') as outbox_oldest_age
    `),
  ]);
  const row = result.rows[0] ?? {};
  const number = (key: string) => Number(row[key] ?? 0);
  const oldest = row.outbox_oldest_age;
  return {
    queues,
    outboxPending: number('outbox_pending'),
    outboxFailed: number('outbox_failed'),
    outboxOldestAgeSeconds: oldest === null || oldest === undefined ? null : Math.max(0, Number(oldest)),
  };
}

/** The last answer of `read` for `ttlMs`; one read at a time, and a failed read is not kept. */
function cached<T>(ttlMs: number, read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  let readAt = 0;
  return () => {
    if (!value || Date.now() - readAt > ttlMs) {
      readAt = Date.now();
      const current = read();
      value = current;
      current.catch(() => {
        if (value === current) value = undefined;
      });
    }
    return value;
  };
}

interface PgPoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

function isPgPool(client: unknown): client is PgPoolCounts {
  return typeof client === 'object' && client !== null && 'totalCount' in client && 'waitingCount' in client;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares digests of equal length in constant time, so the answer's timing says nothing of the token. */
function hasToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const given = digest(match?.[1] ?? '');
  return timingSafeEqual(given, expected) && match !== null;
}
