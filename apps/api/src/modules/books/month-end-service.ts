import { trialBalance } from './ledger-queries.js';
import { bindActions } from '../../lib/bind-actions.js';
import { booksStart, setBooksStart } from './month-end/books-start.js';
import type { MonthEndDeps } from './month-end/deps.js';
import { getPeriod } from './month-end/describe-period.js';
import { listPeriods } from './month-end/list-periods.js';
import { monthly } from './month-end/monthly.js';
import { assertPeriod } from './month-end/period.js';
import { runStep } from './month-end/run-step.js';
import { decideStatusChange, requestStatusChange } from './month-end/status-change.js';

/**
 * The month-end close: six steps in order (lock, reconcile, calculate, allocate, reports, close),
 * each recorded with who did it and when, one file each under `month-end/steps/`. The allocating
 * admin is never the one who calculated; reopening a closed month takes a reason and a second
 * month-end admin.
 */
export function createMonthEndService(deps: MonthEndDeps) {
  return {
    ...bindActions(deps, {
      listPeriods,
      getPeriod,
      runStep,
      booksStart,
      setBooksStart,
      monthly,
      requestStatusChange,
      decideStatusChange,
    }),
    trialBalance: (period: string) => trialBalance(deps.db, assertPeriod(period)),
  };
}

export type MonthEndService = ReturnType<typeof createMonthEndService>;
