import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, pgliteVersion, type DatabaseTemplate } from './client.js';

// The embedded database's template: a new data folder is a copy of it, and migrations still run.
const work = mkdtempSync(path.join(tmpdir(), 'letsema-template-'));
const template: DatabaseTemplate = {
  folder: path.join(work, 'template'),
  stamp: path.join(work, 'template.json'),
};

/** The rows of the marker table the template holds, or null when the database has no such table. */
async function markerIn(dataDir: string, useTemplate: DatabaseTemplate): Promise<string[] | null> {
  const database = await openDatabase({ dataDir, template: useTemplate });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const { rows: tables } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_name = 'template_marker'",
    );
    // Migrated in any case: the users table is there.
    await client.query('select count(*) from users');
    if (tables[0]!.n === 0) return null;
    return (await client.query<{ note: string }>('select note from template_marker')).rows.map((row) => row.note);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  // Migrated, with a marker only a copy of it can hold.
  const client = new PGlite(template.folder);
  await migrate(drizzle(client), { migrationsFolder });
  await client.exec(
    "create table template_marker (note text); insert into template_marker values ('from the template')",
  );
  await client.close();
}, 60_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the embedded database template', () => {
  it('starts a new data folder as a copy of the template of this PGlite', async () => {
    writeFileSync(template.stamp, JSON.stringify({ pglite: pgliteVersion() }));
    expect(await markerIn(path.join(work, 'new'), template)).toEqual(['from the template']);
  });

  it('never copies over a database that exists', async () => {
    const dataDir = path.join(work, 'existing');
    expect(
      await markerIn(dataDir, { folder: path.join(work, 'none'), stamp: path.join(work, 'none.json') }),
    ).toBeNull();
    writeFileSync(template.stamp, JSON.stringify({ pglite: pgliteVersion() }));
    expect(await markerIn(dataDir, template)).toBeNull();
  });

  it("initialises its own database when the template was made by another PGlite's version", async () => {
    writeFileSync(template.stamp, JSON.stringify({ pglite: '0.0.1' }));
    expect(await markerIn(path.join(work, 'other-version'), template)).toBeNull();
  });
});
