import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, pgliteVersion, type DatabaseTemplate } from './client.js';
import { modesUnder } from '../../test/files.js';

// The embedded database's template: a new data folder is a copy of it, and migrations still run.
const work = mkdtempSync(path.join(tmpdir(), 'letsema-template-'));
const template: DatabaseTemplate = {
  folder: path.join(work, 'template'),
  stamp: path.join(work, 'template.json'),
};

/** Sets every folder under `folder` (and itself) to `folders` and every file to `files`. */
function setModes(folder: string, folders: number, files: number): void {
  chmodSync(folder, folders);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) setModes(file, folders, files);
    else chmodSync(file, files);
  }
}

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

  it('keeps a copy to its owner, though the template is readable by everyone', async () => {
    setModes(template.folder, 0o755, 0o644);
    writeFileSync(template.stamp, JSON.stringify({ pglite: pgliteVersion() }));
    const dataDir = path.join(work, 'private');
    expect(await markerIn(dataDir, template)).toEqual(['from the template']);
    // No other account may enter a folder of the copy (files PostgreSQL writes later take the
    // process's umask, behind folders only the owner can open).
    const folders = modesUnder(path.join(dataDir, 'db')).filter(({ folder }) => folder);
    expect(folders.length).toBeGreaterThan(5);
    expect(folders.filter(({ mode }) => mode !== 0o700)).toEqual([]);
  });

  it("initialises its own database when the template was made by another PGlite's version", async () => {
    writeFileSync(template.stamp, JSON.stringify({ pglite: '0.0.1' }));
    expect(await markerIn(path.join(work, 'other-version'), template)).toBeNull();
  });
});
