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
import { and, asc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.js';
import { pools, users } from '../../db/schema.js';
import { isoTime, isoTimeOrNull, jsonArrayText, randNumber } from '../../db/sql-json.js';
import { signedTexts } from '../../db/kept-pages.js';
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

/** A pool of the list as the database writes it: its JSON without the plans, and the terms they follow from. */
interface ListedPool {
  head: string;
  paymentFrequencies: string[];
  pricePerShareCents: number;
  investmentDuration: number;
}

/** The signatures of the lists the server holds, as a request's row `r` names them. */
export interface KnownLists {
  knownAdmin: string | null;
  knownMember: string | null;
}

/** Counts memberships that hold a pool's terms fixed; supplied by the memberships module. */
export type LiveMembershipCounter = (tx: Executor, poolId: string) => Promise<number>;

export function createPoolService(deps: { db: Db; countLiveMemberships?: LiveMembershipCounter }) {
  const { db } = deps;
  const countLive = deps.countLiveMemberships ?? (async () => 0);

  // The pools list is on every member's dashboard: its queries are prepared once, not built per request.
  const peopleByIds = db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('pools_people');
  // The list as the API answers it, written by the database with the names of who created and
  // approved each pool, in one query: each pool's JSON text (`toPoolView`'s fields) but for its plans,
  // which follow from its terms by the domain's rule (`contributionPlans`) and are added here. Reading
  // the rows and rebuilding twenty views cost the server more than the query.
  const creator = alias(users, 'creator');
  const approver = alias(users, 'approver');
  // The object's text without its closing brace: the plans close it.
  const poolHead = sql<string>`left(json_build_object(
          'id', ${pools.id},
          'name', ${pools.name},
          'description', ${pools.description},
          'targetAmount', ${randNumber(pools.targetAmountCents)},
          'currentAmount', ${randNumber(pools.currentAmountCents)},
          'totalShares', ${pools.totalShares},
          'availableShares', ${pools.availableShares},
          'pricePerShare', ${randNumber(pools.pricePerShareCents)},
          'maxMembers', ${pools.maxMembers},
          'totalMembers', ${pools.totalMembers},
          'investmentDuration', ${pools.investmentDuration},
          'paymentMethods', ${pools.paymentMethods},
          'status', ${pools.status},
          'createdBy', coalesce(${creator.fullName}, ${creator.email}),
          'createdById', ${pools.createdBy},
          'createdAt', ${isoTime(pools.createdAt)},
          'approvedBy', coalesce(${approver.fullName}, ${approver.email}),
          'approvedById', ${pools.approvedBy},
          'approvedAt', ${isoTimeOrNull(pools.approvedAt)},
          'updatedAt', ${isoTime(pools.updatedAt)}
        )::text, -1)`;
  const listed = () =>
    db
      .select({
        head: poolHead,
        paymentFrequencies: pools.paymentFrequencies,
        pricePerShareCents: pools.pricePerShareCents,
        investmentDuration: pools.investmentDuration,
      })
      .from(pools)
      .leftJoin(creator, eq(creator.id, pools.createdBy))
      .leftJoin(approver, eq(approver.id, pools.approvedBy))
      .$dynamic();
  const visibleToMember = (memberId: SQLWrapper) =>
    or(inArray(pools.status, [...MEMBER_VISIBLE_STATUSES]), eq(pools.createdBy, memberId));
  const allPools = listed().orderBy(asc(pools.createdAt), asc(pools.id)).limit(POOL_LIST_LIMIT).prepare('pools_all');
  const poolsVisibleToMember = listed()
    .where(visibleToMember(sql.placeholder('actorId')))
    .orderBy(asc(pools.createdAt), asc(pools.id))
    .limit(POOL_LIST_LIMIT)
    .prepare('pools_visible_to_member');
  /** A pool's plans as the list writes them, kept per terms: pools share few. */
  const plansText = new Map<string, string>();
  const plansOf = (terms: Parameters<typeof contributionPlans>[0]): string => {
    const key = `${terms.pricePerShareCents} ${terms.investmentDuration} ${terms.paymentFrequencies.join(',')}`;
    let text = plansText.get(key);
    if (text === undefined) {
      text = JSON.stringify(installmentsOf(terms));
      if (plansText.size >= 1_000) plansText.clear();
      plansText.set(key, text);
    }
    return text;
  };
  const listText = (rows: ListedPool[]) =>
    `[${rows.map((row) => `${row.head}, "paymentInstallments" : ${plansOf(row)}}`).join(',')}]`;

  // The list is the same for every admin, and for every member but one with drafts of their own, and
  // changes seldom; written afresh for every request it cost the server and PostgreSQL more than any
  // other call. So the server keeps the last list of each kind with a signature of the rows it was
  // written from: each pool's row version (`xmin`, new in every transaction that writes the row) and
  // those of its creator's and approver's accounts, whose names it shows. The list is read with the
  // session check (`Guards.sessionRead`), which compares the signature with the one the server holds
  // (the request's `r."knownAdmin"` or `r."knownMember"`) in the same snapshot, and writes the list
  // only when they differ: a pool changed through any instance of the server is seen at its next
  // request. The read answers the kind ('A' admin, 'M' member, 'O' a member's own list with drafts,
  // never kept), the signature, a line break, then the rows as a JSON array, or nothing when the
  // server's list is current.
  const signature = sql<string>`(select md5(coalesce(string_agg(
      sp.id::text || ' ' || sp.xmin::text || ' ' || coalesce(sc.xmin::text, '') || ' ' || coalesce(sa.xmin::text, ''),
      ',' order by sp.id), ''))
    from ${pools} sp left join ${users} sc on sc.id = sp.created_by left join ${users} sa on sa.id = sp.approved_by)`;
  /** The listed pools that meet `where`, each as its head and terms, as the text of one JSON array. */
  const rowsText = (where: SQL | undefined) => {
    const rows = db
      .select({
        row: sql`json_build_array(${poolHead}, ${pools.paymentFrequencies}, ${pools.pricePerShareCents}, ${pools.investmentDuration})`.as(
          'row',
        ),
        createdAt: pools.createdAt,
        id: pools.id,
      })
      .from(pools)
      .leftJoin(creator, eq(creator.id, pools.createdBy))
      .leftJoin(approver, eq(approver.id, pools.approvedBy))
      .where(where)
      .orderBy(asc(pools.createdAt), asc(pools.id))
      .limit(POOL_LIST_LIMIT)
      .as('l');
    return sql<string>`(select ${jsonArrayText(rows.row, [asc(rows.createdAt), asc(rows.id)])} from ${rows})`;
  };
  const fresh = (known: SQL, rows: SQL<string>) =>
    sql`${signature} || E'\n' || case when ${signature} is distinct from ${known} then ${rows} else '' end`;
  const ridden = sql<string>`case
    when ${users.isAdmin} then 'A' || ${fresh(sql`r."knownAdmin"`, rowsText(undefined))}
    when exists (select 1 from ${pools} d where d.created_by = ${users.id} and d.status = 'draft')
      then 'O' || E'\n' || ${rowsText(visibleToMember(users.id))}
    else 'M' || ${fresh(sql`r."knownMember"`, rowsText(visibleToMember(users.id)))}
  end`;
  /** The last list of each kind the server wrote ('A', 'M'), with the signature of its rows. */
  const kept = signedTexts(2);

  async function withNames(rows: PoolRow[]): Promise<PoolView[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.createdBy, r.approvedBy]).filter((id): id is string => !!id))];
    const people = ids.length ? await peopleByIds.execute({ ids }) : [];
    const nameOf = (id: string | null) => {
      const person = people.find((p) => p.id === id);
      return person ? (person.fullName ?? person.email) : null;
    };
    return rows.map((r) => toPoolView(r, { createdBy: nameOf(r.createdBy), approvedBy: nameOf(r.approvedBy) }));
  }

  async function lockPool(tx: Executor, id: string): Promise<PoolRow> {
    const [pool] = await tx.select().from(pools).where(eq(pools.id, id)).for('update');
    if (!pool) throw notFound(poolErrors.notFound);
    return pool;
  }

  return {
    /** Pools the actor may see, oldest first. */
    async listJson(actor: Actor): Promise<string> {
      return listText(
        actor.isAdmin ? await allPools.execute() : await poolsVisibleToMember.execute({ actorId: actor.id }),
      );
    },

    /** The list read with the session check (`Guards.sessionRead`), with the columns `knownColumns` of `r`. */
    ridden,
    knownColumns: sql`"knownAdmin" text, "knownMember" text`,

    /** The signatures of the lists the server holds, for a request's row `r`. */
    known(): KnownLists {
      return { knownAdmin: kept.signature('A'), knownMember: kept.signature('M') };
    },

    /**
     * The list from what `ridden` read: the server's own when it was current, else the one read (kept
     * for the next requests of its kind). Null when the server's list was replaced meanwhile by one
     * of other rows: the caller reads the list itself.
     */
    listFromRead(read: string): string | null {
      const kind = read[0]!;
      return kept.fromRead(kind === 'O' ? null : kind, read.slice(1), (rows) =>
        listText(
          (JSON.parse(rows) as [string, PaymentFrequency[], number, number][]).map(
            ([head, frequencies, pricePerShareCents, investmentDuration]) => ({
              head,
              paymentFrequencies: frequencies,
              pricePerShareCents,
              investmentDuration,
            }),
          ),
        ),
      );
    },

    async get(actor: Actor, id: string): Promise<PoolView> {
      const [pool] = await db.select().from(pools).where(eq(pools.id, id));
      if (!pool || !canSee(pool, actor)) throw notFound(poolErrors.notFound);
      return (await withNames([pool]))[0]!;
    },

    /** The pool members join: the oldest one open for joining, else null. */
    async firstOpen(): Promise<PoolView | null> {
      const [pool] = await db
        .select()
        .from(pools)
        .where(eq(pools.status, 'open'))
        .orderBy(asc(pools.createdAt), asc(pools.id))
        .limit(1);
      return pool ? (await withNames([pool]))[0]! : null;
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
      return (await withNames([pool]))[0]!;
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
      return (await withNames([pool]))[0]!;
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
      return (await withNames([pool]))[0]!;
    },

    /** Whether the actor may manage pools (edit, open, review requests). */
    canManage(actor: Actor): boolean {
      return hasRole(actor, 'investment_management');
    },
  };
}

export type PoolService = ReturnType<typeof createPoolService>;
