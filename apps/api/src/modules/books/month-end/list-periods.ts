import { dayOf, type MonthEndStep, nextMonthEndStep, nextPeriod } from '@letsema/domain';
import { accountingPeriods } from '../../../db/schema.js';
import { readBooksCalendar } from '../../ledger/posting.js';
import type { MonthEndDeps } from './deps.js';
import { doneSteps } from './period.js';

/** The months from the one the books start in to the current one, newest first. */
export async function listPeriods(deps: MonthEndDeps) {
  const today = dayOf(deps.clock.now());
  const current = today.slice(0, 7);
  const calendar = await readBooksCalendar(deps.db);
  const first = calendar.booksStart ?? current;
  const rows = await deps.db.select().from(accountingPeriods);
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  const list: { period: string; status: string; nextStep: MonthEndStep | null; hasEnded: boolean }[] = [];
  for (let period = first < current ? first : current; period <= current; period = nextPeriod(period)) {
    const row = byPeriod.get(period);
    // A month before the last closed one without a row of its own counts as closed.
    const status = row?.status ?? (calendar.lastClosed && period <= calendar.lastClosed ? 'closed' : 'open');
    list.push({
      period,
      status,
      nextStep: status === 'closed' ? null : nextMonthEndStep(row ? doneSteps(row) : []),
      hasEnded: period < current,
    });
  }
  return list.reverse();
}
