import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { assertMoneyInvariants } from '../../test/invariants.js';
import type { Db } from './client.js';
import { migrationsFolder } from './client.js';
import * as schema from './schema.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before the ledger: every migration up to 0010. */
function migrationsBeforeLedger(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'letsema-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_books'));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('the ledger migration', () => {
  it('posts every payment approved before it, once, dated the day it was approved in Johannesburg', async () => {
    const client = new PGlite();
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: migrationsBeforeLedger() });

    // Rows as the tables stood then, written in SQL so that later columns do not matter.
    const one = async (query: string, params: unknown[]) =>
      ((await client.query<{ id: string }>(query, params)).rows[0] as { id: string }).id;
    const memberId = await one(
      `insert into users (email, full_name, registration_status) values ('early@letsema.test', 'Early Member', 'active') returning id`,
      [],
    );
    const poolId = await one(
      `insert into pools (name, description, target_amount_cents, current_amount_cents, total_shares, available_shares,
        price_per_share_cents, max_members, total_members, investment_duration, payment_frequencies, payment_methods, status)
       values ('Early Pool', 'A pool from before the books.', 1000000, 150000, 10, 8, 100000, 10, 1, 12,
        '["monthly"]', '["EFT"]', 'open') returning id`,
      [],
    );
    const membershipId = await one(
      `insert into memberships (user_id, pool_id, number_of_shares, total_commitment_cents, total_paid_cents,
        installment_plan, contribution_amount_cents, contribution_status)
       values ($1, $2, 2, 200000, 150000, 'monthly', 16667, 'approved') returning id`,
      [memberId, poolId],
    );
    const payment = (status: string, amountCents: number, decidedAt: string | null, proof: string) =>
      one(
        `insert into payments (user_id, pool_id, membership_id, amount_cents, status, decided_at, proof_of_payment_url)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [memberId, poolId, membershipId, amountCents, status, decidedAt, proof],
      );
    const lateNight = await payment('completed', 100_000, '2026-05-31T22:30:00Z', '/api/files/aa/a.pdf');
    await payment('completed', 50_000, '2026-06-15T08:00:00Z', '/api/files/aa/b.pdf');
    await payment('pending', 10_000, null, '/api/files/aa/c.pdf');
    await payment('rejected', 20_000, '2026-06-16T08:00:00Z', '/api/files/aa/d.pdf');

    await migrate(db as never, { migrationsFolder });

    const entries = await db.select().from(schema.journalEntries);
    expect(entries).toHaveLength(2);
    const first = entries.find((entry) => entry.sourceId === lateNight)!;
    // 22:30 UTC on 31 May is half past midnight on 1 June in Johannesburg.
    expect(first).toMatchObject({
      effectiveDate: '2026-06-01',
      period: '2026-06',
      kind: 'payment',
      sourceType: 'payment',
    });
    const lines = await db.select().from(schema.journalLines).where(eq(schema.journalLines.entryId, first.id));
    expect(lines.map((line) => [line.account, line.amountCents, line.userId]).sort()).toEqual([
      ['bank', 100_000, null],
      ['member_capital', -100_000, memberId],
    ]);
    await assertMoneyInvariants(db);
    // Running the migrations again posts nothing more.
    await migrate(db as never, { migrationsFolder });
    expect(await db.select().from(schema.journalEntries)).toHaveLength(2);
    await client.close();
  });
});
