import { z } from 'zod';
import { allocateByWeights } from './allocation.js';
import { isLedgerAccount, type JournalLineDraft, type LedgerAccount } from './ledger.js';

/**
 * The split Calculate works out and Allocate posts, per pool, kept on the month's row between the
 * two steps. Read back through `monthEndCalculation`, so the allocating step works on a checked
 * value, never on untyped JSON.
 */
const cents = z.number().int();
export const monthEndCalculation = z.object({
  calculatedBy: z.string(),
  reservePercent: z.number(),
  pools: z.array(
    z.object({
      poolId: z.string(),
      poolName: z.string(),
      incomeCents: cents,
      expenseCents: cents,
      profitCents: cents,
      /** Closing the period's income and expense accounts: each account's balance to undo. */
      closing: z.array(
        z.object({
          account: z
            .string()
            .refine(isLedgerAccount)
            .transform((a) => a as LedgerAccount),
          cents,
        }),
      ),
      reserveCents: cents,
      allocatedBeforeCents: cents,
      toAllocateCents: cents,
      members: z.array(
        z.object({
          userId: z.string(),
          fullName: z.string().nullable(),
          shareDays: cents,
          capitalCents: cents,
          cents,
        }),
      ),
    }),
  ),
});
export type MonthEndCalculation = z.output<typeof monthEndCalculation>;
export type PoolCalculation = MonthEndCalculation['pools'][number];

/** The month's calculation as stored on its row, checked; null when none is kept. */
export function readMonthEndCalculation(stored: unknown): MonthEndCalculation | null {
  return stored === null || stored === undefined ? null : monthEndCalculation.parse(stored);
}

/** The reserve's part of a profit, rounded down to the cent; a loss puts nothing into the reserve. */
export function reserveCentsOf(resultCents: number, reservePercent: number): number {
  return resultCents > 0 ? Math.floor((resultCents * Math.round(reservePercent * 100)) / 10_000) : 0;
}

/**
 * How a pool's month result is split: the reserve's part of a profit first, the rest over the
 * members by their share-days. A loss is carried by the members alone, by the same weights; with
 * nobody holding capital in the month, the whole result (profit or loss) stays in the reserve.
 */
export function splitMonthResult<K>(
  resultCents: number,
  reservePercent: number,
  members: readonly { key: K; weight: number }[],
): { reserveCents: number; members: { key: K; cents: number }[] } {
  if (members.length === 0) return { reserveCents: resultCents, members: [] };
  const reserveCents = reserveCentsOf(resultCents, reservePercent);
  return { reserveCents, members: allocateByWeights(resultCents - reserveCents, members) };
}

/**
 * A pool's allocation entry: the period's income and expense accounts closed, the reserve and each
 * member's returns credited with their part (debited for a loss). Lines of zero are left out.
 */
export function allocationLines(pool: PoolCalculation): JournalLineDraft[] {
  return [
    ...pool.closing.map((line) => ({ account: line.account, poolId: pool.poolId, amountCents: line.cents })),
    ...(pool.reserveCents
      ? [{ account: 'reserve' as const, poolId: pool.poolId, amountCents: -pool.reserveCents }]
      : []),
    ...pool.members
      .filter((member) => member.cents !== 0)
      .map((member) => ({
        account: 'member_returns' as const,
        userId: member.userId,
        poolId: pool.poolId,
        amountCents: -member.cents,
      })),
  ].filter((line) => line.amountCents !== 0);
}
