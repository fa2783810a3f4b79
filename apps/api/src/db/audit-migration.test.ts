import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';
import * as schema from './schema.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before audit rows lost their personal data. */
function migrationsBeforeScrub(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'letsema-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_audit_without_personal_data'));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('the migration that takes personal data out of the audit log', () => {
  it('rewrites rows written before it, and the log stays append-only', async () => {
    const client = new PGlite();
    const db = drizzle(client, { schema });
    await migrate(db as never, { migrationsFolder: migrationsBeforeScrub() });

    const write = (action: string, before: unknown, after: unknown) =>
      client.query(
        `insert into audit_log (action, target_type, target_id, before, after) values ($1, 'x', 'x', $2, $3)`,
        [action, JSON.stringify(before), JSON.stringify(after)],
      );
    await write('withdrawal.request', null, {
      id: 'w1',
      amountCents: 5000,
      accountHolder: 'Thandi Mokoena',
      accountNumber: '1234 5678 90',
    });
    await write(
      'staff.update',
      { fullName: 'Ayanda Auditor', phoneNumber: '0820001111', adminRoles: ['audit'] },
      { fullName: 'Ayanda A.', adminRoles: ['audit', 'month_end'] },
    );
    await write('exit.settle', null, {
      id: 'e1',
      membershipId: 'm1',
      noticeEndsOn: '2026-07-01',
      reason: 'My husband lost his job.',
      earlyReason: 'Medical bills.',
      payoutCents: 100,
    });
    await write('payment.reject', { status: 'pending' }, { status: 'rejected', reason: 'Proof unreadable' });

    await migrate(db as never, { migrationsFolder });

    const rows = (
      await client.query<{ action: string; before: unknown; after: unknown }>(
        'select action, before, after from audit_log order by id',
      )
    ).rows;
    expect(rows).toEqual([
      {
        action: 'withdrawal.request',
        before: null,
        after: { id: 'w1', amountCents: 5000, accountNumber: '…7890' },
      },
      { action: 'staff.update', before: { adminRoles: ['audit'] }, after: { adminRoles: ['audit', 'month_end'] } },
      {
        action: 'exit.settle',
        before: null,
        after: { id: 'e1', membershipId: 'm1', noticeEndsOn: '2026-07-01', payoutCents: 100 },
      },
      {
        action: 'payment.reject',
        before: { status: 'pending' },
        after: { status: 'rejected', reason: 'Proof unreadable' },
      },
    ]);
    await expect(client.query(`update audit_log set action = 'changed'`)).rejects.toThrow(/append-only/);
    await expect(client.query('delete from audit_log')).rejects.toThrow(/append-only/);
    await client.close();
  });
});
