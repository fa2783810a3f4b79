import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBench } from '../bench/seed.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { createTestApp, TEST_PASSWORD, type TestContext } from './app.js';
import { testEngine } from './database.js';
import { assertMoneyInvariants } from './invariants.js';

describe(`the benchmark's seed (${testEngine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await seedBench(t.db, { members: 1_000, notifications: 2_000 }, await hashPassword(TEST_PASSWORD));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('leaves the books as approvals would: the money invariants hold', async () => {
    await assertMoneyInvariants(t.db);
  });

  it('holds a history of completed payments, each posted once and decided by someone else than its payer', async () => {
    const [counts] = (
      await t.db.execute<{ holdings: number; completed: number; entries: number; own: number; waiting: number }>(sql`
        select
          (select count(*)::int from memberships where contribution_status = 'approved') as holdings,
          (select count(*)::int from payments where status = 'completed') as completed,
          (select count(*)::int from journal_entries e join payments p on p.id::text = e.source_id
            where e.source_type = 'payment' and p.status = 'completed') as entries,
          (select count(*)::int from payments where decided_by = user_id) as own,
          (select count(*)::int from payments where status = 'pending') as waiting
      `)
    ).rows;
    // Member 0 and one member in a hundred twice over hold a pool; each has paid fifty instalments.
    expect(counts).toEqual({ holdings: 21, completed: 21 * 50, entries: 21 * 50, own: 0, waiting: 10 });
    // The books start in the month of the first entry, as the first approval would have set it.
    const [start] = (
      await t.db.execute<{ matches: boolean }>(sql`
        select (select value ->> 'period' from settings where key = 'books_start')
          = (select min(period) from journal_entries) as matches
      `)
    ).rows;
    expect(start).toEqual({ matches: true });
  });
});
