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
  const [pendingPayments, pendingRepayments, pendingExpenses, pendingIncome] = await Promise.all([
    tx
      .select({
        id: payments.id,
        amountCents: payments.amountCents,
        createdAt: payments.createdAt,
        who: users.fullName,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, end)))
      .orderBy(asc(payments.createdAt))
      .limit(100),
    // Loan repayments are money in the bank too: checked before the month is locked, like payments.
    tx
      .select({
        id: loanRepayments.id,
        amountCents: loanRepayments.amountCents,
        createdAt: loanRepayments.createdAt,
        who: users.fullName,
      })
      .from(loanRepayments)
      .innerJoin(users, eq(users.id, loanRepayments.userId))
      .where(and(eq(loanRepayments.status, 'pending'), lt(loanRepayments.createdAt, end)))
      .orderBy(asc(loanRepayments.createdAt))
      .limit(100),
    tx
      .select({
        id: expenses.id,
        amountCents: expenses.amountCents,
        date: expenses.expenseDate,
        description: expenses.description,
      })
      .from(expenses)
      .where(and(eq(expenses.status, 'pending'), lte(expenses.period, period)))
      .orderBy(asc(expenses.expenseDate))
      .limit(100),
    tx
      .select({
        id: income.id,
        amountCents: income.amountCents,
        date: income.incomeDate,
        description: income.description,
      })
      .from(income)
      .where(and(eq(income.status, 'pending'), lte(income.period, period)))
      .orderBy(asc(income.incomeDate))
      .limit(100),
  ]);
  return {
    payments: [
      ...pendingPayments.map((row) => ({
        id: row.id,
        amount: centsToRand(row.amountCents),
        date: dayOf(row.createdAt),
        description: `Payment from ${row.who ?? 'a member'}`,
      })),
      ...pendingRepayments.map((row) => ({
        id: row.id,
        amount: centsToRand(row.amountCents),
        date: dayOf(row.createdAt),
        description: `Loan repayment from ${row.who ?? 'a member'}`,
      })),
    ],
    expenses: pendingExpenses.map((row) => ({
      id: row.id,
      amount: centsToRand(row.amountCents),
      date: row.date,
      description: row.description,
    })),
    income: pendingIncome.map((row) => ({
      id: row.id,
      amount: centsToRand(row.amountCents),
      date: row.date,
      description: row.description,
    })),
  };
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
