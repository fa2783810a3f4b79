import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queueKeys } from '@letsema/domain';
import { createTestApp, seedActiveMember, type TestContext } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { emailOutbox } from '../db/schema.js';
import { MAINTENANCE_JOB } from './maintenance.js';
import { COUNTS_CACHE_MS, queueLabel } from './metrics.js';

const TOKEN = randomBytes(32).toString('hex');

let t: TestContext;
let off: TestContext;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  off = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

async function scrape(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one sample, `name{labels}`, in a scrape; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`metrics (${testEngine})`, () => {
  it('answers 404 when METRICS_TOKEN is not set', async () => {
    const response = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Bearer ']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('times requests by route pattern and status, never by raw URL, and leaves itself out', async () => {
    const before = await scrape();
    const id = randomUUID();
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'POST', url: `/api/admin/corrections/${id}/decide`, payload: {} });
    await t.app.inject({ method: 'GET', url: '/api/no-such-call?token=abc' });
    const text = await scrape();

    const health = 'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}';
    expect(sample(text, health)).toBe((sample(before, health) ?? 0) + 2);
    const decide = '{method="POST",route="/api/admin/corrections/:id/decide",status_code="401"}';
    expect(sample(text, `http_request_duration_seconds_count${decide}`)).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(
      1,
    );
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-call');
    expect(text).not.toContain('route="/metrics"');
    // The Node process's own metrics come too.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reports the database connections', async () => {
    const text = await scrape();
    if (testEngine === 'pglite') {
      expect(sample(text, 'letsema_db_pool_connections{engine="pglite",state="total"}')).toBe(1);
    } else {
      expect(sample(text, 'letsema_db_pool_connections{engine="postgres",state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'letsema_db_pool_connections{engine="postgres",state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'letsema_db_pool_connections{engine="postgres",state="waiting"}')).toBe(0);
    }
  });

  it('reports the decision queues and the e-mail outbox, read at most every few seconds', async () => {
    await seedActiveMember(t.db, { registrationStatus: 'pending_kyc', submittedAt: new Date() });
    await seedActiveMember(t.db, { registrationStatus: 'pending_kyc', submittedAt: new Date() });
    // Begun but not submitted: not waiting for a decision.
    await seedActiveMember(t.db, { registrationStatus: 'pending_kyc', submittedAt: null });
    await t.db.insert(emailOutbox).values([
      { to: 'a@example.com', subject: 'old', text: 'x', createdAt: new Date(Date.now() - 3600_000) },
      { to: 'b@example.com', subject: 'new', text: 'x' },
      { to: 'c@example.com', subject: 'gone', text: 'x', status: 'sent', sentAt: new Date() },
      { to: 'd@example.com', subject: 'given up', text: 'x', status: 'failed' },
    ]);

    // The counts are cached by the clock: moved past what earlier scrapes read, then held still.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      const text = await scrape();
      expect(sample(text, 'letsema_decision_queue_length{queue="registrations"}')).toBe(2);
      // Every queue of the one definition is reported, under its key in snake case.
      for (const key of queueKeys.filter((key) => key !== 'registrations')) {
        const queue = queueLabel(key);
        expect(sample(text, `letsema_decision_queue_length{queue="${queue}"}`), queue).toBe(0);
      }
      expect(sample(text, 'letsema_decision_queue_length{queue="loan_repayments"}')).toBe(0);
      expect(sample(text, 'letsema_decision_queue_length{queue="password_resets"}')).toBe(0);
      expect(sample(text, 'letsema_email_outbox_rows{status="pending"}')).toBe(2);
      expect(sample(text, 'letsema_email_outbox_rows{status="failed"}')).toBe(1);
      const age = sample(text, 'letsema_email_outbox_oldest_pending_age_seconds')!;
      expect(age).toBeGreaterThanOrEqual(3600);
      expect(age).toBeLessThan(3700);

      // Within the cache's life a scrape does not read the database again; after it, it does.
      await seedActiveMember(t.db, { registrationStatus: 'pending_kyc', submittedAt: new Date() });
      vi.setSystemTime(Date.now() + COUNTS_CACHE_MS - 1_000);
      expect(sample(await scrape(), 'letsema_decision_queue_length{queue="registrations"}')).toBe(2);
      vi.setSystemTime(Date.now() + 2_000);
      expect(sample(await scrape(), 'letsema_decision_queue_length{queue="registrations"}')).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts maintenance runs by outcome with the time of the last', async () => {
    const startedAt = Date.now() / 1000;
    expect(await t.app.maintenance.runIfDue()).not.toBeNull();
    // The day is claimed now: the next check skips.
    expect(await t.app.maintenance.runIfDue()).toBeNull();
    const text = await scrape();
    const labels = (outcome: string) => `{job="${MAINTENANCE_JOB}",outcome="${outcome}"}`;
    expect(sample(text, `letsema_maintenance_runs_total${labels('success')}`)).toBe(1);
    expect(sample(text, `letsema_maintenance_runs_total${labels('skipped')}`)).toBe(1);
    expect(sample(text, `letsema_maintenance_runs_total${labels('failure')}`)).toBeUndefined();
    const last = sample(text, `letsema_maintenance_last_run_timestamp_seconds${labels('success')}`)!;
    expect(last).toBeGreaterThanOrEqual(Math.floor(startedAt));
    expect(last).toBeLessThanOrEqual(Date.now() / 1000);
  });
});
