import {
  canDecide,
  dayOf,
  formatLoanNumber,
  formatPeriod,
  formatRand,
  hasRole,
  monthEndStepLabels,
  nextMonthEndStep,
  payoutRecord,
  periodOf,
  singleChecker,
  TASKS_SHOWN_PER_QUEUE,
  type MakerCheckerRecord,
  type MonthEndStep,
} from '@letsema/domain';
import { and, Column, eq, getTableName, is, isNotNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  accountingPeriods,
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
  users,
  withdrawals,
} from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import { awaitingReview } from '../admin/review-service.js';
import { pendingPayment, pendingPoolRequest } from '../investing/service.js';
import { loanAwaitingDecision, pendingLoanRepayment } from '../loans/service.js';
import { openExit, openWithdrawal } from '../payouts/service.js';
import type { BooksClock } from '../books/records-service.js';

/** One thing waiting for a decision, as My Tasks lists it. */
export interface TaskItem {
  kind: string;
  id: string;
  title: string;
  detail: string;
  /** The admin page where it is decided. */
  path: string;
  since: string;
}

/** A queue that holds more than the list shows, and where all of it is. */
export interface TaskQueueLink {
  kind: string;
  label: string;
  path: string;
}

const queueLinks = {
  registrations: { kind: 'registration', label: 'Registrations', path: '/admin/members/pending' },
  corrections: { kind: 'correction', label: 'Correction requests', path: '/admin/tasks' },
  payments: { kind: 'payment', label: 'Payments', path: '/admin/payments/pending' },
  poolRequests: { kind: 'pool-request', label: 'Pool requests', path: '/admin/pool-requests' },
  income: { kind: 'income', label: 'Income', path: '/admin/investment/income' },
  expenses: { kind: 'expense', label: 'Expenses', path: '/admin/expenses' },
  incomeReversals: { kind: 'income-reversal', label: 'Income reversals', path: '/admin/investment/income' },
  expenseReversals: { kind: 'expense-reversal', label: 'Expense reversals', path: '/admin/expenses' },
  exits: { kind: 'exit', label: 'Exit requests', path: '/admin/exits' },
  withdrawals: { kind: 'withdrawal', label: 'Withdrawals', path: '/admin/withdrawals' },
  loans: { kind: 'loan', label: 'Loans', path: '/admin/loans' },
  waivers: { kind: 'loan-waiver', label: 'Penalty waivers', path: '/admin/loans' },
  repayments: { kind: 'loan-repayment', label: 'Loan repayments', path: '/admin/loans/repayments' },
  reopen: { kind: 'reopen', label: 'Reopen requests', path: '/admin/month-end' },
} satisfies Record<string, TaskQueueLink>;

/** Each queue's oldest items the list shows, and one row past them to tell whether it holds more. */
const LIMIT = TASKS_SHOWN_PER_QUEUE + 1;

/**
 * A value as it arrives inside JSON the database wrote. An instant must be written with `isoTime`
 * (the text `toISOString` gives, which the items are sorted by); a bare timestamp column is a type
 * no item field accepts.
 */
type JsonOf<T> = T extends Date ? { readonly writeWithIsoTime: true } : T;
/** What a queue's JSON items hold, from the columns and expressions named for them. */
type QueueItem<F extends Record<string, AnyColumn | SQL<unknown>>> = {
  [K in keyof F]: F[K] extends SQL<infer T>
    ? T
    : F[K] extends AnyColumn
      ? JsonOf<F[K]['_']['data']> | (F[K]['_']['notNull'] extends true ? never : null)
      : never;
};

/** A timestamp as `toISOString` writes it (UTC, milliseconds, `Z`), inside the JSON the database writes. */
function isoTime(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `isoTime` of a timestamp that may be missing: null then. */
function isoTimeOrNull(column: AnyColumn): SQL<string | null> {
  return sql<string | null>`${isoTime(column)}`;
}

/** A column named with its table, as a select list inside a larger query needs it. */
function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * One queue of My Tasks inside the page's query: its first `limit` rows in `order` (oldest first),
 * each as a JSON object of `fields`, in one JSON array; null when the admin's roles leave it out
 * (the database then does not read it).
 */
function queue<F extends Record<string, AnyColumn | SQL<unknown>>>(
  shown: SQL,
  fields: F,
  from: SQL,
  where: SQL | undefined,
  order: [AnyColumn | SQL, AnyColumn],
  limit = LIMIT,
): SQL<QueueItem<F>[] | null> {
  const object = sql.join(
    // The keys are this file's own names, written into the statement as they are.
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );
  const [first, second] = order.map((key) => (is(key, Column) ? qualified(key) : key));
  return sql`case when ${shown} then (
    select coalesce(json_agg(q.item order by q.k1, q.k2), '[]'::json) from (
      select json_build_object(${object}) as item, ${first} as k1, ${second} as k2
      from ${from} where ${where} order by ${first}, ${second} limit ${sql.raw(String(limit))}
    ) q
  ) end`;
}

/** Which of the admin's roles lets them see each queue. */
const queueRoles = {
  members: 'member_management',
  payments: 'payment_management',
  investment: 'investment_management',
  expenses: 'expense_management',
  exits: 'exit_requests',
  loans: 'loan_management',
  monthEnd: 'month_end',
} as const satisfies Record<string, Parameters<typeof hasRole>[1]>;

const queueNames = Object.keys(queueRoles) as (keyof typeof queueRoles)[];

/**
 * My Tasks: everything waiting for this admin's decision by their roles, oldest first, and what
 * they started that waits for someone else. Maker-checker decides what counts as theirs to decide,
 * with the same rule the decision itself is checked by.
 */
export function createTaskService(deps: { db: Db; clock: BooksClock }) {
  const { db, clock } = deps;
  // What the statement takes from a request: whose tasks, the current period, and which queues the
  // admin's roles show.
  const request = (name: 'adminId' | 'current' | keyof typeof queueRoles) =>
    sql`${sql.placeholder(name)}::${sql.raw(name === 'adminId' ? 'uuid' : name === 'current' ? 'text' : 'boolean')}`;
  const adminId = request('adminId');
  // Every queue the page may show in one prepared query: one round trip however many roles the admin
  // holds, and the database writes the rows as JSON. A queue outside the admin's roles is null.
  const everyQueue = db
    .select({
      registrations: queue(
        request('members'),
        { id: users.id, fullName: users.fullName, email: users.email, since: isoTime(users.submittedAt) },
        sql`${users}`,
        awaitingReview,
        [users.submittedAt, users.id],
      ),
      corrections: queue(
        request('members'),
        {
          id: correctionRequests.id,
          field: correctionRequests.field,
          since: isoTime(correctionRequests.createdAt),
          who: users.fullName,
        },
        sql`${correctionRequests} inner join ${users} on ${users.id} = ${correctionRequests.userId}`,
        eq(correctionRequests.status, 'pending'),
        [correctionRequests.createdAt, correctionRequests.id],
      ),
      payments: queue(
        request('payments'),
        {
          id: payments.id,
          amountCents: payments.amountCents,
          since: isoTime(payments.createdAt),
          who: users.fullName,
        },
        sql`${payments} inner join ${users} on ${users.id} = ${payments.userId}`,
        // An admin's own payment is never theirs to check; left out here, so it takes no place in the list.
        and(pendingPayment, sql`${payments.userId} <> ${adminId}`),
        [payments.createdAt, payments.id],
      ),
      poolRequests: queue(
        request('investment'),
        { id: memberships.id, since: isoTime(memberships.createdAt), who: users.fullName, pool: pools.name },
        sql`${memberships} inner join ${users} on ${users.id} = ${memberships.userId}
          inner join ${pools} on ${pools.id} = ${memberships.poolId}`,
        and(pendingPoolRequest, sql`${memberships.userId} <> ${adminId}`),
        [memberships.createdAt, memberships.id],
      ),
      income: queue(
        request('investment'),
        {
          id: income.id,
          amountCents: income.amountCents,
          description: income.description,
          recordedBy: income.recordedBy,
          since: isoTime(income.createdAt),
        },
        sql`${income}`,
        eq(income.status, 'pending'),
        [income.createdAt, income.id],
      ),
      expenses: queue(
        request('expenses'),
        {
          id: expenses.id,
          amountCents: expenses.amountCents,
          description: expenses.description,
          recordedBy: expenses.recordedBy,
          approvalsNeeded: expenses.approvalsNeeded,
          approverIds: expenses.approverIds,
          since: isoTime(expenses.createdAt),
        },
        sql`${expenses}`,
        eq(expenses.status, 'pending'),
        [expenses.createdAt, expenses.id],
      ),
      incomeReversals: queue(
        request('investment'),
        {
          id: recordReversalRequests.id,
          amountCents: recordReversalRequests.amountCents,
          reason: recordReversalRequests.reason,
          requestedBy: recordReversalRequests.requestedBy,
          approvalsNeeded: recordReversalRequests.approvalsNeeded,
          approverIds: recordReversalRequests.approverIds,
          recordedBy: income.recordedBy,
          decidedBy: income.decidedBy,
          since: isoTime(recordReversalRequests.createdAt),
        },
        sql`${recordReversalRequests} inner join ${income} on ${income.id} = ${recordReversalRequests.incomeId}`,
        and(eq(recordReversalRequests.status, 'pending'), isNotNull(recordReversalRequests.incomeId)),
        [recordReversalRequests.createdAt, recordReversalRequests.id],
      ),
      expenseReversals: queue(
        request('expenses'),
        {
          id: recordReversalRequests.id,
          amountCents: recordReversalRequests.amountCents,
          reason: recordReversalRequests.reason,
          requestedBy: recordReversalRequests.requestedBy,
          approvalsNeeded: recordReversalRequests.approvalsNeeded,
          approverIds: recordReversalRequests.approverIds,
          recordedBy: expenses.recordedBy,
          recordApproverIds: expenses.approverIds,
          since: isoTime(recordReversalRequests.createdAt),
        },
        sql`${recordReversalRequests} inner join ${expenses} on ${expenses.id} = ${recordReversalRequests.expenseId}`,
        and(eq(recordReversalRequests.status, 'pending'), isNotNull(recordReversalRequests.expenseId)),
        [recordReversalRequests.createdAt, recordReversalRequests.id],
      ),
      exits: queue(
        request('exits'),
        {
          id: exitRequests.id,
          status: exitRequests.status,
          noticeEndsOn: exitRequests.noticeEndsOn,
          payoutCents: exitRequests.payoutCents,
          preparedBy: exitRequests.preparedBy,
          approverIds: exitRequests.approverIds,
          approvalsNeeded: exitRequests.approvalsNeeded,
          createdAt: isoTime(exitRequests.createdAt),
          preparedAt: isoTimeOrNull(exitRequests.preparedAt),
          updatedAt: isoTime(exitRequests.updatedAt),
          who: users.fullName,
        },
        sql`${exitRequests} inner join ${users} on ${users.id} = ${exitRequests.userId}`,
        openExit,
        [exitRequests.createdAt, exitRequests.id],
      ),
      withdrawals: queue(
        request('exits'),
        {
          id: withdrawals.id,
          status: withdrawals.status,
          userId: withdrawals.userId,
          approvedBy: withdrawals.approvedBy,
          amountCents: withdrawals.amountCents,
          bankName: withdrawals.bankName,
          accountNumber: withdrawals.accountNumber,
          createdAt: isoTime(withdrawals.createdAt),
          approvedAt: isoTimeOrNull(withdrawals.approvedAt),
          who: users.fullName,
        },
        sql`${withdrawals} inner join ${users} on ${users.id} = ${withdrawals.userId}`,
        openWithdrawal,
        [withdrawals.createdAt, withdrawals.id],
      ),
      loans: queue(
        request('loans'),
        {
          id: loans.id,
          status: loans.status,
          userId: loans.userId,
          guarantorId: loans.guarantorId,
          principalCents: loans.principalCents,
          number: loans.number,
          approvalsNeeded: loans.approvalsNeeded,
          approverIds: loans.approverIds,
          createdAt: isoTime(loans.createdAt),
          approvedAt: isoTimeOrNull(loans.approvedAt),
          who: users.fullName,
        },
        sql`${loans} inner join ${users} on ${users.id} = ${loans.userId}`,
        and(
          loanAwaitingDecision,
          sql`${loans.userId} <> ${adminId}`,
          sql`${loans.guarantorId} is distinct from ${adminId}`,
        ),
        [loans.updatedAt, loans.id],
      ),
      waivers: queue(
        request('loans'),
        {
          id: loanPenaltyWaivers.id,
          loanId: loanPenaltyWaivers.loanId,
          amountCents: loanPenaltyWaivers.amountCents,
          reason: loanPenaltyWaivers.reason,
          requestedBy: loanPenaltyWaivers.requestedBy,
          since: isoTime(loanPenaltyWaivers.createdAt),
          number: loans.number,
        },
        sql`${loanPenaltyWaivers} inner join ${loans} on ${loans.id} = ${loanPenaltyWaivers.loanId}`,
        and(eq(loanPenaltyWaivers.status, 'pending'), sql`${loans.userId} <> ${adminId}`),
        [loanPenaltyWaivers.createdAt, loanPenaltyWaivers.id],
      ),
      repayments: queue(
        request('payments'),
        {
          id: loanRepayments.id,
          amountCents: loanRepayments.amountCents,
          since: isoTime(loanRepayments.createdAt),
          who: users.fullName,
          number: loans.number,
        },
        sql`${loanRepayments} inner join ${users} on ${users.id} = ${loanRepayments.userId}
          inner join ${loans} on ${loans.id} = ${loanRepayments.loanId}`,
        and(pendingLoanRepayment, sql`${loanRepayments.userId} <> ${adminId}`),
        [loanRepayments.createdAt, loanRepayments.id],
      ),
      periods: queue(
        request('monthEnd'),
        {
          period: accountingPeriods.period,
          steps: accountingPeriods.steps,
          calculatedBy: sql<string | null>`${accountingPeriods.calculation} ->> 'calculatedBy'`,
          since: isoTime(accountingPeriods.updatedAt),
        },
        sql`${accountingPeriods}`,
        and(ne(accountingPeriods.status, 'closed'), sql`${accountingPeriods.period} < ${request('current')}`),
        [accountingPeriods.period, accountingPeriods.period],
        12,
      ),
      reopen: queue(
        request('monthEnd'),
        {
          id: periodReopenRequests.id,
          period: periodReopenRequests.period,
          reason: periodReopenRequests.reason,
          requestedBy: periodReopenRequests.requestedBy,
          since: isoTime(periodReopenRequests.createdAt),
        },
        sql`${periodReopenRequests}`,
        eq(periodReopenRequests.status, 'pending'),
        [periodReopenRequests.createdAt, periodReopenRequests.id],
      ),
    })
    .from(sql`(select 1) as one`)
    .prepare('tasks_every_queue');

  return {
    async tasksFor(admin: AuthUser) {
      const waiting: TaskItem[] = [];
      const started: TaskItem[] = [];
      const more: TaskQueueLink[] = [];
      /** A queue's rows the list shows; a queue with more is named in `more`. */
      const shown = <T>(rows: T[] | null, name: keyof typeof queueLinks): T[] => {
        if (!rows) return [];
        if (rows.length <= TASKS_SHOWN_PER_QUEUE) return rows;
        more.push(queueLinks[name]);
        return rows.slice(0, TASKS_SHOWN_PER_QUEUE);
      };
      const can = (role: Parameters<typeof hasRole>[1]) => hasRole(admin, role);
      const mayDecideOnce = (record: MakerCheckerRecord) => canDecide(admin.id, record, singleChecker()).allowed;
      const mayDecide = (makerId: string | null, amountCents: number, approverIds: readonly string[], needed = 1) =>
        canDecide(
          admin.id,
          { makerId: makerId ?? '', amountCents, approverIds },
          needed > 1 ? { dualApprovalAboveCents: -1 } : singleChecker(),
        ).allowed;
      const [queues] = await everyQueue.execute({
        adminId: admin.id,
        current: periodOf(clock.now()),
        ...(Object.fromEntries(queueNames.map((name) => [name, can(queueRoles[name])])) as Record<
          keyof typeof queueRoles,
          boolean
        >),
      });
      if (!queues) return { waiting, started, more };

      for (const row of shown(queues.registrations, 'registrations')) {
        waiting.push({
          kind: 'registration',
          id: row.id,
          title: `Registration of ${row.fullName ?? row.email}`,
          detail: 'Identity documents and next of kin to review',
          path: `/admin/members/pending/${row.id}`,
          since: row.since,
        });
      }
      for (const row of shown(queues.corrections, 'corrections')) {
        waiting.push({
          kind: 'correction',
          id: row.id,
          title: `Correction asked by ${row.who ?? 'a member'}`,
          detail: `About: ${row.field}`,
          path: '/admin/tasks',
          since: row.since,
        });
      }

      for (const row of shown(queues.payments, 'payments')) {
        waiting.push({
          kind: 'payment',
          id: row.id,
          title: `Payment of ${formatRand(row.amountCents)} from ${row.who ?? 'a member'}`,
          detail: 'Proof of payment to check',
          path: '/admin/payments/pending',
          since: row.since,
        });
      }

      for (const row of shown(queues.poolRequests, 'poolRequests')) {
        waiting.push({
          kind: 'pool-request',
          id: row.id,
          title: `${row.who ?? 'A member'} asks to join ${row.pool}`,
          detail: 'Membership request',
          path: '/admin/pool-requests',
          since: row.since,
        });
      }
      for (const row of shown(queues.income, 'income')) {
        const item = {
          kind: 'income',
          id: row.id,
          title: `Income of ${formatRand(row.amountCents)}`,
          detail: row.description,
          path: '/admin/investment/income',
          since: row.since,
        };
        if (row.recordedBy === admin.id) started.push(item);
        else waiting.push(item);
      }

      for (const row of shown(queues.expenses, 'expenses')) {
        const item = {
          kind: 'expense',
          id: row.id,
          title: `Expense of ${formatRand(row.amountCents)}`,
          detail: `${row.description}${row.approvalsNeeded > 1 ? ` · ${row.approverIds.length} of ${row.approvalsNeeded} approvals` : ''}`,
          path: '/admin/expenses',
          since: row.since,
        };
        if (mayDecide(row.recordedBy, row.amountCents, row.approverIds, row.approvalsNeeded)) waiting.push(item);
        else started.push(item);
      }

      // A reversal is never decided by who asked for it, recorded the record or approved it.
      const reversalItem = (
        kind: 'income-reversal' | 'expense-reversal',
        row: {
          id: string;
          amountCents: number;
          reason: string;
          requestedBy: string;
          approvalsNeeded: number;
          approverIds: string[];
          since: string;
        },
        makerIds: string[],
      ) => {
        const item = {
          kind,
          id: row.id,
          title: `Reverse ${kind === 'income-reversal' ? 'income' : 'an expense'} of ${formatRand(row.amountCents)}?`,
          detail: `${row.reason}${row.approvalsNeeded > 1 ? ` · ${row.approverIds.length} of ${row.approvalsNeeded} approvals` : ''}`,
          path: kind === 'income-reversal' ? '/admin/investment/income' : '/admin/expenses',
          since: row.since,
        };
        const verdict = canDecide(
          admin.id,
          {
            makerId: row.requestedBy,
            otherMakerIds: makerIds,
            amountCents: row.amountCents,
            approverIds: row.approverIds,
          },
          row.approvalsNeeded > 1 ? { dualApprovalAboveCents: -1 } : singleChecker(),
        );
        if (verdict.allowed) waiting.push(item);
        else if (row.requestedBy === admin.id || row.approverIds.includes(admin.id)) started.push(item);
      };
      for (const row of shown(queues.incomeReversals, 'incomeReversals')) {
        reversalItem('income-reversal', row, [row.recordedBy, ...(row.decidedBy ? [row.decidedBy] : [])]);
      }
      for (const row of shown(queues.expenseReversals, 'expenseReversals')) {
        reversalItem('expense-reversal', row, [row.recordedBy, ...row.recordApproverIds]);
      }

      // The cooperative's calendar day, as the notice was counted.
      const today = dayOf(clock.now());
      for (const e of shown(queues.exits, 'exits')) {
        const name = e.who ?? 'a member';
        if (e.status === 'requested') {
          // A request in its notice waits for nobody yet, unless the notice has run.
          if (e.noticeEndsOn <= today) {
            waiting.push({
              kind: 'exit',
              id: e.id,
              title: `Settle the exit of ${name}`,
              detail: 'The notice has run',
              path: '/admin/exits',
              since: e.createdAt,
            });
          }
        } else if (e.status === 'settled') {
          const item = {
            kind: 'exit',
            id: e.id,
            title: `Approve the exit of ${name}`,
            detail: `Payout ${formatRand(e.payoutCents ?? 0)}`,
            path: '/admin/exits',
            since: e.preparedAt ?? e.createdAt,
          };
          if (mayDecide(e.preparedBy, e.payoutCents ?? 0, e.approverIds, e.approvalsNeeded)) waiting.push(item);
          else started.push(item);
        } else {
          const item = {
            kind: 'exit',
            id: e.id,
            title: `Pay the exit of ${name}`,
            detail: `Payout ${formatRand(e.payoutCents ?? 0)}`,
            path: '/admin/exits',
            since: e.updatedAt,
          };
          // Whoever approved it does not also pay it.
          const mayPay = mayDecideOnce(payoutRecord(admin.id, e.approverIds, e.payoutCents ?? 0));
          if (mayPay) waiting.push(item);
          else started.push(item);
        }
      }
      for (const w of shown(queues.withdrawals, 'withdrawals')) {
        const maker = w.status === 'requested' ? w.userId : w.approvedBy;
        const item = {
          kind: 'withdrawal',
          id: w.id,
          title: `${w.status === 'requested' ? 'Approve' : 'Pay'} the withdrawal of ${formatRand(w.amountCents)} by ${w.who ?? 'a member'}`,
          detail: `${w.bankName} …${w.accountNumber.slice(-4)}`,
          path: '/admin/withdrawals',
          since: w.approvedAt ?? w.createdAt,
        };
        if (mayDecide(maker, w.amountCents, [])) waiting.push(item);
        else started.push(item);
      }

      for (const loan of shown(queues.loans, 'loans')) {
        // Nobody decides a loan they asked for or guarantee: it is nobody's task of theirs.
        const isApproval = loan.status === 'pending';
        const item = {
          kind: 'loan',
          id: loan.id,
          title: `${isApproval ? 'Approve' : 'Pay out'} the loan of ${formatRand(loan.principalCents)} to ${loan.who ?? 'a member'}`,
          detail: `${formatLoanNumber(loan.number)}${isApproval && loan.approvalsNeeded > 1 ? ` · ${loan.approverIds.length} of ${loan.approvalsNeeded} approvals` : ''}`,
          path: `/admin/loans/${loan.id}`,
          since: loan.approvedAt ?? loan.createdAt,
        };
        const maySign = isApproval
          ? mayDecide(loan.userId, loan.principalCents, loan.approverIds, loan.approvalsNeeded)
          : !loan.approverIds.includes(admin.id);
        if (maySign) waiting.push(item);
        else started.push(item);
      }
      for (const waiver of shown(queues.waivers, 'waivers')) {
        const item = {
          kind: 'loan-waiver',
          id: waiver.id,
          title: `Waive a late penalty of ${formatRand(waiver.amountCents)} on ${formatLoanNumber(waiver.number)}?`,
          detail: waiver.reason,
          path: `/admin/loans/${waiver.loanId}`,
          since: waiver.since,
        };
        if (waiver.requestedBy === admin.id) started.push(item);
        else waiting.push(item);
      }

      for (const repayment of shown(queues.repayments, 'repayments')) {
        waiting.push({
          kind: 'loan-repayment',
          id: repayment.id,
          title: `Loan repayment of ${formatRand(repayment.amountCents)} from ${repayment.who ?? 'a member'}`,
          detail: `${formatLoanNumber(repayment.number)}: proof of payment to check`,
          path: '/admin/loans/repayments',
          since: repayment.since,
        });
      }

      for (const row of queues.periods ?? []) {
        const done = Object.keys(row.steps) as MonthEndStep[];
        const next = nextMonthEndStep(done);
        if (!next) continue;
        const item = {
          kind: 'month-end',
          id: row.period,
          title: `Month end of ${formatPeriod(row.period)}: ${monthEndStepLabels[next]}`,
          detail: `${done.length} of 6 steps done`,
          path: '/admin/month-end',
          since: row.since,
        };
        if (next === 'allocate' && row.calculatedBy === admin.id) started.push(item);
        else waiting.push(item);
      }
      for (const row of shown(queues.reopen, 'reopen')) {
        const item = {
          kind: 'reopen',
          id: row.id,
          title: `Reopen ${formatPeriod(row.period)}?`,
          detail: row.reason,
          path: '/admin/month-end',
          since: row.since,
        };
        if (row.requestedBy === admin.id) started.push(item);
        else waiting.push(item);
      }

      const byAge = (a: TaskItem, b: TaskItem) => a.since.localeCompare(b.since);
      return { waiting: waiting.sort(byAge), started: started.sort(byAge), more };
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
