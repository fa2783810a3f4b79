import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/** What backup and restore need of the configuration: the same settings the server reads. */
export type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'storageUrl' | 's3' | 'mfa'>;

/** A refusal or failure worded for the operator; nothing in it is secret. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The embedded database's folder under DATA_DIR. */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'db');
}

/** The two-factor key file the server uses when MFA_ENCRYPTION_KEY is not set. */
export function mfaKeyFile(dataDir: string): string {
  return path.join(dataDir, 'mfa-key');
}

/** The key written in a DATA_DIR/mfa-key file, or null when the file is missing or not a key. */
export function readMfaKeyFile(file: string): Buffer | null {
  if (!existsSync(file)) return null;
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  return key.length === 32 ? key : null;
}

/** Where the database is, for messages: a PostgreSQL URL loses its user and password. */
export function describeDatabase(config: BackupConfig): string {
  if (!config.databaseUrl) return `embedded database in ${pgliteFolder(config.dataDir)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

/** Where the files are, for messages. */
export function describeStorage(config: BackupConfig): string {
  return config.storageUrl ?? path.join(config.dataDir, 'uploads');
}

/**
 * Tables that hold only what the other tables imply, kept by triggers (the members count): a backup
 * leaves them out, and a restore rebuilds them as it loads the rows they come from.
 */
export const DERIVED_TABLES = ['account_counts'];

/**
 * Tables whose first rows the migrations write (the installation's first cooperative): a new
 * database is still empty with them, and a restore puts the archive's rows in their place.
 */
export const SEEDED_TABLES = ['cooperatives'];

/** The tables a backup holds, by name: every table of the schema but the derived ones ($1). */
export const BACKED_UP_TABLES_SQL = `select c.relname as name from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and c.relname <> all($1::text[])
  order by c.relname`;
