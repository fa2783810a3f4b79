import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { identitiesIn } from './archive.js';
import { createBackup } from './backup.js';
import { BackupError, describeDatabase, describeStorage } from './common.js';
import { defaultArchiveName, describeBackup, describeRestore, USAGE } from './report.js';
import { restoreBackup } from './restore.js';

/**
 * `npm run backup [-- --out FILE] [--recipient AGE_KEY] [--include-mfa-key]` and
 * `npm run restore ARCHIVE [--identity FILE]`: the same configuration as the server (DATA_DIR,
 * DATABASE_URL, STORAGE_URL, BACKUP_RECIPIENT and the rest), read by config.ts. Production runs the
 * bundle, `node apps/api/dist/backup.js backup` (scripts/build-server.mjs makes it).
 */

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE);
    return 2;
  }
  let args;
  try {
    args = parseArgs({
      args: rest,
      options: {
        out: { type: 'string', short: 'o' },
        recipient: { type: 'string', short: 'r', multiple: true },
        'include-mfa-key': { type: 'boolean' },
        identity: { type: 'string', short: 'i', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  const { values } = args;
  const misplaced =
    command === 'backup'
      ? args.positionals.length > 0 || values.identity
      : args.positionals.length !== 1 || values.out || values.recipient || values['include-mfa-key'];
  if (misplaced) {
    console.error(USAGE);
    return 2;
  }

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  try {
    if (command === 'backup') {
      const recipients = values.recipient ?? config.backupRecipients;
      const out = path.resolve(values.out ?? defaultArchiveName(new Date(), recipients.length > 0));
      console.log(`Backing up ${describeDatabase(config)} and the files in ${describeStorage(config)}...`);
      const summary = await createBackup({
        config,
        out,
        recipients,
        includeMfaKey: values['include-mfa-key'] ?? false,
      });
      console.log(describeBackup(summary, config).join('\n'));
    } else {
      const archive = path.resolve(args.positionals[0]!);
      const identities = (values.identity ?? []).flatMap((file) => identitiesIn(readIdentityFile(file)));
      console.log(`Checking ${archive}...`);
      const summary = await restoreBackup({ config, archive, identities });
      console.log(describeRestore(summary, config).join('\n'));
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    console.error(`The ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function readIdentityFile(file: string): string {
  try {
    return readFileSync(path.resolve(file), 'utf8');
  } catch {
    throw new BackupError(`The identity file ${path.resolve(file)} cannot be read.`);
  }
}

// The S3 client and database pools may hold sockets open: the command ends when its work does.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
