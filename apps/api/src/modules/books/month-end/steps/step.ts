import type { Executor } from '../../../../db/client.js';
import type { MonthEndDeps } from '../deps.js';
import type { PeriodRow } from '../period.js';

/** What a month-end step is given: the month's row, locked in the step's transaction. */
export interface StepContext {
  deps: MonthEndDeps;
  tx: Executor;
  period: string;
  row: PeriodRow;
  actorId: string;
  /** The step's request body, already checked against its schema by the route. */
  body: unknown;
  /** The month's status and steps before this one, for the audit row. */
  before: Pick<PeriodRow, 'status' | 'steps'>;
}

/**
 * What a step did: the change to the month's row (written and audited by `runStep`), or that it
 * wrote and audited its own change; `leftSinceCalculation` names a member paid out since the split
 * was calculated, which sends the month back to Calculate.
 */
export type StepOutcome = { update: Partial<PeriodRow> } | { isWritten: true; leftSinceCalculation?: string };
