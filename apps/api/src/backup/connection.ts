import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATION_LOCK, migrationsFolder } from '../db/client.js';

/**
 * One connection to either engine, speaking plain SQL: backup and restore read and write every
 * table the same way on both, and a transaction is simply BEGIN and COMMIT on this connection.
 */
export interface SqlConnection {
  readonly engine: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs the migrations of `folder` that the database has not had yet. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens the embedded database folder as it is: no migration runs. */
export async function connectPglite(dbDir: string): Promise<SqlConnection> {
  const client = await PGlite.create(dbDir);
  return {
    engine: 'pglite',
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query<T>(text, params)).rows;
    },
    async migrate(folder) {
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    },
    close: () => client.close(),
  };
}

/**
 * Opens one connection to PostgreSQL holding the migration lock the servers take, so that no
 * server starting meanwhile migrates the same database; no migration runs.
 */
export async function connectPostgres(url: string): Promise<SqlConnection> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {
    // A lost connection fails the running query, which reports it.
  });
  await client.connect();
  return {
    engine: 'postgres',
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query(text, params)).rows as T[];
    },
    async migrate(folder) {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      }
    },
    close: () => client.end(),
  };
}

/** A migration of this version of Letsema, as drizzle records it once applied. */
export interface Migration {
  index: number;
  tag: string;
  /** The journal's timestamp, kept by drizzle as `created_at`: it decides what still has to run. */
  createdAt: number;
  hash: string;
}

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

function readJournal(folder: string): Journal {
  return JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The migrations this version ships, in order. */
export function knownMigrations(folder = migrationsFolder): Migration[] {
  const journal = readJournal(folder);
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({
    index: i,
    tag: entry.tag,
    createdAt: entry.when,
    hash: files[i]!.hash,
  }));
}

/** The last migration the database has had (drizzle's bookkeeping), or null before the first. */
export async function appliedMigration(conn: SqlConnection): Promise<{ createdAt: number; hash: string } | null> {
  const [table] = await conn.query<{ name: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return null;
  const [last] = await conn.query<{ created_at: string; hash: string }>(
    'select created_at::text as created_at, hash from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  return last ? { createdAt: Number(last.created_at), hash: last.hash } : null;
}

/**
 * Runs this version's migrations up to and including `migration`, and no further: an archive's
 * rows are loaded into the tables as they were when it was made, and the later migrations then
 * bring them up to date as they would a running server's.
 */
export async function migrateUpTo(conn: SqlConnection, migration: Migration): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'letsema-migrations-'));
  try {
    const journal = readJournal(migrationsFolder);
    const entries = journal.entries.slice(0, migration.index + 1);
    cpSync(path.join(migrationsFolder, 'meta'), path.join(folder, 'meta'), { recursive: true });
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      cpSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    await conn.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Quotes an SQL identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
