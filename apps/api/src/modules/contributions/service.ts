import {
  centsToRand,
  contributionCalendar,
  contributionSchedule,
  dayOf,
  daysBetween,
  formatDisplayDate,
  periodOfDay,
  type ArrearsListQuery,
  type ContributionInstalment,
  type ContributionRegisterQuery,
  type ContributionStatus,
  type PaymentFrequency,
} from '@letsema/domain';
import { and, asc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { contributionInstalments, memberships, pools, users } from '../../db/schema.js';
import { writeCsv } from '../books/csv.js';
import { periodDays } from '../books/ledger-queries.js';
import { memberNumberOf } from '../books/statements-service.js';

/** Pools whose members still pay in: a closed or completed pool takes no payments, so nothing in it falls behind. */
const payingPools = ['open', 'active'] as const;

/**
 * Writes a membership's calendar as it is approved, in the approval's transaction: the first
 * instalment falls due on the books' day of the approval.
 */
export async function writeContributionSchedule(
  tx: Executor,
  membership: { id: string; totalCommitmentCents: number; installmentPlan: string },
  durationMonths: number,
  approvedOn: string,
): Promise<void> {
  const schedule = contributionSchedule({
    commitmentCents: membership.totalCommitmentCents,
    frequency: membership.installmentPlan as PaymentFrequency,
    durationMonths,
    firstDueOn: approvedOn,
  });
  await tx.insert(contributionInstalments).values(schedule.map((i) => ({ membershipId: membership.id, ...i })));
}

/**
 * What of an instalment is paid, in SQL: payments fill the instalments in order, so it is the
 * membership's total paid less what the earlier instalments take, between nothing and the whole.
 * The same arithmetic as `instalmentPosition` in the domain (a test holds them together).
 */
const paidSql = sql<number>`greatest(0, least(${contributionInstalments.amountCents}, ${memberships.totalPaidCents} - (${contributionInstalments.cumulativeCents} - ${contributionInstalments.amountCents})))`;

/** An instalment's standing in SQL, by the definition of `instalmentPosition` on the books' day `today`. */
export function statusSql(today: string): SQL<ContributionStatus> {
  return sql<ContributionStatus>`case
    when ${paidSql} >= ${contributionInstalments.amountCents}
      then case when ${contributionInstalments.dueOn} > ${today}::date then 'in_advance' else 'paid' end
    when ${contributionInstalments.dueOn} < ${today}::date then 'overdue'
    when ${paidSql} > 0 then 'part_paid'
    else 'due' end`;
}

/** A name or a member number (the first eight characters of the member's id), as the admin types it. */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions = [sql`${users.fullName} ilike ${pattern}`];
  if (/^[0-9a-f]{8}$/i.test(search)) conditions.push(sql`left(${users.id}::text, 8) = ${search.toLowerCase()}`);
  return conditions.length === 1 ? conditions[0] : sql`(${sql.join(conditions, sql` or `)})`;
}

export interface RegisterRow {
  instalmentId: string;
  membershipId: string;
  userId: string;
  memberNumber: string;
  memberName: string;
  poolId: string;
  poolName: string;
  number: number;
  instalments: number;
  dueOn: string;
  amountCents: number;
  paidCents: number;
  status: ContributionStatus;
  daysOverdue: number;
}

/** The contribution calendar: the member's own, the admins' register by month and the arrears list. */
export function createContributionService(deps: { db: Db; clock: { now(): Date } }) {
  const { db, clock } = deps;
  const today = () => dayOf(clock.now());

  function registerConditions(query: ContributionRegisterQuery, day: string, month: string) {
    const { first, last } = periodDays(month);
    return and(
      gte(contributionInstalments.dueOn, first),
      lte(contributionInstalments.dueOn, last),
      eq(memberships.contributionStatus, 'approved'),
      inArray(pools.status, [...payingPools]),
      query.poolId ? eq(memberships.poolId, query.poolId) : undefined,
      query.status ? sql`${statusSql(day)} = ${query.status}` : undefined,
      searchCondition(query.search),
    );
  }

  const instalmentCount = sql<number>`(select max(c.number) from ${contributionInstalments} c where c.membership_id = ${memberships.id})`;

  function registerSelect(day: string) {
    return db
      .select({
        instalmentId: contributionInstalments.id,
        membershipId: memberships.id,
        userId: users.id,
        memberName: sql<string>`coalesce(${users.fullName}, ${users.email})`,
        poolId: pools.id,
        poolName: pools.name,
        number: contributionInstalments.number,
        instalments: instalmentCount.mapWith(Number),
        dueOn: contributionInstalments.dueOn,
        amountCents: contributionInstalments.amountCents,
        paidCents: paidSql.mapWith(Number),
        status: statusSql(day),
        daysOverdue:
          sql<number>`case when ${statusSql(day)} = 'overdue' then ${day}::date - ${contributionInstalments.dueOn} else 0 end`.mapWith(
            Number,
          ),
      })
      .from(contributionInstalments)
      .innerJoin(memberships, eq(memberships.id, contributionInstalments.membershipId))
      .innerJoin(pools, eq(pools.id, memberships.poolId))
      .innerJoin(users, eq(users.id, memberships.userId));
  }

  const toRow = (row: Omit<RegisterRow, 'memberNumber'>): RegisterRow => ({
    ...row,
    memberNumber: memberNumberOf(row.userId),
  });

  const rowView = (row: RegisterRow) => ({
    instalmentId: row.instalmentId,
    membershipId: row.membershipId,
    userId: row.userId,
    memberNumber: row.memberNumber,
    memberName: row.memberName,
    poolId: row.poolId,
    poolName: row.poolName,
    number: row.number,
    instalments: row.instalments,
    dueOn: row.dueOn,
    amount: centsToRand(row.amountCents),
    paid: centsToRand(row.paidCents),
    outstanding: centsToRand(row.amountCents - row.paidCents),
    status: row.status,
    daysOverdue: row.daysOverdue,
  });

  async function registerRows(query: ContributionRegisterQuery, day: string, month: string, page?: number) {
    const base = registerSelect(day)
      .where(registerConditions(query, day, month))
      .orderBy(asc(contributionInstalments.dueOn), asc(users.fullName), asc(contributionInstalments.id));
    const rows = page === undefined ? await base : await base.limit(query.limit).offset((page - 1) * query.limit);
    return rows.map(toRow);
  }

  /** The totals over everything that matches the filters, not only the page. */
  async function registerTotals(query: ContributionRegisterQuery, day: string, month: string) {
    const status = statusSql(day);
    const outstanding = sql`${contributionInstalments.amountCents} - ${paidSql}`;
    const [totals] = await db
      .select({
        count: sql`count(*)`.mapWith(Number),
        due: sql`coalesce(sum(${contributionInstalments.amountCents}), 0)`.mapWith(Number),
        paid: sql`coalesce(sum(${paidSql}), 0)`.mapWith(Number),
        outstanding: sql`coalesce(sum(${outstanding}), 0)`.mapWith(Number),
        overdue: sql`coalesce(sum(${outstanding}) filter (where ${status} = 'overdue'), 0)`.mapWith(Number),
        inAdvance: sql`coalesce(sum(${paidSql}) filter (where ${status} = 'in_advance'), 0)`.mapWith(Number),
        paidCount: sql`count(*) filter (where ${status} = 'paid')`.mapWith(Number),
        inAdvanceCount: sql`count(*) filter (where ${status} = 'in_advance')`.mapWith(Number),
        partPaidCount: sql`count(*) filter (where ${status} = 'part_paid')`.mapWith(Number),
        dueCount: sql`count(*) filter (where ${status} = 'due')`.mapWith(Number),
        overdueCount: sql`count(*) filter (where ${status} = 'overdue')`.mapWith(Number),
      })
      .from(contributionInstalments)
      .innerJoin(memberships, eq(memberships.id, contributionInstalments.membershipId))
      .innerJoin(pools, eq(pools.id, memberships.poolId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(registerConditions(query, day, month));
    return totals!;
  }

  return {
    /** The member's calendars, one per approved membership of a pool that takes payments. */
    async mine(userId: string) {
      const day = today();
      const rows = await db
        .select({ membership: memberships, pool: pools, instalment: contributionInstalments })
        .from(memberships)
        .innerJoin(pools, eq(pools.id, memberships.poolId))
        .innerJoin(contributionInstalments, eq(contributionInstalments.membershipId, memberships.id))
        .where(
          and(
            eq(memberships.userId, userId),
            eq(memberships.contributionStatus, 'approved'),
            inArray(pools.status, [...payingPools]),
          ),
        )
        .orderBy(asc(pools.name), asc(memberships.id), asc(contributionInstalments.number));
      const byMembership = new Map<
        string,
        {
          membership: typeof memberships.$inferSelect;
          pool: typeof pools.$inferSelect;
          schedule: ContributionInstalment[];
        }
      >();
      for (const row of rows) {
        const entry = byMembership.get(row.membership.id) ?? {
          membership: row.membership,
          pool: row.pool,
          schedule: [],
        };
        entry.schedule.push({
          number: row.instalment.number,
          dueOn: row.instalment.dueOn,
          amountCents: row.instalment.amountCents,
          cumulativeCents: row.instalment.cumulativeCents,
        });
        byMembership.set(row.membership.id, entry);
      }
      const calendars = [...byMembership.values()].map(({ membership, pool, schedule }) => {
        const calendar = contributionCalendar(schedule, membership.totalPaidCents, day);
        return {
          membershipId: membership.id,
          poolId: pool.id,
          poolName: pool.name,
          installmentPlan: membership.installmentPlan,
          totalCommitment: centsToRand(membership.totalCommitmentCents),
          totalPaid: centsToRand(membership.totalPaidCents),
          isFullyPaid: calendar.isFullyPaid,
          next: calendar.next && {
            number: calendar.next.number,
            dueOn: calendar.next.dueOn,
            amount: centsToRand(calendar.next.amountCents),
          },
          overdue: calendar.overdue && {
            amount: centsToRand(calendar.overdue.amountCents),
            since: calendar.overdue.since,
            days: calendar.overdue.days,
            instalments: calendar.overdue.instalments,
          },
          instalments: calendar.instalments.map((i) => ({
            number: i.number,
            dueOn: i.dueOn,
            amount: centsToRand(i.amountCents),
            paid: centsToRand(i.paidCents),
            status: i.status,
            daysOverdue: i.daysOverdue,
          })),
        };
      });
      return { today: day, calendars };
    },

    /** A page of the register: the instalments due in a month, with totals over all that match. */
    async register(query: ContributionRegisterQuery) {
      const day = today();
      const month = query.month ?? periodOfDay(day);
      const [rows, totals] = await Promise.all([
        registerRows(query, day, month, query.page),
        registerTotals(query, day, month),
      ]);
      return {
        month,
        today: day,
        rows: rows.map(rowView),
        totals: {
          instalments: totals.count,
          due: centsToRand(totals.due),
          paid: centsToRand(totals.paid),
          outstanding: centsToRand(totals.outstanding),
          overdue: centsToRand(totals.overdue),
          inAdvance: centsToRand(totals.inAdvance),
          counts: {
            paid: totals.paidCount,
            in_advance: totals.inAdvanceCount,
            part_paid: totals.partPaidCount,
            due: totals.dueCount,
            overdue: totals.overdueCount,
          },
        },
        pagination: {
          page: query.page,
          limit: query.limit,
          total: totals.count,
          totalPages: Math.max(1, Math.ceil(totals.count / query.limit)),
        },
      };
    },

    /** Everything in the register that matches, as CSV: amounts as rand, names and member numbers, no ID numbers. */
    async exportRegister(query: ContributionRegisterQuery): Promise<{ month: string; csv: string }> {
      const day = today();
      const month = query.month ?? periodOfDay(day);
      const rows = await registerRows(query, day, month);
      const labels: Record<ContributionStatus, string> = {
        paid: 'Paid',
        in_advance: 'Paid in advance',
        part_paid: 'Part-paid',
        due: 'Due',
        overdue: 'Overdue',
      };
      const csv = writeCsv(
        [
          'Member number',
          'Member',
          'Pool',
          'Instalment',
          'Due date',
          'Amount (R)',
          'Paid (R)',
          'Outstanding (R)',
          'Status',
          'Days overdue',
        ],
        rows.map((row) => [
          row.memberNumber,
          row.memberName,
          row.poolName,
          `${row.number} of ${row.instalments}`,
          formatDisplayDate(row.dueOn),
          { cents: row.amountCents },
          { cents: row.paidCents },
          { cents: row.amountCents - row.paidCents },
          labels[row.status],
          String(row.daysOverdue),
        ]),
      );
      return { month, csv };
    },

    /**
     * The members behind: per membership, what is overdue (the instalments whose day has passed,
     * less what is paid), since the oldest such day, the longest behind first.
     */
    async arrears(query: ArrearsListQuery) {
      const day = today();
      // An instalment is behind when its day has passed and what is paid does not reach its cumulative sum.
      const behind = and(
        lt(contributionInstalments.dueOn, day),
        sql`${contributionInstalments.cumulativeCents} > ${memberships.totalPaidCents}`,
        eq(memberships.contributionStatus, 'approved'),
        inArray(pools.status, [...payingPools]),
        query.poolId ? eq(memberships.poolId, query.poolId) : undefined,
        searchCondition(query.search),
      );
      const overdueCents = sql`sum(${contributionInstalments.amountCents} - ${paidSql})`;
      const oldest = sql<string>`min(${contributionInstalments.dueOn})::text`;
      const grouped = db
        .select({
          // Aliased: three tables' `id` columns in one subquery.
          membershipId: sql<string>`${memberships.id}`.as('membership_id'),
          userId: sql<string>`${users.id}`.as('user_id'),
          memberName: sql<string>`coalesce(${users.fullName}, ${users.email})`.as('member_name'),
          phoneNumber: sql<string | null>`${users.phoneNumber}`.as('phone_number'),
          poolId: sql<string>`${pools.id}`.as('pool_id'),
          poolName: sql<string>`${pools.name}`.as('pool_name'),
          overdueCents: overdueCents.mapWith(Number).as('overdue_cents'),
          instalments: sql<number>`count(*)`.mapWith(Number).as('instalments'),
          oldestDueOn: oldest.as('oldest_due_on'),
        })
        .from(contributionInstalments)
        .innerJoin(memberships, eq(memberships.id, contributionInstalments.membershipId))
        .innerJoin(pools, eq(pools.id, memberships.poolId))
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(behind)
        .groupBy(memberships.id, users.id, pools.id)
        .as('behind');
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(grouped)
          .orderBy(asc(grouped.oldestDueOn), asc(grouped.memberName), asc(grouped.membershipId))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({
            members: sql`count(*)`.mapWith(Number),
            overdue: sql`coalesce(sum(${grouped.overdueCents}), 0)`.mapWith(Number),
          })
          .from(grouped),
      ]);
      return {
        today: day,
        rows: rows.map((row) => ({
          membershipId: row.membershipId,
          userId: row.userId,
          memberNumber: memberNumberOf(row.userId),
          memberName: row.memberName,
          phoneNumber: row.phoneNumber,
          poolId: row.poolId,
          poolName: row.poolName,
          overdue: centsToRand(Number(row.overdueCents)),
          instalments: Number(row.instalments),
          oldestDueOn: String(row.oldestDueOn),
          daysOverdue: daysBetween(String(row.oldestDueOn), day),
        })),
        totals: { members: totals!.members, overdue: centsToRand(totals!.overdue) },
        pagination: {
          page: query.page,
          limit: query.limit,
          total: totals!.members,
          totalPages: Math.max(1, Math.ceil(totals!.members / query.limit)),
        },
      };
    },
  };
}

export type ContributionService = ReturnType<typeof createContributionService>;
