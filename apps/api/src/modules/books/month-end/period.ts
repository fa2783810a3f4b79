import {
  centsToRand,
  dayOf,
  formatRand,
  isPeriod,
  monthEndMessages,
  type MonthEndStep,
  monthEndStepLabels,
  monthEndSteps,
  nextMonthEndStep,
  periodBounds,
} from '@letsema/domain';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  accountingPeriods,
  expenses,
  income,
  loanRepayments,
  payments,
  recordReversalRequests,
  users,
} from '../../../db/schema.js';
import { invalidState, notFound } from '../../../lib/errors.js';
import { recordKinds, type RecordKind } from '../records/kinds.js';

/** A month's close as the steps read it (the cooperative it belongs to is the scope's, never read here). */
export type PeriodRow = Omit<typeof accountingPeriods.$inferSelect, 'cooperativeId'>;
export type StepRecord = { by: string; at: string };

export async function loadPeriod(tx: Executor, period: string, lock = false): Promise<PeriodRow> {
  const query = tx.select().from(accountingPeriods).where(eq(accountingPeriods.period, period));
  const [row] = lock ? await query.for('update') : await query;
  if (row) return row;
  await tx.insert(accountingPeriods).values({ period }).onConflictDoNothing();
  const [created] = lock
    ? await tx.select().from(accountingPeriods).where(eq(accountingPeriods.period, period)).for('update')
    : await tx.select().from(accountingPeriods).where(eq(accountingPeriods.period, period));
  return created!;
}

export async function pendingFor(tx: Executor, period: string) {
  const { end } = periodBounds(period);
  /** Money members sent before the month ended, waiting for its proof to be checked. */
  const sent = async (table: typeof payments | typeof loanRepayments, what: string) => {
    const rows = await tx
      .select({ id: table.id, amountCents: table.amountCents, createdAt: table.createdAt, who: users.fullName })
      .from(table)
      .innerJoin(users, eq(users.id, table.userId))
      .where(and(eq(table.status, 'pending'), lt(table.createdAt, end)))
      .orderBy(asc(table.createdAt))
      .limit(100);
    return rows.map((row) => ({
      id: row.id,
      amount: centsToRand(row.amountCents),
      date: dayOf(row.createdAt),
      description: `${what} from ${row.who ?? 'a member'}`,
    }));
  };
  /** Expenses or income of the month or before, waiting for a decision. */
  const recorded = async (kind: RecordKind) => {
    const { table } = kind;
    const rows = await tx
      .select({ id: table.id, amountCents: table.amountCents, date: kind.dateColumn, description: table.description })
      .from(table)
      .where(and(eq(table.status, 'pending'), lte(table.period, period)))
      .orderBy(asc(kind.dateColumn))
      .limit(100);
    return rows.map((row) => ({
      id: row.id,
      amount: centsToRand(row.amountCents),
      date: row.date,
      description: row.description,
    }));
  };
  const [pendingPayments, pendingRepayments, pendingExpenses, pendingIncome] = await Promise.all([
    sent(payments, 'Payment'),
    // Loan repayments are money in the bank too: checked before the month is locked, like payments.
    sent(loanRepayments, 'Loan repayment'),
    recorded(recordKinds.expense),
    recorded(recordKinds.income),
  ]);
  return { payments: [...pendingPayments, ...pendingRepayments], expenses: pendingExpenses, income: pendingIncome };
}

/**
 * Refuses to lock or close a month while a request to reverse one of its records waits: the
 * month would be final with an entry another admin is about to undo.
 */
export async function assertNoReversalWaiting(tx: Executor, period: string) {
  const waiting = await tx
    .select({
      expense: { description: expenses.description, amountCents: expenses.amountCents },
      income: { description: income.description, amountCents: income.amountCents },
    })
    .from(recordReversalRequests)
    .leftJoin(expenses, eq(expenses.id, recordReversalRequests.expenseId))
    .leftJoin(income, eq(income.id, recordReversalRequests.incomeId))
    .where(
      and(
        eq(recordReversalRequests.status, 'pending'),
        sql`coalesce(${expenses.period}, ${income.period}) = ${period}`,
      ),
    )
    .orderBy(asc(recordReversalRequests.createdAt))
    .limit(100);
  const [first] = waiting;
  if (!first) return;
  const what = first.expense
    ? `the expense “${first.expense.description}” of ${formatRand(first.expense.amountCents)}`
    : `the income “${first.income!.description}” of ${formatRand(first.income!.amountCents)}`;
  throw invalidState(monthEndMessages.reversalWaiting(what, waiting.length - 1));
}

export function doneSteps(row: PeriodRow): MonthEndStep[] {
  return monthEndSteps.filter((step) => row.steps[step]);
}

export function assertNext(row: PeriodRow, step: MonthEndStep) {
  if (row.steps[step]) throw invalidState(monthEndMessages.alreadyDone);
  const next = nextMonthEndStep(doneSteps(row));
  if (next !== step) throw invalidState(monthEndMessages.outOfOrder(monthEndStepLabels[next ?? 'lock']));
}

export async function names(tx: Executor, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.fullName]));
}

export const assertPeriod = (period: string) => {
  if (!isPeriod(period)) throw notFound('Month not found');
  return period;
};
