import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DatabaseInUseError, holdDatabase } from '../db/data-dir-lock.js';
import { MIGRATION_LOCK, migrationsFolder } from '../db/client.js';
import { createStorage, isStorageKey, type Storage } from '../lib/storage.js';
import {
  ArchiveKeyError,
  hashingTap,
  manifestSchema,
  MANIFEST_ENTRY,
  readAll,
  readArchive,
  type Manifest,
} from './archive.js';
import {
  BACKED_UP_TABLES_SQL,
  BackupError,
  DERIVED_TABLES,
  SEEDED_TABLES,
  mfaKeyFile,
  pgliteFolder,
  readMfaKeyFile,
  type BackupConfig,
} from './common.js';
import {
  appliedMigration,
  connectPglite,
  connectPostgres,
  knownMigrations,
  migrateUpTo,
  quoteIdentifier,
  type Migration,
  type SqlConnection,
} from './connection.js';

export interface RestoreSummary {
  engine: 'pglite' | 'postgres';
  /** When the archive was made, and by which engine. */
  archive: { createdAt: string; engine: 'pglite' | 'postgres'; migration: string };
  tables: { name: string; rows: number }[];
  files: number;
  fileBytes: number;
  /** Migrations run after the rows were loaded, because the archive came from an older version. */
  laterMigrations: string[];
  mfaKey: 'restored' | 'same' | 'not-in-archive';
  warnings: string[];
}

/** Rows loaded per statement, and the most text one statement carries. */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;
/** A manifest larger than this is not one this version wrote. */
const MANIFEST_LIMIT = 64 * 1024 * 1024;

const damaged = (detail: string) =>
  new BackupError(`The archive is damaged or was changed after it was made (${detail}). Nothing was restored.`);

/**
 * Restores an archive into an empty target: an empty DATA_DIR (embedded database) or an empty
 * PostgreSQL database, and storage that holds none of its files. The whole archive is checked
 * against its manifest first; the rows are then loaded in one transaction.
 */
export async function restoreBackup(options: {
  config: BackupConfig;
  archive: string;
  /** Age identities (`AGE-SECRET-KEY-1...`) that open an encrypted archive. */
  identities?: string[];
}): Promise<RestoreSummary> {
  const { config } = options;
  const archive = path.resolve(options.archive);
  if (!existsSync(archive)) throw new BackupError(`There is no file ${archive}.`);
  const identities = options.identities ?? [];

  const manifest = await verifyArchive(archive, identities);
  const migrations = knownMigrations();
  const migration = migrations.find((m) => m.createdAt === manifest.migration.createdAt);
  if (!migration || migration.tag !== manifest.migration.tag) {
    throw new BackupError(
      `The archive was made by a newer version of Letsema (migration ${manifest.migration.tag}): restore it with that version.`,
    );
  }
  if (migration.hash !== manifest.migration.hash) {
    throw new BackupError(
      `The archive's migration ${migration.tag} differs from this version's: restore it with the version that made it.`,
    );
  }

  const storage = createStorage(config);
  const target = await openTarget(config);
  const written: string[] = [];
  let committed = false;
  try {
    await checkTargetIsEmpty(target.conn, migration);
    await checkStorageHoldsNone(storage, manifest);
    await migrateUpTo(target.conn, migration);
    await checkTablesMatch(target.conn, manifest);

    await target.conn.query('begin');
    try {
      const secret = await loadEntries(target.conn, storage, archive, manifest, written, identities);
      await copyIntoTables(target.conn, manifest);
      await setSequences(target.conn, manifest);
      await target.commit();
      committed = true;
      const laterMigrations = migrations.slice(migration.index + 1).map((m) => m.tag);
      await target.migrateToCurrent();
      const warnings = manifest.missingFiles.length
        ? [
            `${manifest.missingFiles.length} file(s) the database names were already missing from storage when the backup was made.`,
          ]
        : [];
      const mfaKey = restoreMfaKey(config, secret, target.hadOtherDatabase, warnings);
      return {
        engine: target.conn.engine,
        archive: { createdAt: manifest.createdAt, engine: manifest.engine, migration: manifest.migration.tag },
        tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows })),
        files: manifest.files.length,
        fileBytes: manifest.files.reduce((sum, f) => sum + f.bytes, 0),
        laterMigrations,
        mfaKey,
        warnings,
      };
    } catch (error) {
      if (!committed) await target.conn.query('rollback').catch(() => undefined);
      throw error;
    }
  } catch (error) {
    if (!committed) {
      // Only files this restore wrote are removed: the check above found none of them before.
      for (const key of written) await storage.delete(key).catch(() => undefined);
    }
    throw error;
  } finally {
    await target.close();
  }
}

/** Reads the whole archive once: every entry must match the manifest's size and SHA-256. */
export async function verifyArchive(archive: string, identities: string[] = []): Promise<Manifest> {
  const seen = new Map<string, { sha256: string; bytes: number }>();
  let manifestText: string | undefined;
  try {
    for await (const entry of readArchive(archive, identities)) {
      if (seen.has(entry.name) || (entry.name === MANIFEST_ENTRY && manifestText !== undefined)) {
        entry.body.resume();
        throw damaged(`${entry.name} appears twice`);
      }
      if (entry.name === MANIFEST_ENTRY) {
        if (entry.size > MANIFEST_LIMIT) throw damaged('the manifest is too large');
        manifestText = (await readAll(entry.body)).toString('utf8');
        continue;
      }
      const { tap, digest } = hashingTap();
      await drain(entry.body.pipe(tap));
      seen.set(entry.name, digest());
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (error instanceof ArchiveKeyError) throw new BackupError(`${error.message} Nothing was restored.`);
    throw new BackupError(
      `The archive cannot be read (${(error as Error).message}): it is damaged, cut short or not a Letsema backup. Nothing was restored.`,
    );
  }
  if (manifestText === undefined) throw damaged('it has no manifest');
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestText);
  } catch {
    throw damaged('the manifest is not JSON');
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw damaged(`the manifest is not one this version reads: ${result.error.issues[0]?.message}`);
  const manifest = result.data;

  const expected = new Map<string, { sha256: string; bytes: number }>();
  for (const table of manifest.tables) {
    if (table.entry !== `database/${table.name}.ndjson`) throw damaged(`unexpected entry name ${table.entry}`);
    expected.set(table.entry, table);
  }
  for (const file of manifest.files) {
    if (!isStorageKey(file.key) || file.entry !== `files/${file.key}`) throw damaged(`unexpected file ${file.entry}`);
    expected.set(file.entry, file);
  }
  for (const secret of manifest.secrets) {
    if (secret.entry !== `secrets/${secret.name}`) throw damaged(`unexpected entry name ${secret.entry}`);
    expected.set(secret.entry, secret);
  }
  for (const [name, facts] of expected) {
    const found = seen.get(name);
    if (!found) throw damaged(`${name} is missing`);
    if (found.bytes !== facts.bytes || found.sha256 !== facts.sha256)
      throw damaged(`${name} does not match its checksum`);
  }
  for (const name of seen.keys()) {
    if (!expected.has(name)) throw damaged(`${name} is not in the manifest`);
  }
  return manifest;
}

function drain(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.on('error', reject);
    stream.on('end', resolve);
    stream.resume();
  });
}

interface Target {
  conn: SqlConnection;
  /** Whether DATA_DIR/db holds a database the restore does not touch (PostgreSQL target). */
  hadOtherDatabase: boolean;
  /** Commits the open transaction and puts the restored database where the server looks. */
  commit(): Promise<void>;
  /** Runs the migrations of this version that came after the archive's. */
  migrateToCurrent(): Promise<void>;
  close(): Promise<void>;
}

async function openTarget(config: BackupConfig): Promise<Target> {
  const finalFolder = pgliteFolder(config.dataDir);
  const holdsDatabase = existsSync(finalFolder) && readdirSync(finalFolder).length > 0;
  if (config.databaseUrl) {
    const conn = await connectPostgres(config.databaseUrl);
    // Held until the restore ends (the connection closes): a server starting meanwhile waits for
    // it before migrating, then finds the restored data.
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return {
      conn,
      hadOtherDatabase: holdsDatabase,
      commit: async () => {
        await conn.query('commit');
      },
      migrateToCurrent: () => conn.migrate(migrationsFolder),
      close: () => conn.close().catch(() => undefined),
    };
  }

  if (holdsDatabase) {
    throw new BackupError(
      `${config.dataDir} already holds a Letsema database (${finalFolder}). Restore into an empty DATA_DIR; nothing was changed.`,
    );
  }
  const uploads = path.join(config.dataDir, 'uploads');
  if (!config.storageUrl && existsSync(uploads) && readdirSync(uploads).length > 0) {
    throw new BackupError(
      `${config.dataDir} already holds uploaded files (${uploads}). Restore into an empty DATA_DIR; nothing was changed.`,
    );
  }
  mkdirSync(config.dataDir, { recursive: true });
  let release: () => void;
  try {
    release = holdDatabase(config.dataDir);
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw new BackupError(error.message);
    throw error;
  }
  // The database is built beside its final place and moved there only once complete, so an
  // interrupted restore never leaves a half-filled database where the server looks.
  const staging = path.join(config.dataDir, `db.restoring-${randomBytes(4).toString('hex')}`);
  let conn: SqlConnection;
  try {
    conn = await connectPglite(staging);
  } catch (error) {
    release();
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  let open = true;
  let placed = false;
  return {
    conn,
    hadOtherDatabase: false,
    async commit() {
      await conn.query('commit');
      await conn.close();
      open = false;
      // An empty folder may be there (made by a server that then found the database held).
      if (existsSync(finalFolder)) rmdirSync(finalFolder);
      renameSync(staging, finalFolder);
      placed = true;
    },
    async migrateToCurrent() {
      const moved = await connectPglite(finalFolder);
      try {
        await moved.migrate(migrationsFolder);
      } finally {
        await moved.close();
      }
    },
    async close() {
      if (open) await conn.close().catch(() => undefined);
      if (!placed) rmSync(staging, { recursive: true, force: true });
      release();
    },
  };
}

async function checkTargetIsEmpty(conn: SqlConnection, migration: Migration): Promise<void> {
  const tables = await conn.query<{ name: string }>(BACKED_UP_TABLES_SQL, [DERIVED_TABLES]);
  const filled: string[] = [];
  for (const { name } of tables.filter((table) => !SEEDED_TABLES.includes(table.name))) {
    const [row] = await conn.query<{ any: boolean }>(
      `select exists (select 1 from public.${quoteIdentifier(name)}) as any`,
    );
    if (row?.any) filled.push(name);
  }
  if (filled.length) {
    throw new BackupError(
      `The target database already holds data (in ${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', ...' : ''}). ` +
        'Restore into a new, empty database; nothing was changed.',
    );
  }
  const applied = await appliedMigration(conn);
  if (applied && applied.createdAt > migration.createdAt) {
    throw new BackupError(
      "The target database already has the tables of a newer version than the archive's. " +
        'Restore into a new, empty database; nothing was changed.',
    );
  }
}

async function checkStorageHoldsNone(storage: Storage, manifest: Manifest): Promise<void> {
  let present = 0;
  for (const file of manifest.files) {
    const found = await storage.get(file.key);
    if (found) {
      found.body.destroy();
      present += 1;
    }
  }
  if (present) {
    throw new BackupError(
      `The file storage already holds ${present} of the archive's files. Restore into empty storage; nothing was changed.`,
    );
  }
}

async function checkTablesMatch(conn: SqlConnection, manifest: Manifest): Promise<void> {
  const tables = await conn.query<{ name: string }>(BACKED_UP_TABLES_SQL, [DERIVED_TABLES]);
  const have = new Set(tables.map((t) => t.name));
  const want = new Set(manifest.tables.map((t) => t.name));
  const strange = [...want].filter((name) => !have.has(name));
  const absent = [...have].filter((name) => !want.has(name));
  if (strange.length || absent.length) {
    throw damaged(
      `its tables do not match migration ${manifest.migration.tag}: ${[...strange, ...absent].slice(0, 5).join(', ')}`,
    );
  }
}

const stagingTable = (index: number) => `letsema_restore_${index}`;

/**
 * Second pass over the archive, inside the open transaction: table rows go into temporary tables
 * shaped like the real ones, files into storage. Every entry is checked again as it is read.
 * Answers the two-factor key when the archive holds one.
 */
async function loadEntries(
  conn: SqlConnection,
  storage: Storage,
  archive: string,
  manifest: Manifest,
  written: string[],
  identities: string[],
): Promise<Buffer | null> {
  const tables = new Map(manifest.tables.map((t, i) => [t.entry, { ...t, index: i }]));
  const files = new Map(manifest.files.map((f) => [f.entry, f]));
  for (const table of tables.values()) {
    await conn.query(
      `create temporary table ${stagingTable(table.index)} (like public.${quoteIdentifier(table.name)}) on commit drop`,
    );
  }
  let secret: Buffer | null = null;
  for await (const entry of readArchive(archive, identities)) {
    const table = tables.get(entry.name);
    const file = files.get(entry.name);
    if (table) {
      const { tap, digest } = hashingTap();
      const rows = await loadRows(conn, table.name, stagingTable(table.index), entry.body.pipe(tap));
      const facts = digest();
      if (facts.sha256 !== table.sha256) throw damaged(`${entry.name} changed while it was restored`);
      if (rows !== table.rows) throw damaged(`${entry.name} holds ${rows} rows, the manifest ${table.rows}`);
    } else if (file) {
      const body = await readAll(entry.body);
      if (createHash('sha256').update(body).digest('hex') !== file.sha256)
        throw damaged(`${entry.name} changed while it was restored`);
      written.push(file.key);
      await storage.put(file.key, body, file.contentType);
    } else if (entry.name === 'secrets/mfa-key') {
      const body = await readAll(entry.body);
      const key = Buffer.from(body.toString('utf8').trim(), 'base64');
      if (key.length !== 32) throw damaged('the two-factor key is not a key');
      secret = key;
    } else {
      entry.body.resume();
    }
  }
  return secret;
}

/** Loads NDJSON rows into the temporary table in batches; PostgreSQL itself turns the JSON back into values. */
async function loadRows(conn: SqlConnection, table: string, staging: string, body: Readable): Promise<number> {
  const insert = `insert into ${staging} select * from json_populate_recordset(null::public.${quoteIdentifier(table)}, $1::json)`;
  let rows = 0;
  let batch: string[] = [];
  let chars = 0;
  let rest = '';
  const flush = async () => {
    if (!batch.length) return;
    await conn.query(insert, [`[${batch.join(',')}]`]);
    rows += batch.length;
    batch = [];
    chars = 0;
  };
  const take = async (line: string) => {
    if (!line) return;
    batch.push(line);
    chars += line.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  };
  for await (const chunk of body) {
    const lines = (rest + (chunk as Buffer).toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) await take(line);
  }
  await take(rest);
  await flush();
  return rows;
}

/**
 * Copies each temporary table into its real one, parents before children, one statement per
 * table so rows of a table referring to each other are checked together.
 */
async function copyIntoTables(conn: SqlConnection, manifest: Manifest): Promise<void> {
  const links = await conn.query<{ child: string; parent: string }>(
    `select distinct c.relname as child, p.relname as parent
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid
     join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and c.relnamespace = 'public'::regnamespace
       and p.relnamespace = 'public'::regnamespace and c.oid <> p.oid`,
  );
  const index = new Map(manifest.tables.map((t, i) => [t.name, i]));
  for (const name of orderByDependencies([...index.keys()], links)) {
    const insert = `insert into public.${quoteIdentifier(name)} select * from ${stagingTable(index.get(name)!)}`;
    // A seeded row the archive holds too (the first cooperative) takes the archive's values.
    await conn.query(SEEDED_TABLES.includes(name) ? `${insert} ${await replaceSeeded(conn, name)}` : insert);
  }
}

/** The clause that makes an archive's row replace the row a migration seeded with the same id. */
async function replaceSeeded(conn: SqlConnection, table: string): Promise<string> {
  const columns = await conn.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and column_name <> 'id' order by ordinal_position`,
    [table],
  );
  const set = columns.map(({ name }) => `${quoteIdentifier(name)} = excluded.${quoteIdentifier(name)}`);
  return `on conflict (id) do update set ${set.join(', ')}`;
}

/** Tables ordered so that every table comes after the tables it refers to. */
export function orderByDependencies(tables: string[], links: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of links) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (!ready.length) {
      const left = tables.filter((t) => !placed.has(t));
      throw new BackupError(`The tables ${left.join(', ')} refer to each other in a circle; they cannot be restored.`);
    }
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/**
 * Sets each sequence where the archive left it, and never behind the highest value restored, so
 * new rows (entry numbers and the like) continue after the restored ones.
 */
async function setSequences(conn: SqlConnection, manifest: Manifest): Promise<void> {
  const query = (name: string) =>
    conn.query<{ min_value: string }>(
      `select min_value::text as min_value from pg_sequences where schemaname = 'public' and sequencename = $1`,
      [name],
    );
  for (const sequence of manifest.sequences) {
    let [info] = await query(sequence.name);
    // A cooperative's own count of entry or loan numbers is made with its first number (migration 0030).
    if (!info && /^(journal|loan)_number_[0-9a-f]{32}$/.test(sequence.name)) {
      await conn.query(`create sequence public.${quoteIdentifier(sequence.name)}`);
      [info] = await query(sequence.name);
    }
    if (!info) throw damaged(`the sequence ${sequence.name} is not in the database`);
    let last = BigInt(sequence.lastValue) - (sequence.isCalled ? 0n : 1n);
    if (sequence.table && sequence.column) {
      const [max] = await conn.query<{ max: string | null }>(
        `select max(${quoteIdentifier(sequence.column)})::text as max from public.${quoteIdentifier(sequence.table)}`,
      );
      if (max?.max != null && BigInt(max.max) > last) last = BigInt(max.max);
    }
    const min = BigInt(info.min_value);
    const [value, isCalled] = last < min ? [min, false] : [last, true];
    await conn.query(`select setval($1::regclass, $2::bigint, $3::boolean)`, [
      `public.${quoteIdentifier(sequence.name)}`,
      value.toString(),
      isCalled,
    ]);
  }
}

/** Puts the archive's two-factor key where the server looks for it, keeping any other key aside. */
function restoreMfaKey(
  config: BackupConfig,
  key: Buffer | null,
  hadOtherDatabase: boolean,
  warnings: string[],
): RestoreSummary['mfaKey'] {
  if (!key) return 'not-in-archive';
  if (key.equals(config.mfa.encryptionKey)) return 'same';
  const file = mfaKeyFile(config.dataDir);
  const fileKey = readMfaKeyFile(file);
  const usesFile = fileKey?.equals(config.mfa.encryptionKey) ?? false;
  if (existsSync(file) && hadOtherDatabase) {
    // That key may seal the secrets of the embedded database beside it: keep it.
    renameSync(file, `${file}.before-restore-${Date.now()}`);
  }
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  if (!usesFile) {
    warnings.push(
      "MFA_ENCRYPTION_KEY is set to another key than the archive's, so admins' two-factor secrets will not open. " +
        `The archive's key is now in ${file}: unset MFA_ENCRYPTION_KEY to use it, or set it to that file's content.`,
    );
  }
  return 'restored';
}
