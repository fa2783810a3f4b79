import {
  centsToRand,
  maskAccountNumber,
  withdrawalMessages,
  withdrawalStatusLabels,
  type WithdrawalStatus,
} from '@letsema/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { memberships } from '../../db/schema.js';
import { payoutAccounts, pools, users, withdrawals } from '../../db/schema.js';
import { invalidState, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/tokens.js';
import type { PayoutDeps } from './deps.js';
import { holding, payoutAccountOf, type MemberExtra } from './exit-view.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
type MembershipRow = typeof memberships.$inferSelect;

/** A withdrawal under a row lock, in one of the states the decision is taken from. */
export async function lockWithdrawal(tx: Executor, id: string, statuses: WithdrawalStatus[]) {
  if (!isUuid(id)) throw notFound(withdrawalMessages.notFound);
  const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!withdrawal) throw notFound(withdrawalMessages.notFound);
  if (!(statuses as string[]).includes(withdrawal.status)) throw invalidState(withdrawalMessages.decided);
  return withdrawal;
}

export function withdrawalView(deps: PayoutDeps, row: WithdrawalRow, extra: MemberExtra) {
  return {
    id: row.id,
    userId: row.userId,
    pool: { id: row.poolId, name: extra.poolName },
    ...(extra.member ? { member: extra.member } : {}),
    amount: centsToRand(row.amountCents),
    status: row.status as WithdrawalStatus,
    statusLabel: withdrawalStatusLabels[row.status as WithdrawalStatus],
    bank: {
      accountHolder: row.accountHolder,
      bankName: row.bankName,
      accountNumber: maskAccountNumber(row.accountNumber),
      branchCode: row.branchCode,
    },
    ...payoutAccountOf(deps, extra),
    approvedBy: row.approvedBy,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    proofUrl: row.proofUrl,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Withdrawals with their pool, their member and the member's payout account. */
export const selectWithdrawals = (deps: PayoutDeps) =>
  deps.db
    .select({
      w: withdrawals,
      poolName: pools.name,
      member: { fullName: users.fullName, email: users.email },
      payout: payoutAccounts,
    })
    .from(withdrawals)
    .innerJoin(pools, eq(pools.id, withdrawals.poolId))
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, withdrawals.userId));

/** One withdrawal as its member (with `userId`) or the admins see it; another member's answers 404. */
export async function findWithdrawal(deps: PayoutDeps, id: string, userId?: string) {
  if (!isUuid(id)) throw notFound(withdrawalMessages.notFound);
  const [row] = await selectWithdrawals(deps).where(
    and(eq(withdrawals.id, id), userId ? eq(withdrawals.userId, userId) : undefined),
  );
  if (!row) throw notFound(withdrawalMessages.notFound);
  return withdrawalView(
    deps,
    row.w,
    userId ? { poolName: row.poolName } : { poolName: row.poolName, member: row.member, payout: row.payout },
  );
}

/** Returns not yet paid out and not asked for in a withdrawal still open. */
export async function availableReturns(tx: Executor, membership: MembershipRow): Promise<number> {
  const [open] = await tx
    .select({ cents: sql<string>`coalesce(sum(${withdrawals.amountCents}), 0)` })
    .from(withdrawals)
    .where(and(eq(withdrawals.membershipId, membership.id), inArray(withdrawals.status, ['requested', 'approved'])));
  return holding(membership).returnsCents - Number(open?.cents ?? 0);
}
