import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { contributionSchedule, dayOf, type PaymentFrequency } from '@letsema/domain';
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from './client.js';
import { migrationsFolder } from './client.js';
import * as schema from './schema.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before the contribution calendar. */
function migrationsBeforeCalendar(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'letsema-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_contribution_calendar'));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('the contribution calendar migration', () => {
  it('writes the calendar of every membership approved before it, by the domain’s rule', async () => {
    const client = new PGlite();
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: migrationsBeforeCalendar() });

    const one = async (query: string, params: unknown[]) =>
      ((await client.query<{ id: string }>(query, params)).rows[0] as { id: string }).id;
    const memberId = await one(
      `insert into users (email, full_name, registration_status) values ('early@letsema.test', 'Early Member', 'active') returning id`,
      [],
    );
    const pool = (months: number) =>
      one(
        `insert into pools (name, description, target_amount_cents, total_shares, available_shares,
          price_per_share_cents, max_members, total_members, investment_duration, payment_frequencies, payment_methods, status)
         values ('Early Pool', 'A pool from before the calendar.', 10000000, 1000, 900, 10000, 100, 5, $1,
          '["monthly","quarterly","yearly","once"]', '["EFT"]', 'open') returning id`,
        [months],
      );
    const cases: { months: number; plan: PaymentFrequency; commitment: number; status: string; decidedAt: string }[] = [
      // 22:30 UTC on 30 January is half past midnight on 31 January in Johannesburg: the short months clamp.
      { months: 12, plan: 'monthly', commitment: 100_000, status: 'approved', decidedAt: '2026-01-30T22:30:00Z' },
      { months: 7, plan: 'quarterly', commitment: 90_001, status: 'approved', decidedAt: '2026-11-15T08:00:00Z' },
      { months: 24, plan: 'yearly', commitment: 50_001, status: 'exited', decidedAt: '2024-02-29T10:00:00Z' },
      { months: 6, plan: 'once', commitment: 12_345, status: 'approved', decidedAt: '2026-06-01T21:59:59Z' },
      { months: 12, plan: 'monthly', commitment: 10_000, status: 'pending', decidedAt: '2026-06-01T10:00:00Z' },
      { months: 12, plan: 'monthly', commitment: 10_000, status: 'rejected', decidedAt: '2026-06-01T10:00:00Z' },
    ];
    const ids: string[] = [];
    for (const c of cases) {
      ids.push(
        await one(
          `insert into memberships (user_id, pool_id, number_of_shares, total_commitment_cents, installment_plan,
            contribution_amount_cents, contribution_status, decided_at)
           values ($1, $2, 1, $3, $4, 1, $5, $6) returning id`,
          [memberId, await pool(c.months), c.commitment, c.plan, c.status, c.decidedAt],
        ),
      );
    }

    await migrate(db as never, { migrationsFolder });

    for (const [index, c] of cases.entries()) {
      const rows = await db
        .select()
        .from(schema.contributionInstalments)
        .where(eq(schema.contributionInstalments.membershipId, ids[index]!))
        .orderBy(asc(schema.contributionInstalments.number));
      const expected =
        c.status === 'approved' || c.status === 'exited'
          ? contributionSchedule({
              commitmentCents: c.commitment,
              frequency: c.plan,
              durationMonths: c.months,
              firstDueOn: dayOf(new Date(c.decidedAt)),
            })
          : [];
      expect(
        rows.map((r) => ({
          number: r.number,
          dueOn: r.dueOn,
          amountCents: r.amountCents,
          cumulativeCents: r.cumulativeCents,
        })),
        `${c.plan} over ${c.months} months`,
      ).toEqual(expected);
    }
    expect(
      (
        await db
          .select()
          .from(schema.contributionInstalments)
          .where(eq(schema.contributionInstalments.membershipId, ids[0]!))
      )
        .map((r) => r.dueOn)
        .slice(0, 3),
    ).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    await client.close();
  });
});
