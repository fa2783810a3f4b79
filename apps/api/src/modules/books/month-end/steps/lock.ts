import { dayOf, monthEndMessages, nextPeriod, postingMessages } from '@letsema/domain';
import { and, lt, sql } from 'drizzle-orm';
import { accountingPeriods } from '../../../../db/schema.js';
import { invalidState } from '../../../../lib/errors.js';
import { readBooksCalendar } from '../../../ledger/posting.js';
import { stamp } from '../deps.js';
import { assertNoReversalWaiting, pendingFor } from '../period.js';
import type { StepContext, StepOutcome } from './step.js';

/** Lock: the month has ended, the months before it are closed, nothing waits for a decision; nothing new is dated in it from now. */
export async function lockStep({ deps, tx, period, actorId, row }: StepContext): Promise<StepOutcome> {
  const today = dayOf(deps.clock.now());
  if (period >= today.slice(0, 7)) throw invalidState(monthEndMessages.notEnded);
  const calendar = await readBooksCalendar(tx);
  const first = calendar.booksStart;
  if (!first) throw invalidState(postingMessages.nothingToClose);
  if (period < first) throw invalidState(postingMessages.beforeBooksStart(first));
  if (first < period) {
    const earlier = await tx
      .select({ period: accountingPeriods.period, status: accountingPeriods.status })
      .from(accountingPeriods)
      .where(and(lt(accountingPeriods.period, period), sql`${accountingPeriods.period} >= ${first}`));
    const closed = new Set(earlier.filter((e) => e.status === 'closed').map((e) => e.period));
    for (let p = first; p < period; p = nextPeriod(p)) {
      const countsClosed = calendar.lastClosed !== null && p <= calendar.lastClosed;
      if (!closed.has(p) && !countsClosed) throw invalidState(monthEndMessages.earlierOpen(p));
    }
  }
  const pending = await pendingFor(tx, period);
  if (pending.payments.length || pending.expenses.length || pending.income.length) {
    throw invalidState(monthEndMessages.pendingLeft);
  }
  await assertNoReversalWaiting(tx, period);
  return { update: { status: 'locked', steps: { ...row.steps, lock: stamp(deps, actorId) } } };
}
