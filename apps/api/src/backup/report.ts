import type { BackupSummary } from './backup.js';
import { describeDatabase, describeStorage, type BackupConfig } from './common.js';
import type { RestoreSummary } from './restore.js';

/** What the backup and restore commands print: counts and places, never a secret or a member's details. */

export const REMINDER =
  "The archive holds members' identity documents and personal data. Keep it encrypted (to an age key " +
  'with --recipient, or on an encrypted disk), where only the people allowed to restore it can read it, ' +
  'and delete copies that are no longer needed.';

export const USAGE = `Usage:
  npm run backup [-- --out FILE]   write a backup archive (default: letsema-backup-<time>.tar.gz here)
      --recipient AGE_PUBLIC_KEY   encrypt it to this age key (age1...; repeatable; or BACKUP_RECIPIENT)
      --include-mfa-key            also put DATA_DIR/mfa-key in it (left out unless asked)
  npm run restore ARCHIVE          restore an archive into an empty DATA_DIR or PostgreSQL database
      --identity FILE              the age identity file that opens an encrypted archive`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

function tableLines(tables: { name: string; rows: number }[]): string[] {
  const width = Math.max(...tables.map((t) => t.name.length), 5);
  return tables.map((t) => `    ${t.name.padEnd(width)}  ${String(t.rows).padStart(8)}`);
}

const rowCount = (tables: { rows: number }[]) => tables.reduce((sum, t) => sum + t.rows, 0);

/** Default archive name: the time in UTC, with no characters a file system refuses. */
export function defaultArchiveName(now = new Date(), isEncrypted = false): string {
  return `letsema-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz${isEncrypted ? '.age' : ''}`;
}

export function describeBackup(summary: BackupSummary, config: BackupConfig): string[] {
  const lines = [
    `Backup written to ${summary.file} (${formatBytes(summary.bytes)})`,
    `  database: ${describeDatabase(config)}, migration ${summary.migration}`,
    `  ${rowCount(summary.tables)} rows in ${summary.tables.length} tables:`,
    ...tableLines(summary.tables),
    `  files: ${summary.files} (${formatBytes(summary.fileBytes)}) from ${describeStorage(config)}`,
  ];
  if (summary.missingFiles.length) {
    lines.push(
      `  warning: ${summary.missingFiles.length} file(s) the database names were missing from storage and are not in the archive`,
    );
  }
  lines.push(
    summary.includesMfaKey
      ? '  two-factor key: included (DATA_DIR/mfa-key), so admins keep their two-factor sign-in after a restore'
      : summary.leftOutMfaKey
        ? '  two-factor key: left out (DATA_DIR/mfa-key): keep a copy of that file safe apart from the archive, a restore needs it (or back up with --include-mfa-key)'
        : '  two-factor key: not included (it comes from MFA_ENCRYPTION_KEY): keep that value safe, a restore needs it',
    '  not included: the token signing secret (everyone signs in again after a restore) and DATA_DIR/outbox',
    summary.recipients > 0
      ? `  encrypted to ${summary.recipients} age recipient(s): only their identity files open it (npm run restore -- ARCHIVE --identity FILE)`
      : '  not encrypted: give --recipient (or BACKUP_RECIPIENT) to encrypt it to an age key',
    '',
    REMINDER,
  );
  return lines;
}

export function describeRestore(summary: RestoreSummary, config: BackupConfig): string[] {
  const lines = [
    `Restored the backup made ${summary.archive.createdAt} (${summary.archive.engine}, migration ${summary.archive.migration})`,
    `  into: ${describeDatabase(config)}`,
    `  ${rowCount(summary.tables)} rows in ${summary.tables.length} tables:`,
    ...tableLines(summary.tables),
    `  files: ${summary.files} (${formatBytes(summary.fileBytes)}) into ${describeStorage(config)}`,
  ];
  if (summary.laterMigrations.length) {
    lines.push(`  then brought up to date with ${summary.laterMigrations.join(', ')}`);
  }
  lines.push(
    summary.mfaKey === 'not-in-archive'
      ? "  two-factor key: not in the archive; set MFA_ENCRYPTION_KEY to the source instance's key"
      : '  two-factor key: restored',
  );
  for (const warning of summary.warnings) lines.push(`  warning: ${warning}`);
  lines.push('', 'Start the server as usual. ' + REMINDER);
  return lines;
}
