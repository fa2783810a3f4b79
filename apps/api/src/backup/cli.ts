import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { createBackup } from './backup.js';
import { BackupError, describeDatabase, describeStorage } from './common.js';
import { defaultArchiveName, describeBackup, describeRestore, USAGE } from './report.js';
import { restoreBackup } from './restore.js';

/**
 * `npm run backup [-- --out FILE]` and `npm run restore ARCHIVE`: the same configuration as the
 * server (DATA_DIR, DATABASE_URL, STORAGE_URL and the rest), read by config.ts.
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
      options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
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
  if (command === 'backup' ? args.positionals.length > 0 : args.positionals.length !== 1 || args.values.out) {
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
      const out = path.resolve(args.values.out ?? defaultArchiveName());
      console.log(`Backing up ${describeDatabase(config)} and the files in ${describeStorage(config)}...`);
      const summary = await createBackup({ config, out });
      console.log(describeBackup(summary, config).join('\n'));
    } else {
      const archive = path.resolve(args.positionals[0]!);
      console.log(`Checking ${archive}...`);
      const summary = await restoreBackup({ config, archive });
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

// The S3 client and database pools may hold sockets open: the command ends when its work does.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
