import {
  canDecide,
  dayOf,
  formatDisplayDate,
  formatLoanNumber,
  formatPeriod,
  formatRand,
  hasRole,
  monthEndStepLabels,
  nextMonthEndStep,
  payoutRecord,
  periodOf,
  queuesFor,
  ruleForApprovals,
  TASKS_SHOWN_PER_QUEUE,
  type MakerCheckerRecord,
  type MonthEndStep,
  type MyTasks,
  type QueueKey,
  type TaskItem,
} from '@letsema/domain';
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  accountingPeriods,
  accountLinks,
  correctionRequests,
  exitRequests,
  expenses,
  income,
  loanPenaltyWaivers,
  loanRepayments,
  loans,
  memberships,
  payments,
  periodReopenRequests,
  pools,
  recordReversalRequests,
  staffGrants,
  users,
  withdrawals,
} from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import type { BooksClock } from '../books/clock.js';
import { eachQueue, waitingRows } from '../queues/waiting.js';
import { roleNames } from '../staff/grants.js';

/** One item of a queue as read: `isTheirs` when this admin may decide it, else another admin does. */
interface Found {
  id: string;
  title: string;
  detail: string;
  /** The page of this one item, when the queue's page has one; otherwise the queue's page. */
  path?: string;
  since: Date;
  isTheirs: boolean;
}

/** Each queue's oldest items the list shows, and one row past them to tell whether it holds more. */
const LIMIT = TASKS_SHOWN_PER_QUEUE + 1;

/**
 * Reads queue `key`: its rows waiting (the condition the dashboard counts by), oldest first along its
 * index, each as the admin sees it.
 */
function oldest<Q extends PgSelect>(
  query: Q,
  key: QueueKey,
  [at, id]: [PgColumn, PgColumn],
  toFound: (row: Q['_']['result'][number], admin: AuthUser) => Found,
) {
  const rows = query.where(waitingRows[key].where).orderBy(asc(at), asc(id)).limit(LIMIT).prepare(`tasks_${key}`);
  return async (admin: AuthUser) => (await rows.execute()).map((row) => toFound(row, admin));
}
/** The months not yet closed that My Tasks lists, oldest first. */
const MONTHS_SHOWN = 12;

const nameOf = (name: string | null) => name ?? 'a member';
const approvals = (approverIds: readonly string[], needed: number) =>
  needed > 1 ? ` · ${approverIds.length} of ${needed} approvals` : '';

/**
 * My Tasks: every item of the queues this admin's roles decide (`waitingQueues`, read by the same
 * conditions the dashboard counts), oldest first, split by maker-checker into what waits for their
 * decision and what waits for another admin's; and the months to close for month-end admins.
 */
export function createTaskService(deps: { db: Db; clock: BooksClock }) {
  const { db, clock } = deps;

  /** Whether `adminId` may decide a record, by the rule the decision itself is checked with. */
  const mayDecide = (adminId: string, record: MakerCheckerRecord, needed = 1) =>
    canDecide(adminId, record, ruleForApprovals(needed)).allowed;

  // Each queue's oldest `LIMIT` items, one indexed query each in the queue's own order, prepared once
  // (the database parses and plans it once a connection, not on every call), and each item as this
  // admin sees it: theirs to decide, or waiting for another admin.
  const maker = alias(users, 'maker');
  const readers: Record<QueueKey, (admin: AuthUser) => Promise<Found[]>> = {
    registrations: oldest(
      db
        .select({ id: users.id, fullName: users.fullName, email: users.email, since: users.submittedAt })
        .from(users)
        .$dynamic(),
      'registrations',
      [users.submittedAt, users.id],
      (row) => ({
        id: row.id,
        title: `Registration of ${row.fullName ?? row.email}`,
        detail: 'Identity documents and next of kin to review',
        path: `/admin/members/pending/${row.id}`,
        since: row.since!,
        isTheirs: true,
      }),
    ),
    corrections: oldest(
      db
        .select({ row: correctionRequests, who: users.fullName })
        .from(correctionRequests)
        .innerJoin(users, eq(users.id, correctionRequests.userId))
        .$dynamic(),
      'corrections',
      [correctionRequests.createdAt, correctionRequests.id],
      ({ row, who }, admin) => ({
        id: row.id,
        title: `Correction asked by ${nameOf(who)}`,
        detail: `About: ${row.field}`,
        since: row.createdAt,
        isTheirs: row.userId !== admin.id,
      }),
    ),
    passwordResets: oldest(
      db
        .select({ row: accountLinks, who: users.fullName, makerName: maker.fullName })
        .from(accountLinks)
        .innerJoin(users, eq(users.id, accountLinks.userId))
        .leftJoin(maker, eq(maker.id, accountLinks.requestedBy))
        .$dynamic(),
      'passwordResets',
      [accountLinks.createdAt, accountLinks.id],
      ({ row, who, makerName }, admin) => ({
        id: row.id,
        title: `Approve the password reset of ${nameOf(who)}`,
        detail: `Started by ${makerName ?? 'a former admin'}; expires ${formatDisplayDate(row.expiresAt)}`,
        path: `/admin/members/${row.userId}`,
        since: row.createdAt,
        isTheirs: mayDecide(admin.id, { makerId: row.requestedBy ?? '', amountCents: 0, approverIds: [] }),
      }),
    ),
    poolRequests: oldest(
      db
        .select({
          row: { id: memberships.id, userId: memberships.userId, createdAt: memberships.createdAt },
          who: users.fullName,
          pool: pools.name,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(pools, eq(pools.id, memberships.poolId))
        .$dynamic(),
      'poolRequests',
      [memberships.createdAt, memberships.id],
      ({ row, who, pool }, admin) => ({
        id: row.id,
        title: `${who ?? 'A member'} asks to join ${pool}`,
        detail: 'Membership request',
        since: row.createdAt,
        isTheirs: row.userId !== admin.id,
      }),
    ),
    payments: oldest(
      db
        .select({
          row: {
            id: payments.id,
            userId: payments.userId,
            amountCents: payments.amountCents,
            createdAt: payments.createdAt,
          },
          who: users.fullName,
        })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .$dynamic(),
      'payments',
      [payments.createdAt, payments.id],
      ({ row, who }, admin) => ({
        id: row.id,
        title: `Payment of ${formatRand(row.amountCents)} from ${nameOf(who)}`,
        detail: 'Proof of payment to check',
        since: row.createdAt,
        // An admin's own payment is never theirs to check.
        isTheirs: row.userId !== admin.id,
      }),
    ),
    loanRepayments: oldest(
      db
        .select({ row: loanRepayments, who: users.fullName, number: loans.number })
        .from(loanRepayments)
        .innerJoin(users, eq(users.id, loanRepayments.userId))
        .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
        .$dynamic(),
      'loanRepayments',
      [loanRepayments.createdAt, loanRepayments.id],
      ({ row, who, number }, admin) => ({
        id: row.id,
        title: `Loan repayment of ${formatRand(row.amountCents)} from ${nameOf(who)}`,
        detail: `${formatLoanNumber(number)}: proof of payment to check`,
        since: row.createdAt,
        isTheirs: row.userId !== admin.id,
      }),
    ),
    loans: oldest(
      db
        .select({ row: loans, who: users.fullName })
        .from(loans)
        .innerJoin(users, eq(users.id, loans.userId))
        .$dynamic(),
      'loans',
      [loans.createdAt, loans.id],
      ({ row, who }, admin) => {
        const isApproval = row.status === 'pending';
        // Nobody decides a loan they asked for or guarantee; whoever approved it does not pay it out.
        const isParty = row.userId === admin.id || row.guarantorId === admin.id;
        return {
          id: row.id,
          title: `${isApproval ? 'Approve' : 'Pay out'} the loan of ${formatRand(row.principalCents)} to ${nameOf(who)}`,
          detail: `${formatLoanNumber(row.number)}${isApproval ? approvals(row.approverIds, row.approvalsNeeded) : ''}`,
          path: `/admin/loans/${row.id}`,
          since: row.approvedAt ?? row.createdAt,
          isTheirs:
            !isParty &&
            (isApproval
              ? mayDecide(
                  admin.id,
                  { makerId: row.userId, amountCents: row.principalCents, approverIds: row.approverIds },
                  row.approvalsNeeded,
                )
              : !row.approverIds.includes(admin.id)),
        };
      },
    ),
    loanWaivers: oldest(
      db
        .select({ row: loanPenaltyWaivers, number: loans.number, borrower: loans.userId })
        .from(loanPenaltyWaivers)
        .innerJoin(loans, eq(loans.id, loanPenaltyWaivers.loanId))
        .$dynamic(),
      'loanWaivers',
      [loanPenaltyWaivers.createdAt, loanPenaltyWaivers.id],
      ({ row, number, borrower }, admin) => ({
        id: row.id,
        title: `Waive a late penalty of ${formatRand(row.amountCents)} on ${formatLoanNumber(number)}?`,
        detail: row.reason,
        path: `/admin/loans/${row.loanId}`,
        since: row.createdAt,
        isTheirs: row.requestedBy !== admin.id && borrower !== admin.id,
      }),
    ),
    withdrawals: oldest(
      db
        .select({ row: withdrawals, who: users.fullName })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .$dynamic(),
      'withdrawals',
      [withdrawals.createdAt, withdrawals.id],
      ({ row, who }, admin) => {
        const isApproval = row.status === 'requested';
        // The member does not approve their own; whoever approved it does not also pay it.
        const maker = isApproval ? row.userId : row.approvedBy;
        return {
          id: row.id,
          title: `${isApproval ? 'Approve' : 'Pay'} the withdrawal of ${formatRand(row.amountCents)} by ${nameOf(who)}`,
          detail: `${row.bankName} …${row.accountNumber.slice(-4)}`,
          since: row.approvedAt ?? row.createdAt,
          isTheirs: mayDecide(admin.id, { makerId: maker ?? '', amountCents: row.amountCents, approverIds: [] }),
        };
      },
    ),
    exits: oldest(
      db
        .select({ row: exitRequests, who: users.fullName })
        .from(exitRequests)
        .innerJoin(users, eq(users.id, exitRequests.userId))
        .$dynamic(),
      'exits',
      [exitRequests.createdAt, exitRequests.id],
      ({ row, who }, admin) => {
        const payout = `Payout ${formatRand(row.payoutCents ?? 0)}`;
        if (row.status === 'requested') {
          // The cooperative's calendar day, as the notice was counted.
          const hasRun = row.noticeEndsOn <= dayOf(clock.now());
          return {
            id: row.id,
            title: `Settle the exit of ${nameOf(who)}`,
            detail: hasRun ? 'The notice has run' : `In notice until ${formatDisplayDate(row.noticeEndsOn)}`,
            since: row.createdAt,
            isTheirs: row.userId !== admin.id,
          };
        }
        if (row.status === 'settled') {
          return {
            id: row.id,
            title: `Approve the exit of ${nameOf(who)}`,
            detail: payout,
            since: row.preparedAt ?? row.createdAt,
            isTheirs: mayDecide(
              admin.id,
              { makerId: row.preparedBy ?? '', amountCents: row.payoutCents ?? 0, approverIds: row.approverIds },
              row.approvalsNeeded,
            ),
          };
        }
        return {
          id: row.id,
          title: `Pay the exit of ${nameOf(who)}`,
          detail: payout,
          since: row.updatedAt,
          // Whoever approved it does not also pay it.
          isTheirs: mayDecide(admin.id, payoutRecord(admin.id, row.approverIds, row.payoutCents ?? 0)),
        };
      },
    ),
    expenses: oldest(
      db.select().from(expenses).$dynamic(),
      'expenses',
      [expenses.createdAt, expenses.id],
      (row, admin) => ({
        id: row.id,
        title: `Expense of ${formatRand(row.amountCents)}`,
        detail: `${row.description}${approvals(row.approverIds, row.approvalsNeeded)}`,
        since: row.createdAt,
        isTheirs: mayDecide(
          admin.id,
          { makerId: row.recordedBy, amountCents: row.amountCents, approverIds: row.approverIds },
          row.approvalsNeeded,
        ),
      }),
    ),
    income: oldest(db.select().from(income).$dynamic(), 'income', [income.createdAt, income.id], (row, admin) => ({
      id: row.id,
      title: `Income of ${formatRand(row.amountCents)}`,
      detail: row.description,
      since: row.createdAt,
      isTheirs: row.recordedBy !== admin.id,
    })),
    expenseReversals: oldest(
      db
        .select({ row: recordReversalRequests, recordedBy: expenses.recordedBy, approverIds: expenses.approverIds })
        .from(recordReversalRequests)
        .innerJoin(expenses, eq(expenses.id, recordReversalRequests.expenseId))
        .$dynamic(),
      'expenseReversals',
      [recordReversalRequests.createdAt, recordReversalRequests.id],
      ({ row, recordedBy, approverIds }, admin) => reversal(admin, row, 'an expense', [recordedBy, ...approverIds]),
    ),
    incomeReversals: oldest(
      db
        .select({ row: recordReversalRequests, recordedBy: income.recordedBy, decidedBy: income.decidedBy })
        .from(recordReversalRequests)
        .innerJoin(income, eq(income.id, recordReversalRequests.incomeId))
        .$dynamic(),
      'incomeReversals',
      [recordReversalRequests.createdAt, recordReversalRequests.id],
      ({ row, recordedBy, decidedBy }, admin) =>
        reversal(admin, row, 'income', decidedBy ? [recordedBy, decidedBy] : [recordedBy]),
    ),
    monthRequests: oldest(
      db.select().from(periodReopenRequests).$dynamic(),
      'monthRequests',
      [periodReopenRequests.createdAt, periodReopenRequests.id],
      (row, admin) => ({
        id: row.id,
        title: `${row.kind === 'unlock' ? 'Unlock' : 'Reopen'} ${formatPeriod(row.period)}?`,
        detail: row.reason,
        since: row.createdAt,
        isTheirs: row.requestedBy !== admin.id,
      }),
    ),
    staffGrants: oldest(
      db
        .select({ row: staffGrants, who: users.fullName, email: users.email, makerName: maker.fullName })
        .from(staffGrants)
        .innerJoin(users, eq(users.id, staffGrants.userId))
        .leftJoin(maker, eq(maker.id, staffGrants.makerId))
        .$dynamic(),
      'staffGrants',
      [staffGrants.createdAt, staffGrants.id],
      ({ row, who, email, makerName }, admin) => ({
        id: row.id,
        title: `${row.kind === 'invitation' ? 'Approve the invitation of' : 'Approve new roles for'} ${who ?? email}`,
        detail: `${roleNames(row.roles)} · asked by ${makerName ?? 'a former admin'}`,
        since: row.createdAt,
        // Never its maker, never the admin it is for.
        isTheirs: row.makerId !== admin.id && row.userId !== admin.id,
      }),
    ),
  };

  /** A reversal is never decided by who asked for it, recorded the record or approved it. */
  function reversal(
    admin: AuthUser,
    row: typeof recordReversalRequests.$inferSelect,
    what: 'income' | 'an expense',
    makerIds: string[],
  ): Found {
    return {
      id: row.id,
      title: `Reverse ${what} of ${formatRand(row.amountCents)}?`,
      detail: `${row.reason}${approvals(row.approverIds, row.approvalsNeeded)}`,
      since: row.createdAt,
      isTheirs: mayDecide(
        admin.id,
        {
          makerId: row.requestedBy,
          otherMakerIds: makerIds,
          amountCents: row.amountCents,
          approverIds: row.approverIds,
        },
        row.approvalsNeeded,
      ),
    };
  }

  const pastMonthOpen = and(
    ne(accountingPeriods.status, 'closed'),
    lt(accountingPeriods.period, sql.placeholder('period')),
  );
  const whatIsThere = db
    .select({
      ...eachQueue((table, where) => sql<boolean>`exists (select 1 from ${table} where ${where})`),
      monthsOpen: sql<boolean>`exists (select 1 from ${accountingPeriods} where ${pastMonthOpen})`,
    })
    .from(sql`(select) as one`)
    .prepare('tasks_what_is_there');
  const openMonthsBefore = db
    .select({
      period: accountingPeriods.period,
      steps: accountingPeriods.steps,
      calculatedBy: sql<string | null>`${accountingPeriods.calculation} ->> 'calculatedBy'`,
      since: accountingPeriods.updatedAt,
    })
    .from(accountingPeriods)
    .where(pastMonthOpen)
    .orderBy(asc(accountingPeriods.period))
    .limit(MONTHS_SHOWN)
    .prepare('tasks_open_months');

  /** The months past and not closed, each at its next step (no queue: the calendar puts them here). */
  async function monthsToClose(admin: AuthUser): Promise<(TaskItem & { isTheirs: boolean })[]> {
    const rows = await openMonthsBefore.execute({ period: periodOf(clock.now()) });
    return rows.flatMap((row) => {
      const done = Object.keys(row.steps) as MonthEndStep[];
      const next = nextMonthEndStep(done);
      if (!next) return [];
      return {
        queue: null,
        id: row.period,
        title: `Month end of ${formatPeriod(row.period)}: ${monthEndStepLabels[next]}`,
        detail: `${done.length} of 6 steps done`,
        path: '/admin/month-end',
        since: row.since.toISOString(),
        // Whoever calculated the allocation does not also post it.
        isTheirs: !(next === 'allocate' && row.calculatedBy === admin.id),
      };
    });
  }

  return {
    async tasksFor(admin: AuthUser): Promise<MyTasks> {
      // One statement first tells which queues hold anything (one index probe each) and whether a
      // past month is open: only those are read.
      const [present] = await whatIsThere.execute({ period: periodOf(clock.now()) });
      const queues = queuesFor(admin).filter((queue) => present?.[queue.key] === true);
      const [found, months] = await Promise.all([
        Promise.all(queues.map((queue) => readers[queue.key](admin))),
        present?.monthsOpen && hasRole(admin, 'month_end') ? monthsToClose(admin) : [],
      ]);
      const tasks: MyTasks = { waiting: [], started: [], more: [] };
      queues.forEach((queue, index) => {
        const rows = found[index]!;
        if (rows.length > TASKS_SHOWN_PER_QUEUE)
          tasks.more.push({ queue: queue.key, label: queue.label, path: queue.path });
        for (const { isTheirs, path, since, ...item } of rows.slice(0, TASKS_SHOWN_PER_QUEUE)) {
          const task = { queue: queue.key, ...item, path: path ?? queue.path, since: since.toISOString() };
          (isTheirs ? tasks.waiting : tasks.started).push(task);
        }
      });
      for (const { isTheirs, ...task } of months) (isTheirs ? tasks.waiting : tasks.started).push(task);
      const byAge = (a: TaskItem, b: TaskItem) => a.since.localeCompare(b.since);
      tasks.waiting.sort(byAge);
      tasks.started.sort(byAge);
      return tasks;
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
