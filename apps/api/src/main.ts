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
  const admin = await ensureSuperAdmin(database.db, config.admin);
  const app = await buildApp({ config, db: database.db }, { logger: loggerOptions(config.logLevel, standardOutput()) });

  if (admin.generatedPassword) {
    // The password goes to a file only the owner reads, never to the console or a log.
    const file = keepGeneratedPassword(config.dataDir, admin.email, admin.generatedPassword);
    console.log(
      `\nA super admin was created (e-mail: ${admin.email}).\nIts password is in ${file} (readable by this user only).\nChoose a new one at first sign-in, then delete the file.\n`,
    );
  } else if (admin.created) {
    app.log.info({ email: admin.email }, 'super admin created');
  }

  stopOnSignals({ app, closeDatabase: () => database.close(), timeoutMs: config.shutdownTimeoutMs });

  await app.listen({ port: config.port, host: config.host });
  console.log(`Letsema is running at ${config.publicUrl} (database: ${database.engine})`);
}

main().catch((error: unknown) => {
  console.error('Letsema could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
