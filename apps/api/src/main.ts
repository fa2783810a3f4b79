import { loadConfig, ConfigError } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { ensureSuperAdmin, keepGeneratedPassword } from './modules/admin/bootstrap.js';
import { loggerOptions, standardOutput } from './lib/request-log.js';
import { stopOnSignals } from './lib/shutdown.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // A first start hashes the super admin's password (argon2, on libuv's threads) while the routes
  // are built on the main thread, instead of one after the other.
  const [admin, app] = await Promise.all([
    ensureSuperAdmin(database.db, config.admin),
    buildApp({ config, db: database.db }, { logger: loggerOptions(config.logLevel, standardOutput()) }),
  ]);

  // The password goes to a file only the owner reads, never to the console or a log.
  const passwordFile = admin.generatedPassword
    ? keepGeneratedPassword(config.dataDir, admin.email, admin.generatedPassword)
    : null;
  if (admin.created && !passwordFile) app.log.info({ email: admin.email }, 'super admin created');
  if (config.clockOffsetDays !== 0) {
    app.log.warn(
      { clockOffsetDays: config.clockOffsetDays },
      "the books' clock is moved: a rehearsal, not the real books",
    );
  }

  stopOnSignals({ app, closeDatabase: () => database.close(), timeoutMs: config.shutdownTimeoutMs });

  await app.listen({ port: config.port, host: config.host });
  // Said last, after the build's and the server's own lines, where a newcomer looks.
  const lines = [`Letsema is running at ${config.publicUrl} (database: ${database.engine})`];
  if (passwordFile) {
    lines.push(
      '',
      `First sign-in: ${admin.email}`,
      `Its password is in ${passwordFile} (readable by this user only).`,
      'Choose your own at first sign-in, then delete that file.',
    );
  }
  if (config.clockOffsetDays !== 0) {
    lines.push('', `CLOCK_OFFSET_DAYS=${config.clockOffsetDays}: the books' clock is moved, for a rehearsal only.`);
  }
  console.log(frame(lines));
}

/** Lines in a box of `=`, so they stand out in a terminal full of build output. */
function frame(lines: readonly string[]): string {
  const rule = '='.repeat(Math.min(100, Math.max(...lines.map((line) => line.length))));
  return ['', rule, ...lines, rule, ''].join('\n');
}

main().catch((error: unknown) => {
  console.error('Letsema could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
