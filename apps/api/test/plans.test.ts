import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBench } from '../bench/seed.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { createTestApp, seedAdmin, TEST_PASSWORD, type TestContext } from './app.js';
import { testEngine } from './database.js';

/** The calls every visit repeats, as the benchmark loads them. */
const MEMBER_CALLS = [
  '/api/notifications/unread-count',
  '/api/auth/me',
  '/api/notifications?page=1&limit=20',
  '/api/pools',
];
const ADMIN_CALLS = [
  '/api/admin/dashboard/pending-counts',
  '/api/admin/pending-kyc?page=1&limit=20',
  '/api/admin/members?page=1&limit=20',
  '/api/admin/members?page=50&limit=20',
  '/api/admin/pending-payments?page=1&limit=20',
  '/api/admin/pool-requests?page=1&limit=20',
  '/api/admin/tasks',
];
/**
 * A statement that takes a page's offset as a parameter is planned on every run once its list is long:
 * a plan made without the offset assumes a tenth of the rows skipped, and costs more than a plan made
 * with it. The lists' pages hide their offset from the planner (db/page-ids.ts); no other statement of
 * these calls may take one, though at this test's size PostgreSQL may still keep its plan (at 100 000
 * members, a thousand payments waiting, it did not). The pages read with the session check take
 * theirs from the request's row as well (`Guards.sessionRead`).
 */
/** PostgreSQL plans a prepared statement afresh for its first five runs, then keeps a generic plan if it can. */
const RUNS = 10;

describe.runIf(testEngine === 'postgres')('query plans of the hot calls on PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await seedBench(t.db, { members: 5_000, notifications: 50_000 }, await hashPassword(TEST_PASSWORD));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function signIn(email: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.token as string;
  }

  it('are kept once made: no statement of theirs is planned again on every run', async () => {
    const admin = await seedAdmin(t.db, { superAdmin: true });
    const tokens = { member: await signIn('bench.member.0@example.com'), admin: await signIn(admin.email) };
    // One call at a time, so the pool hands every query the same connection, whose statements we read.
    for (let run = 0; run < RUNS; run += 1) {
      for (const [calls, token] of [
        [MEMBER_CALLS, tokens.member],
        [ADMIN_CALLS, tokens.admin],
      ] as const) {
        for (const url of calls) {
          const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        }
      }
    }
    const statements = (
      await t.db.execute<{ statement: string; generic_plans: number; custom_plans: number }>(
        sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`,
      )
    ).rows;
    const run = statements.filter((row) => row.generic_plans + row.custom_plans >= RUNS);
    expect(run.length).toBeGreaterThan(5);
    const replanned = run
      .filter((row) => row.generic_plans === 0 || / offset \$/.test(row.statement))
      .map((row) => `${row.custom_plans}x ${row.statement}`);
    expect(replanned).toEqual([]);
  });
});
