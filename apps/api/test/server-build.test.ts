import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { repoRoot } from './api-process.js';
import { modesUnder } from './files.js';

interface TemplateBuild {
  buildDatabaseTemplate(dist?: string): Promise<void>;
}

const work = mkdtempSync(path.join(tmpdir(), 'letsema-server-build-'));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the server build', () => {
  // The image builds as root and runs as an account of its own; a template only root could read
  // stopped the server at its first start ("EACCES: permission denied, opendir").
  it('makes the embedded database template readable by an account other than the one that built it', async () => {
    const build = (await import(
      pathToFileURL(path.join(repoRoot, 'scripts', 'build-server.mjs')).href
    )) as TemplateBuild;
    await build.buildDatabaseTemplate(work);
    const modes = modesUnder(path.join(work, 'pglite-template'));
    expect(modes.length).toBeGreaterThan(100);
    expect(modes.filter((entry) => entry.mode !== (entry.folder ? 0o755 : 0o644))).toEqual([]);
    expect(statSync(path.join(work, 'pglite-template.json')).mode & 0o004).toBe(0o004);
  });

  // A first start copies the template: the databases initdb makes beside template1 (the one the
  // embedded server opens) were half of that copy, and nothing ever opened them.
  it('keeps one database in the template, and a data folder copied from it opens migrated', async () => {
    const dist = path.join(work, 'second');
    mkdirSync(dist);
    await build().then((module) => module.buildDatabaseTemplate(dist));
    expect(readdirSync(path.join(dist, 'pglite-template', 'base'))).toHaveLength(1);
    const database = await openDatabase({
      dataDir: path.join(work, 'data'),
      template: { folder: path.join(dist, 'pglite-template'), stamp: path.join(dist, 'pglite-template.json') },
    });
    try {
      expect(readdirSync(path.join(work, 'data', 'db', 'base'))).toHaveLength(1);
      const { rows } = await database.db.execute(sql`select count(*)::int as n from users`);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

function build(): Promise<TemplateBuild> {
  return import(pathToFileURL(path.join(repoRoot, 'scripts', 'build-server.mjs')).href) as Promise<TemplateBuild>;
}
