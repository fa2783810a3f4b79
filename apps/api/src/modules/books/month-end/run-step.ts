import { formatRand, monthEndMessages, type MonthEndStep } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { accountingPeriods, periodReopenRequests } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError, invalidState } from '../../../lib/errors.js';
import type { MonthEndDeps } from './deps.js';
import { getPeriod } from './describe-period.js';
import { assertNext, assertPeriod, loadPeriod } from './period.js';
import { allocateStep } from './steps/allocate.js';
import { calculateStep } from './steps/calculate.js';
import { closeStep } from './steps/close.js';
import { lockStep } from './steps/lock.js';
import { reconcileStep } from './steps/reconcile.js';
import { reportsStep } from './steps/reports.js';
import type { StepContext, StepOutcome } from './steps/step.js';

/** Each month-end step, one file each under `steps/`, in the order they are done. */
const steps: Record<MonthEndStep, (context: StepContext) => Promise<StepOutcome>> = {
  lock: lockStep,
  reconcile: reconcileStep,
  calculate: calculateStep,
  allocate: allocateStep,
  reports: reportsStep,
  close: closeStep,
};

/**
 * Does the next step of a month's close, under the month's row lock: refused out of order, on a
 * closed month, or while a request to unlock it waits. Answers the month as the page reads it.
 */
export async function runStep(
  deps: MonthEndDeps,
  actorId: string,
  rawPeriod: string,
  step: MonthEndStep,
  body: unknown,
) {
  const period = assertPeriod(rawPeriod);
  let left: string | undefined;
  await deps.db.transaction(async (tx) => {
    const row = await loadPeriod(tx, period, true);
    if (row.status === 'closed') throw invalidState(monthEndMessages.alreadyDone);
    assertNext(row, step);
    const [unlocking] = await tx
      .select({ id: periodReopenRequests.id })
      .from(periodReopenRequests)
      .where(
        and(
          eq(periodReopenRequests.period, period),
          eq(periodReopenRequests.kind, 'unlock'),
          eq(periodReopenRequests.status, 'pending'),
        ),
      );
    if (unlocking) throw invalidState(monthEndMessages.unlockWaiting);
    const before = { status: row.status, steps: row.steps };
    const outcome = await steps[step]({ deps, tx, period, row, actorId, body, before });
    if ('isWritten' in outcome) {
      left = outcome.leftSinceCalculation;
      return;
    }
    const { update } = outcome;
    await tx
      .update(accountingPeriods)
      .set({ ...update, updatedAt: new Date() })
      .where(eq(accountingPeriods.period, period));
    await writeAudit(tx, {
      actorId,
      action: `month_end.${step}`,
      targetType: 'period',
      targetId: period,
      before,
      after: { status: update.status ?? row.status, steps: update.steps ?? row.steps },
    });
  });
  if (left) throw invalidState(monthEndMessages.leftSinceCalculation(left));
  const result = await getPeriod(deps, period);
  if (step === 'reconcile' && !result.steps.find((s) => s.step === 'reconcile')?.doneAt) {
    const difference = result.bank.difference ?? 0;
    // What waits is named first: an adjustment still pending is often what explains the difference.
    if (result.pending.expenses.length || result.pending.income.length) {
      throw invalidState(monthEndMessages.pendingLeft);
    }
    if (difference !== 0) {
      throw new AppError('INVALID_STATE', monthEndMessages.difference(formatRand(Math.round(difference * 100))));
    }
    throw invalidState(monthEndMessages.pendingLeft);
  }
  return result;
}
