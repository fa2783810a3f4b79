import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.js';

export type TestEngine = 'pglite' | 'postgres';

/** PostgreSQL when TEST_ENGINE=postgres (or TEST_DATABASE_URL is set without TEST_ENGINE), else PGlite. */
export const testEngine: TestEngine =
  (process.env.TEST_ENGINE as TestEngine | undefined) ?? (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testEngine === 'pglite') return openDatabase({ dataDir: 'memory://' });

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `letsema_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
