import { queueKeys, type QueueKey } from '@letsema/domain';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { countWhere, fixedCondition } from '../../db/fixed-conditions.js';
import {
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
  recordReversalRequests,
  staffGrants,
  users,
  withdrawals,
} from '../../db/schema.js';
import { awaitingReview } from '../admin/review-service.js';
import { ASSISTED_RESET_PENDING } from '../auth/assisted-reset.js';
import { pendingPayment, pendingPoolRequest } from '../investing/service.js';
import { loanAwaitingDecision, pendingLoanRepayment } from '../loans/service.js';
import { openExit, openWithdrawal } from '../payouts/service.js';

/**
 * The rows waiting in each queue (`waitingQueues` in the domain names, labels and roles them): the
 * one condition the dashboard, the metrics and My Tasks read a queue by. Conditions are fixed, with
 * their values written as literals, so each count can use its partial index.
 */
export const waitingRows: Record<QueueKey, { table: PgTable; where: SQL }> = {
  registrations: { table: users, where: awaitingReview },
  corrections: { table: correctionRequests, where: fixedCondition(eq(correctionRequests.status, 'pending')) },
  passwordResets: {
    table: accountLinks,
    where: fixedCondition(
      and(
        eq(accountLinks.purpose, ASSISTED_RESET_PENDING),
        isNull(accountLinks.usedAt),
        sql`${accountLinks.expiresAt} > now()`,
      ),
    ),
  },
  poolRequests: { table: memberships, where: pendingPoolRequest },
  payments: { table: payments, where: pendingPayment },
  loanRepayments: { table: loanRepayments, where: pendingLoanRepayment },
  loans: { table: loans, where: loanAwaitingDecision },
  loanWaivers: { table: loanPenaltyWaivers, where: fixedCondition(eq(loanPenaltyWaivers.status, 'pending')) },
  withdrawals: { table: withdrawals, where: openWithdrawal },
  exits: { table: exitRequests, where: openExit },
  expenses: { table: expenses, where: fixedCondition(eq(expenses.status, 'pending')) },
  expenseReversals: {
    table: recordReversalRequests,
    where: fixedCondition(
      and(eq(recordReversalRequests.status, 'pending'), isNotNull(recordReversalRequests.expenseId)),
    ),
  },
  income: { table: income, where: fixedCondition(eq(income.status, 'pending')) },
  incomeReversals: {
    table: recordReversalRequests,
    where: fixedCondition(
      and(eq(recordReversalRequests.status, 'pending'), isNotNull(recordReversalRequests.incomeId)),
    ),
  },
  monthRequests: { table: periodReopenRequests, where: fixedCondition(eq(periodReopenRequests.status, 'pending')) },
  staffGrants: { table: staffGrants, where: fixedCondition(eq(staffGrants.status, 'pending')) },
};

/**
 * How many items wait in each of `keys` (the dashboard and the metrics): every queue counted in one
 * statement, prepared once (parsed and planned once a connection). No query at all for no queue.
 */
export type CountWaiting = <K extends QueueKey>(keys?: readonly K[]) => Promise<Record<K, number>>;

/** Each queue's rows, read by `column` (a count, a presence), one column a queue. */
export function eachQueue<T>(column: (table: PgTable, where: SQL) => SQL<T>): Record<QueueKey, SQL<T>> {
  return Object.fromEntries(
    queueKeys.map((key) => [key, column(waitingRows[key].table, waitingRows[key].where)]),
  ) as Record<QueueKey, SQL<T>>;
}

export function prepareWaitingCounts(db: Db): CountWaiting {
  const counts = db
    .select(eachQueue(countWhere))
    .from(sql`(select) as one`)
    .prepare('queues_waiting_counts');
  return async <K extends QueueKey>(keys: readonly K[] = queueKeys as readonly K[]) => {
    if (keys.length === 0) return {} as Record<K, number>;
    const [row] = await counts.execute();
    return Object.fromEntries(keys.map((key) => [key, Number(row?.[key] ?? 0)])) as Record<K, number>;
  };
}
