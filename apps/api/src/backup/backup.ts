import { createReadStream, existsSync, linkSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { holdDatabase, DatabaseInUseError } from '../db/data-dir-lock.js';
import { createStorage } from '../lib/storage.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveWriter,
  checkRecipient,
  MANIFEST_ENTRY,
  type Manifest,
} from './archive.js';
import {
  BACKED_UP_TABLES_SQL,
  BackupError,
  DERIVED_TABLES,
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
  quoteIdentifier,
  type SqlConnection,
} from './connection.js';

export interface BackupSummary {
  file: string;
  bytes: number;
  engine: 'pglite' | 'postgres';
  migration: string;
  tables: { name: string; rows: number }[];
  files: number;
  fileBytes: number;
  /** Keys the database names that storage did not hold. */
  missingFiles: string[];
  includesMfaKey: boolean;
  /** The two-factor key lives in DATA_DIR but was left out (asked for with --include-mfa-key). */
  leftOutMfaKey: boolean;
  /** How many age recipients the archive is encrypted to (0: not encrypted). */
  recipients: number;
}

/** Rows fetched from the cursor at a time. */
const FETCH_ROWS = 1000;

interface TableDump {
  name: string;
  rows: number;
  file: string;
}

interface Snapshot {
  engine: 'pglite' | 'postgres';
  serverVersion: string;
  migration: Manifest['migration'];
  tables: TableDump[];
  sequences: Manifest['sequences'];
  files: { key: string; contentType: string }[];
}

/**
 * Writes one archive holding a consistent copy of the database and every uploaded file it names.
 * PostgreSQL is read while the servers run; the embedded database only while no server has it open.
 */
export async function createBackup(options: {
  config: BackupConfig;
  out: string;
  /** Age public keys (`age1...`) the archive is encrypted to; none writes a plain archive. */
  recipients?: string[];
  /**
   * Whether the two-factor key of DATA_DIR goes in too. Left out unless asked: with it, anyone who
   * can read the archive can open every admin's two-factor secret.
   */
  includeMfaKey?: boolean;
  /** Called after each table is read, inside the snapshot (tests change data there). */
  afterTable?: (table: string) => Promise<void>;
}): Promise<BackupSummary> {
  const { config } = options;
  const out = path.resolve(options.out);
  if (existsSync(out)) throw new BackupError(`${out} already exists; choose another name with --out.`);
  if (!existsSync(path.dirname(out))) throw new BackupError(`The folder ${path.dirname(out)} does not exist.`);
  const recipients = options.recipients ?? [];
  const wrong = recipients.find((recipient) => !checkRecipient(recipient));
  if (wrong !== undefined) {
    throw new BackupError('A recipient must be an age public key (age1..., as age-keygen prints it).');
  }

  const work = mkdtempSync(path.join(tmpdir(), 'letsema-backup-'));
  const partial = path.join(path.dirname(out), `.${path.basename(out)}.${randomBytes(4).toString('hex')}.partial`);
  let writer: ArchiveWriter | undefined;
  try {
    const snapshot = await readDatabase(config, work, options.afterTable);
    writer = new ArchiveWriter(partial, recipients);
    const manifestTables: Manifest['tables'] = [];
    for (const table of snapshot.tables) {
      const entry = `database/${table.name}.ndjson`;
      const facts = await writer.addStream(entry, statSync(table.file).size, createReadStream(table.file));
      manifestTables.push({ name: table.name, rows: table.rows, entry, ...facts });
      rmSync(table.file);
    }

    // Files are read after the snapshot: each key the snapshot names is stored before its row
    // commits and only removed after its row is gone, so it is still there unless removed since.
    const storage = createStorage(config);
    const manifestFiles: Manifest['files'] = [];
    const missingFiles: string[] = [];
    for (const file of [...snapshot.files].sort((a, b) => a.key.localeCompare(b.key))) {
      const found = await storage.get(file.key);
      if (!found) {
        missingFiles.push(file.key);
        continue;
      }
      const entry = `files/${file.key}`;
      const facts = await writer.addStream(entry, found.size, found.body);
      manifestFiles.push({ key: file.key, contentType: file.contentType, entry, ...facts });
    }

    const secrets: Manifest['secrets'] = [];
    const keyFile = mfaKeyFile(config.dataDir);
    const fileKey = readMfaKeyFile(keyFile);
    const keyInDataDir = fileKey?.equals(config.mfa.encryptionKey) ?? false;
    if (fileKey && keyInDataDir && options.includeMfaKey) {
      // The key sealing the two-factor secrets lives in DATA_DIR: without it they cannot be opened.
      const entry = 'secrets/mfa-key';
      secrets.push({
        name: 'mfa-key',
        entry,
        ...(await writer.addBuffer(entry, Buffer.from(`${fileKey.toString('base64')}\n`))),
      });
    }

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      engine: snapshot.engine,
      serverVersion: snapshot.serverVersion,
      migration: snapshot.migration,
      storage: config.storageUrl ? 's3' : 'local',
      tables: manifestTables,
      sequences: snapshot.sequences,
      files: manifestFiles,
      missingFiles,
      secrets,
    };
    await writer.addBuffer(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.finish();
    // A hard link never replaces a file that appeared meanwhile; the name exists only once complete.
    linkSync(partial, out);
    rmSync(partial);
    return {
      file: out,
      bytes: statSync(out).size,
      engine: snapshot.engine,
      migration: snapshot.migration.tag,
      tables: manifestTables.map((t) => ({ name: t.name, rows: t.rows })),
      files: manifestFiles.length,
      fileBytes: manifestFiles.reduce((sum, f) => sum + f.bytes, 0),
      missingFiles,
      includesMfaKey: secrets.length > 0,
      leftOutMfaKey: keyInDataDir && secrets.length === 0,
      recipients: recipients.length,
    };
  } catch (error) {
    writer?.abort();
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Opens the configured database for reading, holding the embedded one against a server start. */
async function openSource(config: BackupConfig): Promise<{ conn: SqlConnection; release: () => void }> {
  if (config.databaseUrl) return { conn: await connectPostgres(config.databaseUrl), release: () => {} };
  const folder = pgliteFolder(config.dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${folder}: check DATA_DIR (or set DATABASE_URL).`);
  }
  let release: () => void;
  try {
    release = holdDatabase(config.dataDir);
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      throw new BackupError(
        `${error.message} The embedded database can be backed up only while the server is stopped; ` +
          'on PostgreSQL (DATABASE_URL) backups run beside the servers.',
      );
    }
    throw error;
  }
  try {
    return { conn: await connectPglite(folder), release };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Reads every table inside one REPEATABLE READ transaction, so all of them come from the same
 * snapshot, into one NDJSON file per table under `work`.
 */
async function readDatabase(
  config: BackupConfig,
  work: string,
  afterTable?: (table: string) => Promise<void>,
): Promise<Snapshot> {
  const { conn, release } = await openSource(config);
  try {
    await conn.query('begin isolation level repeatable read read only');
    const applied = await appliedMigration(conn);
    if (!applied) throw new BackupError('The database holds no Letsema tables yet: there is nothing to back up.');
    const migration = knownMigrations().find((m) => m.createdAt === applied.createdAt);
    if (!migration) {
      throw new BackupError(
        'The database was migrated by a newer version of Letsema than this one: back it up with that version.',
      );
    }
    const [version] = await conn.query<{ server_version: string }>('show server_version');

    const tableNames = await conn.query<{ name: string }>(BACKED_UP_TABLES_SQL, [DERIVED_TABLES]);
    const tables: TableDump[] = [];
    const files: Snapshot['files'] = [];
    for (const { name } of tableNames) {
      const file = path.join(work, `${tables.length}.ndjson`);
      const handle = await open(file, 'wx', 0o600);
      let rows = 0;
      try {
        await conn.query(
          `declare dump no scroll cursor for select row_to_json(t)::text as j from public.${quoteIdentifier(name)} t`,
        );
        for (;;) {
          const batch = await conn.query<{ j: string }>(`fetch forward ${FETCH_ROWS} from dump`);
          if (batch.length === 0) break;
          rows += batch.length;
          await handle.write(batch.map((r) => `${r.j}\n`).join(''));
          if (name === 'files') {
            for (const r of batch) {
              const row = JSON.parse(r.j) as { key: string; content_type: string };
              files.push({ key: row.key, contentType: row.content_type });
            }
          }
        }
        await conn.query('close dump');
      } finally {
        await handle.close();
      }
      tables.push({ name, rows, file });
      await afterTable?.(name);
    }

    const sequences: Manifest['sequences'] = [];
    const owned = await conn.query<{ name: string; table: string | null; column: string | null }>(
      `select s.relname as name, t.relname as "table", a.attname as "column"
       from pg_class s
       left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
         and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       left join pg_class t on t.oid = d.refobjid
       left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace
       order by s.relname`,
    );
    for (const sequence of owned) {
      const [state] = await conn.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from public.${quoteIdentifier(sequence.name)}`,
      );
      sequences.push({
        name: sequence.name,
        table: sequence.table,
        column: sequence.column,
        lastValue: state!.last_value,
        isCalled: state!.is_called,
      });
    }
    await conn.query('commit');
    return {
      engine: conn.engine,
      serverVersion: version?.server_version ?? 'unknown',
      migration: { tag: migration.tag, createdAt: migration.createdAt, hash: migration.hash },
      tables,
      sequences,
      files,
    };
  } finally {
    await conn.close().catch(() => undefined);
    release();
  }
}
