import type { AuthUser } from '../../lib/auth-guard.js';
import {
  centsToRand,
  formatRand,
  frequencyLabels,
  hasRole,
  instalmentAmount,
  paymentFrequencies,
  poolTransitions,
  pricePerShare,
  type CreatePoolBody,
  type PaymentFrequency,
  type PoolStatus,
  type UpdatePoolBody,
} from '@letsema/domain';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.js';
import { pools, users } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, invalidState, notFound } from '../../lib/errors.js';

export type PoolRow = typeof pools.$inferSelect;
type Actor = AuthUser;

export const poolErrors = {
  notFound: 'Pool not found',
  noPool: 'No investment pool found',
  transition: (from: string, to: string) => `A pool cannot go from ${from} to ${to}`,
  maxBelowMembers: 'Maximum members cannot be lower than the members already in the pool',
  termsLocked: 'The target and duration cannot change once members have joined the pool',
  planAmount: (label: string, amount: string) =>
    `The ${label} plan for one share is ${amount}: it follows from the target, shares and duration`,
  mustBeActive: 'Your account must be active to create a pool',
} as const;

/** Whether a pool is visible to someone: drafts only to admins and their creator. */
function canSee(pool: PoolRow, actor: Actor): boolean {
  return pool.status !== 'draft' || actor.isAdmin || pool.createdBy === actor.id;
}

/** The contribution plans of a pool: each frequency with the instalment for one share. */
export function contributionPlans(
  pool: Pick<PoolRow, 'paymentFrequencies' | 'pricePerShareCents' | 'investmentDuration'>,
) {
  return paymentFrequencies
    .filter((f) => pool.paymentFrequencies.includes(f))
    .map((frequency) => ({
      frequency,
      label: frequencyLabels[frequency],
      amountCents: instalmentAmount(pool.pricePerShareCents, frequency, pool.investmentDuration),
    }));
}

/** A pool's plans as the API answers them: each frequency with the instalment for one share, in rand. */
function installmentsOf(pool: Parameters<typeof contributionPlans>[0]) {
  return contributionPlans(pool).map((p) => ({ frequency: p.frequency, amount: centsToRand(p.amountCents) }));
}

/** The pool as the API answers it: money in rand. */
export function toPoolView(pool: PoolRow, names: { createdBy?: string | null; approvedBy?: string | null } = {}) {
  return {
    id: pool.id,
    name: pool.name,
    description: pool.description,
    targetAmount: centsToRand(pool.targetAmountCents),
    currentAmount: centsToRand(pool.currentAmountCents),
    totalShares: pool.totalShares,
    availableShares: pool.availableShares,
    pricePerShare: centsToRand(pool.pricePerShareCents),
    maxMembers: pool.maxMembers,
    totalMembers: pool.totalMembers,
    investmentDuration: pool.investmentDuration,
    paymentInstallments: installmentsOf(pool),
    paymentMethods: pool.paymentMethods,
    status: pool.status,
    createdBy: names.createdBy ?? null,
    createdById: pool.createdBy,
    createdAt: pool.createdAt.toISOString(),
    approvedBy: names.approvedBy ?? null,
    approvedById: pool.approvedBy,
    approvedAt: pool.approvedAt?.toISOString() ?? null,
    updatedAt: pool.updatedAt.toISOString(),
  };
}

export type PoolView = ReturnType<typeof toPoolView>;

const snapshot = (p: PoolRow) => ({
  name: p.name,
  status: p.status,
  targetAmountCents: p.targetAmountCents,
  pricePerShareCents: p.pricePerShareCents,
  maxMembers: p.maxMembers,
  investmentDuration: p.investmentDuration,
  paymentFrequencies: p.paymentFrequencies,
  paymentMethods: p.paymentMethods,
});

/** Pools a member sees besides their own drafts; the list shows at most POOL_LIST_LIMIT. */
const MEMBER_VISIBLE_STATUSES = ['open', 'active', 'closed', 'completed'] as const;
const POOL_LIST_LIMIT = 200;

/** Counts memberships that hold a pool's terms fixed; supplied by the memberships module. */
export type LiveMembershipCounter = (tx: Executor, poolId: string) => Promise<number>;

export function createPoolService(deps: { db: Db; countLiveMemberships?: LiveMembershipCounter }) {
  const { db } = deps;
  const countLive = deps.countLiveMemberships ?? (async () => 0);

  const creator = alias(users, 'creator');
  const approver = alias(users, 'approver');
  /**
   * The pools that meet `where` with the names of who created and approved each, oldest first,
   * prepared once: the list is read on every visit to the pools page.
   */
  function listWhere(where: SQL | undefined, name: string) {
    return db
      .select({
        pool: pools,
        createdBy: sql<string | null>`coalesce(${creator.fullName}, ${creator.email})`,
        approvedBy: sql<string | null>`coalesce(${approver.fullName}, ${approver.email})`,
      })
      .from(pools)
      .leftJoin(creator, eq(creator.id, pools.createdBy))
      .leftJoin(approver, eq(approver.id, pools.approvedBy))
      .where(where)
      .orderBy(asc(pools.createdAt), asc(pools.id))
      .limit(POOL_LIST_LIMIT)
      .prepare(name);
  }
  const everyPool = listWhere(undefined, 'pools_list_all');
  const poolsMembersSee = listWhere(
    or(inArray(pools.status, [...MEMBER_VISIBLE_STATUSES]), eq(pools.createdBy, sql.placeholder('actorId'))),
    'pools_list_member',
  );

  const poolById = listWhere(eq(pools.id, sql.placeholder('id')), 'pools_by_id');
  /** One pool as the API answers it, read after its change is committed. */
  async function viewOf(id: string): Promise<PoolView> {
    const [row] = await poolById.execute({ id });
    return toPoolView(row!.pool, row);
  }

  async function lockPool(tx: Executor, id: string): Promise<PoolRow> {
    const [pool] = await tx.select().from(pools).where(eq(pools.id, id)).for('update');
    if (!pool) throw notFound(poolErrors.notFound);
    return pool;
  }

  return {
    /**
     * Pools the actor may see, oldest first: every pool for an admin; for a member, the statuses
     * members see and their own drafts. Read for each request, so no member's answer holds another's.
     */
    async list(actor: Actor): Promise<PoolView[]> {
      const rows = actor.isAdmin ? await everyPool.execute() : await poolsMembersSee.execute({ actorId: actor.id });
      return rows.map((row) => toPoolView(row.pool, row));
    },

    async get(actor: Actor, id: string): Promise<PoolView> {
      const [row] = await poolById.execute({ id });
      if (!row || !canSee(row.pool, actor)) throw notFound(poolErrors.notFound);
      return toPoolView(row.pool, row);
    },

    /** The pool members join: the oldest one open for joining, else null. */
    async firstOpen(): Promise<PoolView | null> {
      const [pool] = await db
        .select()
        .from(pools)
        .where(eq(pools.status, 'open'))
        .orderBy(asc(pools.createdAt), asc(pools.id))
        .limit(1);
      return pool ? viewOf(pool.id) : null;
    },

    /** Creates a pool as a draft; price per share and available shares follow from the figures. */
    async create(actor: Actor, input: CreatePoolBody): Promise<PoolView> {
      if (actor.registrationStatus !== 'active') throw new AppError('FORBIDDEN', poolErrors.mustBeActive);
      const pool = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pools)
          .values({
            name: input.name,
            description: input.description,
            targetAmountCents: input.targetAmount,
            totalShares: input.totalShares,
            availableShares: input.totalShares,
            pricePerShareCents: pricePerShare(input.targetAmount, input.totalShares),
            maxMembers: input.maxMembers,
            investmentDuration: input.investmentDuration,
            paymentFrequencies: input.paymentFrequencies,
            paymentMethods: input.paymentMethods,
            status: 'draft',
            createdBy: actor.id,
          })
          .returning();
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'pool.create',
          targetType: 'pool',
          targetId: row!.id,
          after: snapshot(row!),
        });
        return row!;
      });
      return viewOf(pool.id);
    },

    /** Edits a pool. The plans' amounts must be the ones the terms give; terms are fixed once members joined. */
    async update(actor: Actor, id: string, input: UpdatePoolBody): Promise<PoolView> {
      const pool = await db.transaction(async (tx) => {
        const before = await lockPool(tx, id);
        if (input.maxMembers < before.totalMembers) throw invalidState(poolErrors.maxBelowMembers);
        const termsChanged =
          input.targetAmount !== before.targetAmountCents || input.investmentDuration !== before.investmentDuration;
        if (termsChanged && (await countLive(tx, id)) > 0) throw invalidState(poolErrors.termsLocked);

        const price = pricePerShare(input.targetAmount, before.totalShares);
        const frequencies = paymentFrequencies.filter((f) => input.paymentInstallments.some((p) => p.frequency === f));
        const details: Record<string, string> = {};
        input.paymentInstallments.forEach((plan, index) => {
          const expected = instalmentAmount(price, plan.frequency as PaymentFrequency, input.investmentDuration);
          if (plan.amount !== expected) {
            details[`paymentInstallments.${index}.amount`] = poolErrors.planAmount(
              frequencyLabels[plan.frequency],
              formatRand(expected),
            );
          }
        });
        const firstProblem = Object.values(details)[0];
        if (firstProblem) throw new AppError('VALIDATION', firstProblem, { details });

        const [after] = await tx
          .update(pools)
          .set({
            name: input.name,
            description: input.description,
            targetAmountCents: input.targetAmount,
            pricePerShareCents: price,
            maxMembers: input.maxMembers,
            investmentDuration: input.investmentDuration,
            paymentMethods: input.paymentMethods,
            paymentFrequencies: frequencies,
            updatedAt: new Date(),
          })
          .where(eq(pools.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'pool.update',
          targetType: 'pool',
          targetId: id,
          before: snapshot(before),
          after: snapshot(after!),
        });
        return after!;
      });
      return viewOf(pool.id);
    },

    /** Moves a pool along its allowed transitions; opening records who approved it and when. */
    async changeStatus(actor: Actor, id: string, status: PoolStatus): Promise<PoolView> {
      const pool = await db.transaction(async (tx) => {
        const before = await lockPool(tx, id);
        const allowed = poolTransitions[before.status as PoolStatus] ?? [];
        if (!allowed.includes(status)) throw invalidState(poolErrors.transition(before.status, status));
        const opening = before.status === 'draft' && status === 'open';
        const [after] = await tx
          .update(pools)
          .set({
            status,
            updatedAt: new Date(),
            ...(opening ? { approvedBy: actor.id, approvedAt: new Date() } : {}),
          })
          .where(and(eq(pools.id, id), eq(pools.status, before.status)))
          .returning();
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'pool.status',
          targetType: 'pool',
          targetId: id,
          before: { status: before.status },
          after: { status: after!.status },
        });
        return after!;
      });
      return viewOf(pool.id);
    },

    /** Whether the actor may manage pools (edit, open, review requests). */
    canManage(actor: Actor): boolean {
      return hasRole(actor, 'investment_management');
    },
  };
}

export type PoolService = ReturnType<typeof createPoolService>;
