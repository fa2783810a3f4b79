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

    const [member] = await db
      .insert(schema.users)
      .values({ email: 'early@letsema.test', fullName: 'Early Member', registrationStatus: 'active' })
      .returning();
    const [pool] = await db
      .insert(schema.pools)
      .values({
        name: 'Early Pool',
        description: 'A pool from before the books.',
        targetAmountCents: 1_000_000,
        currentAmountCents: 150_000,
        totalShares: 10,
        availableShares: 8,
        pricePerShareCents: 100_000,
        maxMembers: 10,
        totalMembers: 1,
        investmentDuration: 12,
        paymentFrequencies: ['monthly'],
        paymentMethods: ['EFT'],
        status: 'open',
      })
      .returning();
    const [membership] = await db
      .insert(schema.memberships)
      .values({
        userId: member!.id,
        poolId: pool!.id,
        numberOfShares: 2,
        totalCommitmentCents: 200_000,
        totalPaidCents: 150_000,
        installmentPlan: 'monthly',
        contributionAmountCents: 16_667,
        contributionStatus: 'approved',
      })
      .returning();
    const payment = (status: string, amountCents: number, decidedAt: Date | null, proof: string) => ({
      userId: member!.id,
      poolId: pool!.id,
      membershipId: membership!.id,
      amountCents,
      status,
      decidedAt,
      proofOfPaymentUrl: proof,
    });
    const [lateNight] = await db
      .insert(schema.payments)
      .values(payment('completed', 100_000, new Date('2026-05-31T22:30:00Z'), '/api/files/aa/a.pdf'))
      .returning();
    await db
      .insert(schema.payments)
      .values([
        payment('completed', 50_000, new Date('2026-06-15T08:00:00Z'), '/api/files/aa/b.pdf'),
        payment('pending', 10_000, null, '/api/files/aa/c.pdf'),
        payment('rejected', 20_000, new Date('2026-06-16T08:00:00Z'), '/api/files/aa/d.pdf'),
      ]);

    await migrate(db as never, { migrationsFolder });

    const entries = await db.select().from(schema.journalEntries);
    expect(entries).toHaveLength(2);
    const first = entries.find((entry) => entry.sourceId === lateNight!.id)!;
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
      ['member_capital', -100_000, member!.id],
    ]);
    await assertMoneyInvariants(db);
    // Running the migrations again posts nothing more.
    await migrate(db as never, { migrationsFolder });
    expect(await db.select().from(schema.journalEntries)).toHaveLength(2);
    await client.close();
  });
});
