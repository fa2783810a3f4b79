import type { NotificationCategory } from '../notifications/limits.js';
import { hasRole, type AdminRole } from '../roles.js';

/**
 * The queues of what waits for an admin's decision, defined once: the dashboard's tiles, My Tasks and
 * the metrics read this list, and the server counts each queue with the one query named by its key.
 * `role` is the permission that decides the queue's items; `path` the admin page they are decided on,
 * which that role opens (an admin without the role neither sees the tile nor the task).
 */
export const waitingQueues = [
  {
    key: 'registrations',
    item: 'A registration',
    category: 'registration',
    label: 'Registrations',
    description: 'KYC submissions to review',
    role: 'member_management',
    path: '/admin/members/pending',
  },
  {
    key: 'corrections',
    item: 'A correction request',
    category: 'registration',
    label: 'Correction requests',
    description: 'Corrections members asked for',
    role: 'member_management',
    path: '/admin/tasks',
  },
  {
    key: 'passwordResets',
    item: 'An assisted password reset',
    category: 'registration',
    label: 'Password resets',
    description: 'Assisted resets to approve',
    role: 'member_management',
    path: '/admin/members',
  },
  {
    key: 'poolRequests',
    item: 'A request to join a pool',
    category: 'pool',
    label: 'Pool requests',
    description: 'Requests to join a pool',
    role: 'investment_management',
    path: '/admin/pool-requests',
  },
  {
    key: 'payments',
    item: 'A payment',
    category: 'payment',
    label: 'Payments',
    description: 'Proofs of payment to confirm',
    role: 'payment_management',
    path: '/admin/payments/pending',
  },
  {
    key: 'loanRepayments',
    item: 'A loan repayment',
    category: 'payment',
    label: 'Loan repayments',
    description: 'Repayments to check against the bank',
    role: 'payment_management',
    path: '/admin/loans/repayments',
  },
  {
    key: 'loans',
    item: 'A loan',
    category: 'payment',
    label: 'Loans',
    description: 'Loans to decide or pay out',
    role: 'loan_management',
    path: '/admin/loans/pending',
  },
  {
    key: 'loanWaivers',
    item: 'A penalty waiver',
    category: 'payment',
    label: 'Penalty waivers',
    description: 'Late penalties asked to be waived',
    role: 'loan_management',
    path: '/admin/loans',
  },
  {
    key: 'withdrawals',
    item: 'A withdrawal',
    category: 'payment',
    label: 'Withdrawals',
    description: 'Withdrawals to approve or pay',
    role: 'exit_requests',
    path: '/admin/withdrawals/pending',
  },
  {
    key: 'exits',
    item: 'An exit request',
    category: 'payment',
    label: 'Exits',
    description: 'Exit requests',
    role: 'exit_requests',
    path: '/admin/exits/pending',
  },
  {
    key: 'expenses',
    item: 'An expense',
    category: 'payment',
    label: 'Expenses',
    description: 'Expenses waiting for approval',
    role: 'expense_management',
    path: '/admin/expenses',
  },
  {
    key: 'expenseReversals',
    item: 'An expense reversal',
    category: 'payment',
    label: 'Expense reversals',
    description: 'Expenses asked to be reversed',
    role: 'expense_management',
    path: '/admin/expenses',
  },
  {
    key: 'income',
    item: 'Income',
    category: 'payment',
    label: 'Income',
    description: 'Income waiting for approval',
    role: 'investment_management',
    path: '/admin/investment/income',
  },
  {
    key: 'incomeReversals',
    item: 'An income reversal',
    category: 'payment',
    label: 'Income reversals',
    description: 'Income asked to be reversed',
    role: 'investment_management',
    path: '/admin/investment/income',
  },
  {
    key: 'monthRequests',
    item: 'A month request',
    category: 'payment',
    label: 'Reopen and unlock',
    description: 'Months asked to be reopened or unlocked',
    role: 'month_end',
    path: '/admin/month-end',
  },
  {
    key: 'staffGrants',
    item: 'A staff role change',
    category: 'registration',
    label: 'Staff roles',
    description: 'New admins and roles to approve',
    role: 'staff_management',
    path: '/admin/staff',
  },
] as const satisfies readonly WaitingQueue[];

export interface WaitingQueue {
  key: string;
  /** One item of the queue, as a notification's title names it ("A payment waits for you"). */
  item: string;
  /** The notification category admins hear of it under (their e-mail preferences apply). */
  category: NotificationCategory;
  label: string;
  description: string;
  role: AdminRole;
  path: string;
}

export type QueueKey = (typeof waitingQueues)[number]['key'];

export const queueKeys = waitingQueues.map((queue) => queue.key) as readonly QueueKey[];

/** The definition of one queue. */
export function queueOf(key: QueueKey): (typeof waitingQueues)[number] {
  return waitingQueues.find((queue) => queue.key === key)!;
}

/** The queues an admin's roles decide, in the dashboard's order. */
export function queuesFor(actor: {
  isAdmin: boolean;
  isSuperAdmin?: boolean;
  adminRoles: readonly string[];
}): (typeof waitingQueues)[number][] {
  return waitingQueues.filter((queue) => hasRole(actor, queue.role));
}
