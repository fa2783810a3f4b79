import {
  centsToRand,
  monthEndStepLabels,
  monthEndSteps,
  nextMonthEndStep,
  type PeriodRequestKind,
  readMonthEndCalculation,
} from '@letsema/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { accountingPeriods, periodReopenRequests } from '../../../db/schema.js';
import { bankBalanceAt } from '../ledger-queries.js';
import { categoryLabel, recordKinds, recordOf } from '../records/kinds.js';
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
  // The month's adjustments, expenses and income together, by date.
  const adjusted = await Promise.all(
    Object.values(recordKinds).map(async (kind) => {
      const rows = await tx
        .select()
        .from(kind.table)
        .where(and(eq(kind.table.period, row.period), eq(kind.table.isAdjustment, true)))
        .orderBy(asc(kind.dateColumn), asc(kind.table.createdAt))
        .limit(100);
      return rows.map(recordOf).map((record) => ({
        id: record.id,
        kind: kind.type,
        categoryLabel: categoryLabel(kind, record.category),
        amount: centsToRand(record.amountCents),
        date: record.date,
        description: record.description,
        status: record.status,
        createdAt: record.createdAt,
      }));
    }),
  );
  const adjustments = adjusted
    .flat()
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
