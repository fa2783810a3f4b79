import { splitMonthResult, type MonthEndCalculation } from '@letsema/domain';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { pools } from '../../../../db/schema.js';
import { allocatedFor, periodResults, shareDays } from '../../ledger-queries.js';
import { readCooperativeSettings } from '../../../cooperative/settings.js';
import { type MonthEndDeps, stamp } from '../deps.js';
import { names } from '../period.js';
import type { StepContext, StepOutcome } from './step.js';

/** The split of each pool's result not yet allocated this month: the reserve's part, then each member's by share-days. */
export async function calculate(
  deps: MonthEndDeps,
  tx: Executor,
  period: string,
  actorId: string,
): Promise<MonthEndCalculation> {
  const { reservePercent } = await readCooperativeSettings(tx, deps.config.cooperativeDefaults);
  const [results, weights, allocated] = await Promise.all([
    periodResults(tx, period, { includeAllocations: true }),
    shareDays(tx, period),
    allocatedFor(tx, period),
  ]);
  const withoutAllocations = await periodResults(tx, period, { includeAllocations: false });
  const poolIds = [...new Set([...results.map((row) => row.poolId), ...withoutAllocations.map((row) => row.poolId)])];
  const poolRows = poolIds.length
    ? await tx.select({ id: pools.id, name: pools.name }).from(pools).where(inArray(pools.id, poolIds))
    : [];
  const memberNames = await names(tx, [...new Set(weights.map((weight) => weight.userId))]);
  return {
    calculatedBy: actorId,
    reservePercent,
    pools: poolRows
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((pool) => {
        const own = results.filter((row) => row.poolId === pool.id && row.cents !== 0);
        const gross = withoutAllocations.filter((row) => row.poolId === pool.id);
        const incomeCents = -gross
          .filter((row) => row.account.startsWith('income:'))
          .reduce((sum, row) => sum + row.cents, 0);
        const expenseCents = gross
          .filter((row) => row.account.startsWith('expense:'))
          .reduce((sum, row) => sum + row.cents, 0);
        // What is left in the period's income and expense accounts is what this allocation splits.
        const toSplit = -own.reduce((sum, row) => sum + row.cents, 0);
        const members = weights.filter((weight) => weight.poolId === pool.id && weight.shareDays > 0);
        const split = splitMonthResult(
          toSplit,
          reservePercent,
          members.map((member) => ({ key: member.userId, weight: member.shareDays })),
        );
        const allocatedBeforeCents = allocated
          .filter((row) => row.poolId === pool.id)
          .reduce((sum, row) => sum + row.cents, 0);
        return {
          poolId: pool.id,
          poolName: pool.name,
          incomeCents,
          expenseCents,
          profitCents: incomeCents - expenseCents,
          closing: own.map((row) => ({ account: row.account, cents: -row.cents })),
          reserveCents: split.reserveCents,
          allocatedBeforeCents,
          toAllocateCents: toSplit,
          members: members.map((member, index) => ({
            userId: member.userId,
            fullName: memberNames.get(member.userId) ?? null,
            shareDays: member.shareDays,
            capitalCents: member.capitalCents,
            cents: split.members[index]!.cents,
          })),
        };
      }),
  };
}

/** Calculate: the split of each pool's result over the reserve and the members, kept on the month for Allocate. */
export async function calculateStep({ deps, tx, period, actorId, row }: StepContext): Promise<StepOutcome> {
  const calculation = await calculate(deps, tx, period, actorId);
  return { update: { calculation, steps: { ...row.steps, calculate: stamp(deps, actorId) } } };
}
