import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { apiRoot } from '../paths.js';
import { holdDatabase } from './data-dir-lock.js';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { WalledPool } from './scope.js';

/** Both engines expose the same query builder; the node-postgres type stands for either. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a service can run queries through: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(apiRoot, 'drizzle');

/**
 * An embedded database made when the server is built: initialised and migrated, never opened by a
 * server. A new data folder starts as a copy of it, since initialising PostgreSQL in WebAssembly
 * takes seconds; migrations newer than it still run on open.
 */
export const databaseTemplate = {
  folder: path.join(apiRoot, 'dist/pglite-template'),
  /** Says which PGlite made the template: another version's files are not used. */
  stamp: path.join(apiRoot, 'dist/pglite-template.json'),
};

/** The installed PGlite's version, read from its manifest. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '../package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export type DatabaseTemplate = typeof databaseTemplate;

/** Fills an empty database folder from the template, when there is one of this PGlite's version. */
function startFromTemplate(dbDir: string, template: DatabaseTemplate): void {
  if (readdirSync(dbDir).length > 0 || !existsSync(template.stamp) || !existsSync(template.folder)) return;
  try {
    const stamp = JSON.parse(readFileSync(template.stamp, 'utf8')) as { pglite?: string };
    if (stamp.pglite !== pgliteVersion()) return;
  } catch {
    return;
  }
  cpSync(template.folder, dbDir, { recursive: true });
  keepToOwner(dbDir);
}

/**
 * Leaves a copied database to its owner: folders 0700, files 0600. The template is readable by
 * everyone (it holds no member's data, and the account that runs the server is seldom the one that
 * built it), and a copy keeps the modes of what it copies.
 */
export function keepToOwner(folder: string): void {
  chmodSync(folder, 0o700);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) keepToOwner(file);
    else chmodSync(file, 0o600);
  }
}

// Any fixed number: every instance takes the same advisory lock while migrating.
export const MIGRATION_LOCK = 7_310_452;

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite persisted
 * under `dataDir` (or in memory when `dataDir` is `memory://`). Migrations run before it returns.
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string;
  /** Where a new embedded database is copied from (the build's template unless a test names another). */
  template?: DatabaseTemplate;
}): Promise<Database> {
  if (options.url) {
    const config: pg.PoolConfig = {
      connectionString: options.url,
      max: 10,
      // The app names and prepares only its hot reads (a page of a list, a count), each an indexed
      // lookup or an ordered scan that a generic plan serves as well as a fresh one. PostgreSQL's
      // default plans a statement afresh each time where a generic plan's estimate looks dearer
      // (a `limit $1` is guessed at a tenth of the rows), which on a large cooperative was most of
      // the database's time on a page.
      options: '-c plan_cache_mode=force_generic_plan',
    };
    const owner = new pg.Pool(config);
    const lockClient = await owner.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrateNodePg(drizzleNodePg(lockClient), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lockClient.release();
    }
    // Walled requests use connections of the app's role, which exists once migrated (db/scope.ts).
    const pool = new WalledPool(config, owner);
    for (const each of [owner, pool]) {
      each.on('error', () => {
        // An idle client lost its connection; the pool replaces it on next use.
      });
    }
    return { db: drizzleNodePg(pool, { schema }), engine: 'postgres', close: () => pool.end() };
  }

  const dir = options.dataDir ?? 'memory://';
  let client: PGlite;
  let release = () => {};
  if (dir === 'memory://') {
    client = new PGlite();
  } else {
    const dbDir = path.join(dir, 'db');
    mkdirSync(dir, { recursive: true });
    // A second process on the same folder (a second server, a backup) would corrupt it.
    release = holdDatabase(dir);
    mkdirSync(dbDir, { recursive: true });
    startFromTemplate(dbDir, options.template ?? databaseTemplate);
    client = new PGlite(dbDir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => undefined);
    release();
    throw error;
  }
  return {
    db,
    engine: 'pglite',
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
