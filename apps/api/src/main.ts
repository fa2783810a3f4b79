import { loadConfig, ConfigError } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { ensureSuperAdmin } from './modules/admin/bootstrap.js';
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
    // Printed once, to the console only: the operator's one chance to read it.
    console.log(
      `\nA super admin was created.\n  e-mail:   ${admin.email}\n  password: ${admin.generatedPassword}\nKeep it safe; it will not be shown again.\n`,
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
