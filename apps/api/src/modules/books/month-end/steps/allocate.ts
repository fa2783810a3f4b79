import {
  allocationLines,
  formatPeriod,
  formatRand,
  monthEndMessages,
  readMonthEndCalculation,
  singleChecker,
} from '@letsema/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { accountingPeriods, journalEntries, memberships } from '../../../../db/schema.js';
import { writeAudit } from '../../../../lib/audit.js';
import { assertCanDecide } from '../../../../lib/maker-checker.js';
import { postEntry } from '../../../ledger/posting.js';
import { notifyMember } from '../../../notifications/service.js';
import { periodDays } from '../../ledger-queries.js';
import { stamp } from '../deps.js';
import type { StepContext, StepOutcome } from './step.js';

/** Allocate: a second month-end admin posts the calculated split and tells each member their share; a member paid out since the calculation sends it back to Calculate. */
export async function allocateStep({ deps, tx, period, row, actorId, before }: StepContext): Promise<StepOutcome> {
  const calculation = readMonthEndCalculation(row.calculation)!;
  const allocations: { userId: string; poolName: string; cents: number }[] = [];
  assertCanDecide(
    actorId,
    { makerId: calculation.calculatedBy, amountCents: 0, approverIds: [] },
    singleChecker(monthEndMessages.sameCalculator),
  );
  // A member paid out since the split was worked out takes no share: the split is worked out
  // again without them. Their memberships are locked, so an exit is paid before or after this.
  const sharing = calculation.pools.flatMap((pool) =>
    pool.members.filter((member) => member.cents !== 0).map((member) => ({ pool, member })),
  );
  const live = sharing.length
    ? await tx
        .select({ userId: memberships.userId, poolId: memberships.poolId })
        .from(memberships)
        .where(
          and(
            inArray(
              memberships.userId,
              sharing.map((entry) => entry.member.userId),
            ),
            eq(memberships.contributionStatus, 'approved'),
          ),
        )
        .for('update')
    : [];
  const isLive = new Set(live.map((row) => `${row.poolId}:${row.userId}`));
  const gone = sharing.find((entry) => !isLive.has(`${entry.pool.poolId}:${entry.member.userId}`));
  if (gone) {
    const left = gone.member.fullName ?? 'A member';
    const steps = { ...row.steps };
    delete steps.calculate;
    await tx
      .update(accountingPeriods)
      .set({ calculation: null, steps, updatedAt: new Date() })
      .where(eq(accountingPeriods.period, period));
    await writeAudit(tx, {
      actorId,
      action: 'month_end.recalculate',
      targetType: 'period',
      targetId: period,
      before,
      after: { status: row.status, steps, reason: 'paid out since the split was calculated' },
    });
    return { isWritten: true, leftSinceCalculation: left };
  }
  const { last } = periodDays(period);
  const [{ value: round } = { value: 0 }] = await tx
    .select({ value: sql<number>`count(*)::int` })
    .from(journalEntries)
    .where(and(eq(journalEntries.period, period), eq(journalEntries.kind, 'allocation')));
  for (const pool of calculation.pools) {
    if (pool.toAllocateCents === 0 && pool.closing.length === 0) continue;
    const lines = allocationLines(pool);
    if (lines.length < 2) continue;
    await postEntry(
      tx,
      {
        effectiveDate: last,
        kind: 'allocation',
        description: `Profit allocation for ${period}: ${pool.poolName}`,
        source: { type: 'allocation', id: `${period}:${pool.poolId}:${Number(round) + 1}` },
        createdBy: calculation.calculatedBy,
        approvedBy: actorId,
        lines,
      },
      { allowLocked: true },
    );
    for (const member of pool.members) {
      if (member.cents === 0) continue;
      await tx
        .update(memberships)
        .set({
          actualReturnCents: sql`${memberships.actualReturnCents} + ${member.cents}`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(memberships.userId, member.userId),
            eq(memberships.poolId, pool.poolId),
            eq(memberships.contributionStatus, 'approved'),
          ),
        );
      allocations.push({ userId: member.userId, poolName: pool.poolName, cents: member.cents });
    }
  }
  for (const allocation of allocations) {
    const isLoss = allocation.cents < 0;
    await notifyMember(tx, deps.config.publicUrl, {
      userId: allocation.userId,
      category: 'profit',
      title: isLoss
        ? `Your share of the ${formatPeriod(period)} loss`
        : `Your share of the ${formatPeriod(period)} profit`,
      paragraphs: [
        isLoss
          ? `${allocation.poolName} made a loss in ${formatPeriod(period)}. Your share, by the capital you held each day, is ${formatRand(-allocation.cents)}, taken from your returns.`
          : `${allocation.poolName} made a profit in ${formatPeriod(period)}. Your share, by the capital you held each day, is ${formatRand(allocation.cents)}, added to your returns.`,
      ],
      path: '/statements',
      actionLabel: 'See your statement',
    });
  }
  return { update: { steps: { ...row.steps, allocate: stamp(deps, actorId) } } };
}
