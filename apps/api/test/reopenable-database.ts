import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.js';
import { testEngine } from './database.js';

export interface ReopenableDatabase {
  /** Opens (another) connection to the same database, as a restarted or second instance would. */
  open(): Promise<Database>;
  /** Removes the database; every handle must be closed first. */
  destroy(): Promise<void>;
}

/**
 * One database that survives its handles: a PGlite folder on disk, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL. PGlite allows one open handle at a time.
 */
export async function createReopenableDatabase(): Promise<ReopenableDatabase> {
  if (testEngine === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-db-'));
    return {
      open: () => openDatabase({ dataDir }),
      async destroy() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `letsema_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ url: url.toString() }),
    destroy: () => runAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function runAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
