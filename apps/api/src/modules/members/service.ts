import {
  centsToRand,
  formatLoanNumber,
  memberListOrders,
  memberMessages,
  memberSortFields,
  pageWindow,
  type LoanStatus,
  type MemberListQuery,
} from '@letsema/domain';
import { and, asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  accountCounts,
  auditLog,
  exitRequests,
  loans,
  logins,
  memberships,
  payments,
  pools,
  sessions,
  users,
  withdrawals,
} from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { invalidState, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/tokens.js';
import { notifyMember } from '../notifications/service.js';

/**
 * The members directory for member-management admins: search (name, e-mail, phone, the last four
 * digits of the ID number), filters and sorting with paging on the server, a member's page with
 * their money and the audit trail of decisions about them, and suspension with a reason.
 */
/** The directory counts matching members up to this many; past it the total reads "10 000+". */
export const DIRECTORY_COUNT_CAP = 10_000;

/** What the directory shows of each member (a member's own page adds to it). */
const directoryColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  registrationStatus: users.registrationStatus,
  accountStatus: users.accountStatus,
  createdAt: users.createdAt,
};

export function createMemberService(deps: { db: Db; config: Pick<Config, 'publicUrl'> }) {
  const { db, config } = deps;

  // A literal, not a parameter: the directory's partial index is made for it, and a plan PostgreSQL
  // keeps for a prepared page can use that index only if the statement says `false` itself.
  const everyMember = sql`${users.isAdmin} = false`;
  /** The directory's order: the sort chosen, ties by id (of the table, or of a page taken from it). */
  const directoryOrder = (
    columns: Record<'fullName' | 'email' | 'registrationStatus' | 'createdAt' | 'id', AnyColumn>,
    sort: MemberListQuery['sort'],
    order: MemberListQuery['order'],
  ): SQL[] => {
    const direction = order === 'asc' ? asc : desc;
    return sort === 'name'
      ? [direction(sql`lower(coalesce(${columns.fullName}, ${columns.email}))`), asc(columns.id)]
      : sort === 'status'
        ? [direction(columns.registrationStatus), asc(columns.id)]
        : [direction(columns.createdAt), asc(columns.id)];
  };
  // What every visit to the directory reads, prepared once (parsed and planned once a connection):
  // the whole directory's pages in each order, its count, and the pools the members of a page hold.
  const directoryPage = (sort: MemberListQuery['sort'], order: MemberListQuery['order']) =>
    db
      .select(directoryColumns)
      .from(users)
      .where(everyMember)
      .orderBy(...directoryOrder(users, sort, order))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`members_page_${sort}_${order}`);
  const wholeDirectoryPage = Object.fromEntries(
    memberSortFields.map((sort) => [
      sort,
      Object.fromEntries(memberListOrders.map((order) => [order, directoryPage(sort, order)])),
    ]),
  ) as Record<MemberListQuery['sort'], Record<MemberListQuery['order'], ReturnType<typeof directoryPage>>>;
  const membersCount = db
    .select({ count: accountCounts.count })
    .from(accountCounts)
    .where(eq(accountCounts.name, 'members'))
    .prepare('members_count');
  const poolsHeld = db
    .select({
      userId: memberships.userId,
      name: pools.name,
      status: memberships.contributionStatus,
      totalPaidCents: memberships.totalPaidCents,
    })
    .from(memberships)
    .innerJoin(pools, eq(pools.id, memberships.poolId))
    .where(
      and(
        sql`${memberships.userId} = any(${sql.placeholder('userIds')}::uuid[])`,
        inArray(memberships.contributionStatus, ['pending', 'approved']),
      ),
    )
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .prepare('members_pools_held');

  const assertId = (id: string) => {
    if (!isUuid(id)) throw notFound(memberMessages.notFound);
    return id;
  };

  return {
    /**
     * A page of the directory, with the pools each member holds, and the total: for the whole
     * directory, the members count the database keeps; for a search or filter, the matching members
     * counted up to a cap, so a page costs the same however many members there are (past it the
     * directory says "10 000+" and the search narrows it).
     */
    async list(query: MemberListQuery) {
      const term = query.search?.trim();
      const conditions: (SQL | undefined)[] = [];
      if (term) {
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(users.fullName, like),
            ilike(users.email, like),
            ilike(users.phoneNumber, like),
            // Only the last four digits of an ID number are searched, never the whole number.
            /^\d{4}$/.test(term) ? sql`right(${users.nationalId}, 4) = ${term}` : undefined,
          ),
        );
      }
      if (query.registrationStatus) conditions.push(eq(users.registrationStatus, query.registrationStatus));
      if (query.accountStatus) conditions.push(eq(users.accountStatus, query.accountStatus));
      if (query.poolId) {
        conditions.push(
          sql`exists (select 1 from ${memberships} m where m.user_id = ${users.id} and m.pool_id = ${query.poolId} and m.contribution_status in ('pending', 'approved'))`,
        );
      }
      const where = and(everyMember, ...conditions);
      const [rows, total] = await Promise.all([
        conditions.length === 0
          ? wholeDirectoryPage[query.sort][query.order].execute(pageWindow(query))
          : db
              .select(directoryColumns)
              .from(users)
              .where(where)
              .orderBy(...directoryOrder(users, query.sort, query.order))
              .limit(query.limit)
              .offset((query.page - 1) * query.limit),
        conditions.length === 0
          ? membersCount.execute().then(([row]) => Number(row?.count ?? 0))
          : db
              .select({ count: sql<number>`count(*)::int` })
              .from(
                db
                  .select({ one: sql`1` })
                  .from(users)
                  .where(where)
                  .limit(DIRECTORY_COUNT_CAP + 1)
                  .as('matching'),
              )
              .then(([row]) => row?.count ?? 0),
      ]);
      const held = rows.length ? await poolsHeld.execute({ userIds: rows.map((row) => row.id) }) : [];
      const capped = conditions.length > 0 && total > DIRECTORY_COUNT_CAP;
      return {
        items: rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          pools: held
            .filter((each) => each.userId === row.id)
            .map((each) => ({ name: each.name, status: each.status, totalPaid: centsToRand(each.totalPaidCents) })),
        })),
        total: capped ? DIRECTORY_COUNT_CAP : total,
        totalIsCapped: capped,
        page: query.page,
        limit: query.limit,
      };
    },

    async get(rawId: string) {
      const id = assertId(rawId);
      const [member] = await db
        .select({ ...directoryColumns, emailVerifiedAt: logins.emailVerifiedAt, isAdmin: users.isAdmin })
        .from(users)
        .innerJoin(logins, eq(logins.id, users.loginId))
        .where(eq(users.id, id));
      if (!member || member.isAdmin) throw notFound(memberMessages.notFound);
      const [held, paid, borrowed, exits, taken] = await Promise.all([
        db
          .select({ m: memberships, pool: pools.name })
          .from(memberships)
          .innerJoin(pools, eq(pools.id, memberships.poolId))
          .where(eq(memberships.userId, id))
          .orderBy(desc(memberships.createdAt)),
        db.select().from(payments).where(eq(payments.userId, id)).orderBy(desc(payments.createdAt)).limit(50),
        db.select().from(loans).where(eq(loans.userId, id)).orderBy(desc(loans.createdAt)).limit(20),
        db
          .select()
          .from(exitRequests)
          .where(eq(exitRequests.userId, id))
          .orderBy(desc(exitRequests.createdAt))
          .limit(20),
        db.select().from(withdrawals).where(eq(withdrawals.userId, id)).orderBy(desc(withdrawals.createdAt)).limit(20),
      ]);
      const targets = [
        id,
        ...held.map((h) => h.m.id),
        ...paid.map((p) => p.id),
        ...borrowed.map((l) => l.id),
        ...exits.map((e) => e.id),
        ...taken.map((w) => w.id),
      ];
      const trail = await db
        .select({ a: auditLog, actor: users.fullName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(inArray(auditLog.targetId, targets))
        .orderBy(desc(auditLog.createdAt))
        .limit(100);
      return {
        ...member,
        emailVerifiedAt: member.emailVerifiedAt?.toISOString() ?? null,
        createdAt: member.createdAt.toISOString(),
        memberships: held.map(({ m, pool }) => ({
          id: m.id,
          pool,
          status: m.contributionStatus,
          shares: m.numberOfShares,
          totalCommitment: centsToRand(m.totalCommitmentCents),
          totalPaid: centsToRand(m.totalPaidCents),
          returns: centsToRand(m.actualReturnCents),
          returnsPaid: centsToRand(m.returnsPaidCents),
        })),
        payments: paid.map((p) => ({
          id: p.id,
          amount: centsToRand(p.amountCents),
          status: p.status,
          type: p.type,
          createdAt: p.createdAt.toISOString(),
        })),
        loans: borrowed.map((l) => ({
          id: l.id,
          number: formatLoanNumber(l.number),
          status: l.status as LoanStatus,
          amount: centsToRand(l.principalCents),
          createdAt: l.createdAt.toISOString(),
        })),
        exits: exits.map((e) => ({
          id: e.id,
          status: e.status,
          noticeEndsOn: e.noticeEndsOn,
          createdAt: e.createdAt.toISOString(),
        })),
        withdrawals: taken.map((w) => ({
          id: w.id,
          status: w.status,
          amount: centsToRand(w.amountCents),
          createdAt: w.createdAt.toISOString(),
        })),
        auditTrail: trail.map(({ a, actor }) => ({
          id: a.id,
          action: a.action,
          actor: actor ?? null,
          outcome: a.outcome,
          createdAt: a.createdAt.toISOString(),
        })),
      };
    },

    async setStatus(actorId: string, rawId: string, status: 'active' | 'suspended', reason: string) {
      const id = assertId(rawId);
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ accountStatus: users.accountStatus, isAdmin: users.isAdmin })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        if (!before || before.isAdmin) throw notFound(memberMessages.notFound);
        if (before.accountStatus === status) {
          throw invalidState(status === 'suspended' ? memberMessages.alreadySuspended : memberMessages.notSuspended);
        }
        await tx.update(users).set({ accountStatus: status, updatedAt: new Date() }).where(eq(users.id, id));
        // Suspension ends every session at once; the guard refuses old tokens too.
        if (status === 'suspended') await tx.delete(sessions).where(eq(sessions.userId, id));
        await writeAudit(tx, {
          actorId,
          action: status === 'suspended' ? 'member.suspend' : 'member.reactivate',
          targetType: 'user',
          targetId: id,
          before: { accountStatus: before.accountStatus },
          after: { accountStatus: status, reason },
        });
        await notifyMember(tx, config.publicUrl, {
          userId: id,
          category: 'registration',
          title: status === 'suspended' ? 'Account suspended' : 'Account reactivated',
          paragraphs: [
            status === 'suspended'
              ? `Your Letsema account has been suspended: ${reason} Please contact the cooperative if you think this is a mistake.`
              : `Your Letsema account is active again: ${reason}`,
          ],
          path: '/dashboard',
        });
      });
      return this.get(id);
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
