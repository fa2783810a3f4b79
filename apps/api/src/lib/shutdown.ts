import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  app: FastifyInstance;
  /** Closes the database once nothing uses it any more. */
  closeDatabase(): Promise<void>;
  /** A stop that takes longer than this gives up and exits with code 1. */
  timeoutMs: number;
  /** Ends the process; process.exit unless a test replaces it. */
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
}

/**
 * Stops the server cleanly on SIGTERM or SIGINT: the listening socket closes at once (a new
 * connection is refused, so a proxy sends it to another instance), requests in flight are answered,
 * then the app's close hooks stop the e-mail outbox worker (it finishes the mails it is sending and
 * claims no more) and the maintenance timer (a run in progress ends first), the database closes and
 * the process exits 0. Past `timeoutMs` it exits 1 whatever still hangs; a second signal ends it at
 * once with 1.
 */
export function stopOnSignals(options: ShutdownOptions): { stop(signal: string): Promise<void> } {
  const { app, closeDatabase, timeoutMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | undefined;

  function stop(signal: string): Promise<void> {
    if (stopping) {
      app.log.error({ signal }, 'second signal while stopping; exiting now');
      exit(1);
      return stopping;
    }
    app.log.info({ signal, timeoutMs }, 'stopping: no new connections, finishing requests in flight');
    // Not unref'd: it must fire even if whatever hangs holds nothing open.
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs }, 'stop took too long; exiting with requests or jobs unfinished');
      exit(1);
    }, timeoutMs);
    stopping = (async () => {
      let code = 0;
      try {
        await app.close();
        app.log.info('requests answered and workers stopped; closing the database');
        await closeDatabase();
        app.log.info('stopped');
      } catch (error) {
        code = 1;
        app.log.error({ error: error instanceof Error ? error.message : String(error) }, 'stop failed');
      } finally {
        clearTimeout(deadline);
      }
      exit(code);
    })();
    return stopping;
  }

  for (const signal of options.signals ?? (['SIGTERM', 'SIGINT'] as const)) {
    process.on(signal, () => void stop(signal));
  }
  return { stop };
}
