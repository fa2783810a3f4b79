import { centsToRand } from '@letsema/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { memberships, pools, withdrawals } from '../../../db/schema.js';
import { readCooperativeSettings } from '../../cooperative/settings.js';
import type { PayoutDeps } from '../deps.js';
import { availableReturns, selectWithdrawals, withdrawalView } from '../withdrawal-view.js';

/** A member's withdrawals, newest first, with what they may still withdraw. */
export async function myWithdrawals(deps: PayoutDeps, userId: string) {
  const rows = await deps.db
    .select({ w: withdrawals, poolName: pools.name })
    .from(withdrawals)
    .innerJoin(pools, eq(pools.id, withdrawals.poolId))
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt))
    .limit(50);
  const [membership] = await deps.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.contributionStatus, 'approved')))
    .limit(1);
  const { allowReturnWithdrawals } = await readCooperativeSettings(deps.db, deps.config.cooperativeDefaults);
  return {
    isOffered: allowReturnWithdrawals,
    available: membership ? centsToRand(Math.max(await availableReturns(deps.db, membership), 0)) : 0,
    poolId: membership?.poolId ?? null,
    items: rows.map((row) => withdrawalView(deps, row.w, { poolName: row.poolName })),
  };
}

/** The withdrawals the admins work on (the open ones unless a status is asked for), oldest first. */
export async function listWithdrawals(deps: PayoutDeps, status?: string) {
  const rows = await selectWithdrawals(deps)
    .where(status ? eq(withdrawals.status, status) : inArray(withdrawals.status, ['requested', 'approved']))
    .orderBy(asc(withdrawals.createdAt))
    .limit(200);
  return rows.map((row) =>
    withdrawalView(deps, row.w, { poolName: row.poolName, member: row.member, payout: row.payout }),
  );
}
