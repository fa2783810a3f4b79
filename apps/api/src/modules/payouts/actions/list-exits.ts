import { asc, desc, eq, inArray } from 'drizzle-orm';
import { exitRequests, memberships, pools } from '../../../db/schema.js';
import { readCooperativeSettings } from '../../cooperative/settings.js';
import type { PayoutDeps } from '../deps.js';
import { exitView, holding, isOpen, loansOwed, pendingOf, selectExits } from '../exit-view.js';

/** A member's own exits, newest first. */
export async function myExits(deps: PayoutDeps, userId: string) {
  const rows = await deps.db
    .select({ e: exitRequests, poolName: pools.name, m: memberships })
    .from(exitRequests)
    .innerJoin(pools, eq(pools.id, exitRequests.poolId))
    .innerJoin(memberships, eq(memberships.id, exitRequests.membershipId))
    .where(eq(exitRequests.userId, userId))
    .orderBy(desc(exitRequests.createdAt))
    .limit(50);
  const owed = await loansOwed(deps.db, rows);
  const { exitFeePercent } = await readCooperativeSettings(deps.db, deps.config.cooperativeDefaults);
  return rows.map((row) =>
    exitView(
      deps,
      row.e,
      { poolName: row.poolName },
      { held: holding(row.m), exitFeePercent, owedOnLoans: owed.get(`${row.e.userId}:${row.e.poolId}`) },
    ),
  );
}

/** The exits the admins work on (the open ones unless a status is asked for), oldest first. */
export async function listExits(deps: PayoutDeps, status?: string) {
  const rows = await selectExits(deps)
    .where(
      status ? eq(exitRequests.status, status) : inArray(exitRequests.status, ['requested', 'settled', 'approved']),
    )
    .orderBy(asc(exitRequests.createdAt))
    .limit(200);
  const owed = await loansOwed(deps.db, rows);
  const { exitFeePercent } = await readCooperativeSettings(deps.db, deps.config.cooperativeDefaults);
  const pending = await pendingOf(
    deps.db,
    rows.filter((row) => isOpen(row.e)).map((row) => row.e),
  );
  return rows.map((row) =>
    exitView(
      deps,
      row.e,
      { poolName: row.poolName, member: row.member, payout: row.payout },
      { held: holding(row.m), exitFeePercent, owedOnLoans: owed.get(`${row.e.userId}:${row.e.poolId}`) },
      pending.get(row.e.membershipId),
    ),
  );
}
