import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { Storage } from '../../../lib/storage.js';
import type { BooksClock } from '../clock.js';
import type { StepRecord } from './period.js';

/** What the month-end close works with: the database, the reports' storage, the books' clock, the settings. */
export interface MonthEndDeps {
  db: Db;
  storage: Storage;
  clock: BooksClock;
  config: Pick<Config, 'publicUrl' | 'cooperativeDefaults'>;
}

/** Who did a step and when, as the month's row keeps it. */
export const stamp = (deps: MonthEndDeps, actorId: string): StepRecord => ({
  by: actorId,
  at: deps.clock.now().toISOString(),
});
