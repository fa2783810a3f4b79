import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Guards } from '../../lib/auth-guard.js';
import type { BooksClock } from '../books/clock.js';
import { runLoanArrears } from './arrears.js';
import { loanRoutes } from './routes.js';
import { createLoanService } from './service.js';
import { createLendingSetupService } from './settings.js';

/** Loans: their routes, and the daily arrears run added to the app's daily maintenance. */
export function registerLoans(
  app: FastifyInstance,
  deps: { db: Db; config: Pick<Config, 'publicUrl'>; guards: Guards; clock: BooksClock },
) {
  const loans = createLoanService({ db: deps.db, clock: deps.clock, config: deps.config });
  loanRoutes(app, { loans, setup: createLendingSetupService({ db: deps.db, clock: deps.clock }), guards: deps.guards });
  app.maintenance.addDailyJob('loanArrears', () =>
    runLoanArrears({ db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl, logger: app.log }),
  );
}
