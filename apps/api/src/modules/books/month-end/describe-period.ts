import {
  centsToRand,
  expenseCategoryLabels,
  incomeCategoryLabels,
  monthEndStepLabels,
  monthEndSteps,
  nextMonthEndStep,
  type PeriodRequestKind,
  readMonthEndCalculation,
} from '@letsema/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { accountingPeriods, expenses, income, periodReopenRequests } from '../../../db/schema.js';
import { bankBalanceAt } from '../ledger-queries.js';
import type { MonthEndDeps } from './deps.js';
import { assertPeriod, doneSteps, names, pendingFor, type PeriodRow } from './period.js';

export async function describePeriod(tx: Executor, row: PeriodRow) {
  const steps = monthEndSteps.map((step) => ({ step, label: monthEndStepLabels[step], ...(row.steps[step] ?? {}) }));
  const people = await names(tx, [
    ...new Set(steps.map((step) => ('by' in step ? step.by : undefined)).filter((id): id is string => Boolean(id))),
  ]);
  const ledgerBank = await bankBalanceAt(tx, row.period);
  const requests = await tx
    .select()
    .from(periodReopenRequests)
    .where(eq(periodReopenRequests.period, row.period))
    .orderBy(desc(periodReopenRequests.createdAt))
    .limit(10);
  const requestNames = await names(
    tx,
    requests.flatMap((r) => [r.requestedBy, ...(r.decidedBy ? [r.decidedBy] : [])]),
  );
  const calculation = readMonthEndCalculation(row.calculation);
  const [adjustedExpenses, adjustedIncome] = await Promise.all([
    tx
      .select()
      .from(expenses)
      .where(and(eq(expenses.period, row.period), eq(expenses.isAdjustment, true)))
      .orderBy(asc(expenses.expenseDate), asc(expenses.createdAt))
      .limit(100),
    tx
      .select()
      .from(income)
      .where(and(eq(income.period, row.period), eq(income.isAdjustment, true)))
      .orderBy(asc(income.incomeDate), asc(income.createdAt))
      .limit(100),
  ]);
  const adjustments = [
    ...adjustedExpenses.map((record) => ({
      id: record.id,
      kind: 'expense' as const,
      categoryLabel: expenseCategoryLabels[record.category as keyof typeof expenseCategoryLabels] ?? record.category,
      amount: centsToRand(record.amountCents),
      date: record.expenseDate,
      description: record.description,
      status: record.status,
      createdAt: record.createdAt,
    })),
    ...adjustedIncome.map((record) => ({
      id: record.id,
      kind: 'income' as const,
      categoryLabel: incomeCategoryLabels[record.category as keyof typeof incomeCategoryLabels] ?? record.category,
      amount: centsToRand(record.amountCents),
      date: record.incomeDate,
      description: record.description,
      status: record.status,
      createdAt: record.createdAt,
    })),
  ]
    .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.getTime() - b.createdAt.getTime())
    .map(({ createdAt: _createdAt, ...adjustment }) => adjustment);
  return {
    period: row.period,
    status: row.status,
    nextStep: row.status === 'closed' ? null : nextMonthEndStep(doneSteps(row)),
    steps: steps.map((step) => ({
      step: step.step,
      label: step.label,
      doneBy: 'by' in step && step.by ? { id: step.by, fullName: people.get(step.by) ?? null } : null,
      doneAt: 'at' in step ? (step.at ?? null) : null,
    })),
    pending: row.status === 'closed' ? { payments: [], expenses: [], income: [] } : await pendingFor(tx, row.period),
    bank: {
      ledgerBalance: centsToRand(ledgerBank),
      statementBalance: row.bankClosingBalanceCents === null ? null : centsToRand(row.bankClosingBalanceCents),
      difference: row.bankClosingBalanceCents === null ? null : centsToRand(row.bankClosingBalanceCents - ledgerBank),
      statementUrl: row.bankStatementUrl,
    },
    calculation: calculation
      ? {
          calculatedBy: {
            id: calculation.calculatedBy,
            fullName: (await names(tx, [calculation.calculatedBy])).get(calculation.calculatedBy) ?? null,
          },
          reservePercent: calculation.reservePercent,
          pools: calculation.pools.map((pool) => ({
            poolId: pool.poolId,
            poolName: pool.poolName,
            income: centsToRand(pool.incomeCents),
            expenses: centsToRand(pool.expenseCents),
            profit: centsToRand(pool.profitCents),
            reserve: centsToRand(pool.reserveCents),
            allocatedBefore: centsToRand(pool.allocatedBeforeCents),
            toAllocate: centsToRand(pool.toAllocateCents),
            members: pool.members.map((member) => ({
              userId: member.userId,
              fullName: member.fullName,
              shareDays: centsToRand(member.shareDays),
              share: centsToRand(member.cents),
            })),
          })),
        }
      : null,
    reports: row.reports ?? null,
    adjustments,
    reopenRequests: requests.map((request) => ({
      id: request.id,
      kind: request.kind as PeriodRequestKind,
      reason: request.reason,
      status: request.status,
      requestedBy: { id: request.requestedBy, fullName: requestNames.get(request.requestedBy) ?? null },
      decidedBy: request.decidedBy
        ? { id: request.decidedBy, fullName: requestNames.get(request.decidedBy) ?? null }
        : null,
      createdAt: request.createdAt.toISOString(),
      decidedAt: request.decidedAt?.toISOString() ?? null,
    })),
  };
}

/** One month's close as the page reads it. */
export async function describe(deps: MonthEndDeps, period: string) {
  const [row] = await deps.db.select().from(accountingPeriods).where(eq(accountingPeriods.period, period));
  return describePeriod(
    deps.db,
    row ??
      ({
        period,
        status: 'open',
        steps: {},
        bankClosingBalanceCents: null,
        ledgerBankBalanceCents: null,
        bankStatementUrl: null,
        calculation: null,
        reports: null,
        updatedAt: new Date(),
      } satisfies PeriodRow),
  );
}

/** One month's close as the page reads it, for a month given as the route's text. */
export const getPeriod = (deps: MonthEndDeps, period: string) => describe(deps, assertPeriod(period));
