import {
  canDecide,
  dayOf,
  formatLoanNumber,
  formatRand,
  hasRole,
  monthEndStepLabels,
  nextMonthEndStep,
  periodOf,
  singleChecker,
  type MonthEndStep,
} from '@letsema/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
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
  users,
  withdrawals,
} from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import { awaitingReview } from '../admin/review-service.js';
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

const LIMIT = 50;

/**
 * My Tasks: everything waiting for this admin's decision by their roles, oldest first, and what
 * they started that waits for someone else. Maker-checker decides what counts as theirs to decide,
 * with the same rule the decision itself is checked by.
 */
export function createTaskService(deps: { db: Db; clock: BooksClock }) {
  const { db, clock } = deps;
  // Prepared once: the page runs all of them on every visit, and building them cost more than running them.
  const registrations = db
    .select({ id: users.id, fullName: users.fullName, email: users.email, since: users.submittedAt })
    .from(users)
    .where(awaitingReview)
    .orderBy(asc(users.submittedAt))
    .limit(LIMIT)
    .prepare('tasks_registrations');
  const pendingCorrections = db
    .select({
      id: correctionRequests.id,
      field: correctionRequests.field,
      since: correctionRequests.createdAt,
      who: users.fullName,
    })
    .from(correctionRequests)
    .innerJoin(users, eq(users.id, correctionRequests.userId))
    .where(eq(correctionRequests.status, 'pending'))
    .orderBy(asc(correctionRequests.createdAt))
    .limit(LIMIT)
    .prepare('tasks_corrections');
  const pendingPayments = db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      since: payments.createdAt,
      who: users.fullName,
      userId: payments.userId,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.status, 'pending'))
    .orderBy(asc(payments.createdAt))
    .limit(LIMIT)
    .prepare('tasks_pending_payments');
  const poolRequests = db
    .select({ id: memberships.id, since: memberships.createdAt, who: users.fullName, pool: pools.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(pools, eq(pools.id, memberships.poolId))
    .where(and(eq(memberships.contributionStatus, 'pending'), ne(memberships.userId, sql.placeholder('adminId'))))
    .orderBy(asc(memberships.createdAt))
    .limit(LIMIT)
    .prepare('tasks_pool_requests');
  const pendingIncome = db
    .select()
    .from(income)
    .where(eq(income.status, 'pending'))
    .orderBy(asc(income.createdAt))
    .limit(LIMIT)
    .prepare('tasks_pending_income');
  const pendingExpenses = db
    .select()
    .from(expenses)
    .where(eq(expenses.status, 'pending'))
    .orderBy(asc(expenses.createdAt))
    .limit(LIMIT)
    .prepare('tasks_pending_expenses');
  const openExits = db
    .select({ e: exitRequests, who: users.fullName })
    .from(exitRequests)
    .innerJoin(users, eq(users.id, exitRequests.userId))
    .where(inArray(exitRequests.status, ['requested', 'settled', 'approved']))
    .orderBy(asc(exitRequests.createdAt))
    .limit(LIMIT)
    .prepare('tasks_open_exits');
  const openWithdrawals = db
    .select({ w: withdrawals, who: users.fullName })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(inArray(withdrawals.status, ['requested', 'approved']))
    .orderBy(asc(withdrawals.createdAt))
    .limit(LIMIT)
    .prepare('tasks_open_withdrawals');
  const openLoans = db
    .select({ loan: loans, who: users.fullName })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(inArray(loans.status, ['pending', 'approved']))
    .orderBy(asc(loans.updatedAt))
    .limit(LIMIT)
    .prepare('tasks_open_loans');
  const pendingWaivers = db
    .select({ waiver: loanPenaltyWaivers, number: loans.number, userId: loans.userId })
    .from(loanPenaltyWaivers)
    .innerJoin(loans, eq(loans.id, loanPenaltyWaivers.loanId))
    .where(eq(loanPenaltyWaivers.status, 'pending'))
    .orderBy(asc(loanPenaltyWaivers.createdAt))
    .limit(LIMIT)
    .prepare('tasks_pending_waivers');
  const pendingRepayments = db
    .select({ repayment: loanRepayments, who: users.fullName, number: loans.number })
    .from(loanRepayments)
    .innerJoin(users, eq(users.id, loanRepayments.userId))
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .where(and(eq(loanRepayments.status, 'pending'), ne(loanRepayments.userId, sql.placeholder('adminId'))))
    .orderBy(asc(loanRepayments.createdAt))
    .limit(LIMIT)
    .prepare('tasks_pending_repayments');
  const periodsToClose = db
    .select()
    .from(accountingPeriods)
    .where(
      and(ne(accountingPeriods.status, 'closed'), sql`${accountingPeriods.period} < ${sql.placeholder('current')}`),
    )
    .orderBy(asc(accountingPeriods.period))
    .limit(12)
    .prepare('tasks_periods_to_close');
  const reopenRequests = db
    .select()
    .from(periodReopenRequests)
    .where(eq(periodReopenRequests.status, 'pending'))
    .orderBy(asc(periodReopenRequests.createdAt))
    .limit(LIMIT)
    .prepare('tasks_reopen_requests');

  return {
    async tasksFor(admin: AuthUser) {
      const waiting: TaskItem[] = [];
      const started: TaskItem[] = [];
      // Each role's queue is read at the same time as the others: one page waits for the slowest query,
      // not for all of them in turn.
      const jobs: Promise<void>[] = [];
      const can = (role: Parameters<typeof hasRole>[1]) => hasRole(admin, role);
      const mayDecide = (makerId: string | null, amountCents: number, approverIds: readonly string[], needed = 1) =>
        canDecide(
          admin.id,
          { makerId: makerId ?? '', amountCents, approverIds },
          needed > 1 ? { dualApprovalAboveCents: -1 } : singleChecker(),
        ).allowed;

      if (can('member_management'))
        jobs.push(
          (async () => {
            const rows = await registrations.execute();
            for (const row of rows) {
              waiting.push({
                kind: 'registration',
                id: row.id,
                title: `Registration of ${row.fullName ?? row.email}`,
                detail: 'Identity documents and next of kin to review',
                path: `/admin/members/pending/${row.id}`,
                since: row.since!.toISOString(),
              });
            }
            const corrections = await pendingCorrections.execute();
            for (const row of corrections) {
              waiting.push({
                kind: 'correction',
                id: row.id,
                title: `Correction asked by ${row.who ?? 'a member'}`,
                detail: `About: ${row.field}`,
                path: '/admin/tasks',
                since: row.since.toISOString(),
              });
            }
          })(),
        );

      if (can('payment_management'))
        jobs.push(
          (async () => {
            const rows = await pendingPayments.execute();
            for (const row of rows.filter((row) => row.userId !== admin.id)) {
              waiting.push({
                kind: 'payment',
                id: row.id,
                title: `Payment of ${formatRand(row.amountCents)} from ${row.who ?? 'a member'}`,
                detail: 'Proof of payment to check',
                path: '/admin/payments/pending',
                since: row.since.toISOString(),
              });
            }
          })(),
        );

      if (can('investment_management'))
        jobs.push(
          (async () => {
            const rows = await poolRequests.execute({ adminId: admin.id });
            for (const row of rows) {
              waiting.push({
                kind: 'pool-request',
                id: row.id,
                title: `${row.who ?? 'A member'} asks to join ${row.pool}`,
                detail: 'Membership request',
                path: '/admin/pool-requests',
                since: row.since.toISOString(),
              });
            }
            const earned = await pendingIncome.execute();
            for (const row of earned) {
              const item = {
                kind: 'income',
                id: row.id,
                title: `Income of ${formatRand(row.amountCents)}`,
                detail: row.description,
                path: '/admin/investment/income',
                since: row.createdAt.toISOString(),
              };
              if (row.recordedBy === admin.id) started.push(item);
              else waiting.push(item);
            }
          })(),
        );

      if (can('expense_management'))
        jobs.push(
          (async () => {
            const spent = await pendingExpenses.execute();
            for (const row of spent) {
              const item = {
                kind: 'expense',
                id: row.id,
                title: `Expense of ${formatRand(row.amountCents)}`,
                detail: `${row.description}${row.approvalsNeeded > 1 ? ` · ${row.approverIds.length} of ${row.approvalsNeeded} approvals` : ''}`,
                path: '/admin/expenses',
                since: row.createdAt.toISOString(),
              };
              if (mayDecide(row.recordedBy, row.amountCents, row.approverIds, row.approvalsNeeded)) waiting.push(item);
              else started.push(item);
            }
          })(),
        );

      if (can('exit_requests'))
        jobs.push(
          (async () => {
            const exits = await openExits.execute();
            // The cooperative's calendar day, as the notice was counted.
            const today = dayOf(clock.now());
            for (const { e, who } of exits) {
              const name = who ?? 'a member';
              if (e.status === 'requested') {
                // A request in its notice waits for nobody yet, unless the notice has run.
                if (e.noticeEndsOn <= today) {
                  waiting.push({
                    kind: 'exit',
                    id: e.id,
                    title: `Settle the exit of ${name}`,
                    detail: 'The notice has run',
                    path: '/admin/exits',
                    since: e.createdAt.toISOString(),
                  });
                }
              } else if (e.status === 'settled') {
                const item = {
                  kind: 'exit',
                  id: e.id,
                  title: `Approve the exit of ${name}`,
                  detail: `Payout ${formatRand(e.payoutCents ?? 0)}`,
                  path: '/admin/exits',
                  since: (e.preparedAt ?? e.createdAt).toISOString(),
                };
                if (mayDecide(e.preparedBy, e.payoutCents ?? 0, e.approverIds, e.approvalsNeeded)) waiting.push(item);
                else started.push(item);
              } else {
                waiting.push({
                  kind: 'exit',
                  id: e.id,
                  title: `Pay the exit of ${name}`,
                  detail: `Payout ${formatRand(e.payoutCents ?? 0)}`,
                  path: '/admin/exits',
                  since: e.updatedAt.toISOString(),
                });
              }
            }
            const open = await openWithdrawals.execute();
            for (const { w, who } of open) {
              const maker = w.status === 'requested' ? w.userId : w.approvedBy;
              const item = {
                kind: 'withdrawal',
                id: w.id,
                title: `${w.status === 'requested' ? 'Approve' : 'Pay'} the withdrawal of ${formatRand(w.amountCents)} by ${who ?? 'a member'}`,
                detail: `${w.bankName} …${w.accountNumber.slice(-4)}`,
                path: '/admin/withdrawals',
                since: (w.approvedAt ?? w.createdAt).toISOString(),
              };
              if (mayDecide(maker, w.amountCents, [])) waiting.push(item);
              else started.push(item);
            }
          })(),
        );

      if (can('loan_management'))
        jobs.push(
          (async () => {
            const rows = await openLoans.execute();
            for (const { loan, who } of rows) {
              // Nobody decides a loan they asked for or guarantee: it is nobody's task of theirs.
              if (loan.userId === admin.id || loan.guarantorId === admin.id) continue;
              const isApproval = loan.status === 'pending';
              const item = {
                kind: 'loan',
                id: loan.id,
                title: `${isApproval ? 'Approve' : 'Pay out'} the loan of ${formatRand(loan.principalCents)} to ${who ?? 'a member'}`,
                detail: `${formatLoanNumber(loan.number)}${isApproval && loan.approvalsNeeded > 1 ? ` · ${loan.approverIds.length} of ${loan.approvalsNeeded} approvals` : ''}`,
                path: `/admin/loans/${loan.id}`,
                since: (loan.approvedAt ?? loan.createdAt).toISOString(),
              };
              const maySign = isApproval
                ? mayDecide(loan.userId, loan.principalCents, loan.approverIds, loan.approvalsNeeded)
                : !loan.approverIds.includes(admin.id);
              if (maySign) waiting.push(item);
              else started.push(item);
            }
            const waivers = await pendingWaivers.execute();
            for (const { waiver, number, userId } of waivers) {
              if (userId === admin.id) continue;
              const item = {
                kind: 'loan-waiver',
                id: waiver.id,
                title: `Waive a late penalty of ${formatRand(waiver.amountCents)} on ${formatLoanNumber(number)}?`,
                detail: waiver.reason,
                path: `/admin/loans/${waiver.loanId}`,
                since: waiver.createdAt.toISOString(),
              };
              if (waiver.requestedBy === admin.id) started.push(item);
              else waiting.push(item);
            }
          })(),
        );

      if (can('payment_management'))
        jobs.push(
          (async () => {
            const rows = await pendingRepayments.execute({ adminId: admin.id });
            for (const { repayment, who, number } of rows) {
              waiting.push({
                kind: 'loan-repayment',
                id: repayment.id,
                title: `Loan repayment of ${formatRand(repayment.amountCents)} from ${who ?? 'a member'}`,
                detail: `${formatLoanNumber(number)}: proof of payment to check`,
                path: '/admin/loans/repayments',
                since: repayment.createdAt.toISOString(),
              });
            }
          })(),
        );

      if (can('month_end'))
        jobs.push(
          (async () => {
            const current = periodOf(clock.now());
            const periods = await periodsToClose.execute({ current });
            for (const row of periods) {
              const done = Object.keys(row.steps) as MonthEndStep[];
              const next = nextMonthEndStep(done);
              if (!next) continue;
              const calculatedBy = (row.calculation as { calculatedBy?: string } | null)?.calculatedBy ?? null;
              const item = {
                kind: 'month-end',
                id: row.period,
                title: `Month end ${row.period}: ${monthEndStepLabels[next]}`,
                detail: `${done.length} of 6 steps done`,
                path: '/admin/month-end',
                since: row.updatedAt.toISOString(),
              };
              if (next === 'allocate' && calculatedBy === admin.id) started.push(item);
              else waiting.push(item);
            }
            const reopen = await reopenRequests.execute();
            for (const row of reopen) {
              const item = {
                kind: 'reopen',
                id: row.id,
                title: `Reopen ${row.period}?`,
                detail: row.reason,
                path: '/admin/month-end',
                since: row.createdAt.toISOString(),
              };
              if (row.requestedBy === admin.id) started.push(item);
              else waiting.push(item);
            }
          })(),
        );

      await Promise.all(jobs);
      const byAge = (a: TaskItem, b: TaskItem) => a.since.localeCompare(b.since);
      return { waiting: waiting.sort(byAge), started: started.sort(byAge) };
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
