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
    label: 'Registrations',
    description: 'KYC submissions to review',
    role: 'member_management',
    path: '/admin/members/pending',
  },
  {
    key: 'corrections',
    label: 'Correction requests',
    description: 'Corrections members asked for',
    role: 'member_management',
    path: '/admin/tasks',
  },
  {
    key: 'passwordResets',
    label: 'Password resets',
    description: 'Assisted resets to approve',
    role: 'member_management',
    path: '/admin/members',
  },
  {
    key: 'poolRequests',
    label: 'Pool requests',
    description: 'Requests to join a pool',
    role: 'investment_management',
    path: '/admin/pool-requests',
  },
  {
    key: 'payments',
    label: 'Payments',
    description: 'Proofs of payment to confirm',
    role: 'payment_management',
    path: '/admin/payments/pending',
  },
  {
    key: 'loanRepayments',
    label: 'Loan repayments',
    description: 'Repayments to check against the bank',
    role: 'payment_management',
    path: '/admin/loans/repayments',
  },
  {
    key: 'loans',
    label: 'Loans',
    description: 'Loans to decide or pay out',
    role: 'loan_management',
    path: '/admin/loans/pending',
  },
  {
    key: 'loanWaivers',
    label: 'Penalty waivers',
    description: 'Late penalties asked to be waived',
    role: 'loan_management',
    path: '/admin/loans',
  },
  {
    key: 'withdrawals',
    label: 'Withdrawals',
    description: 'Withdrawals to approve or pay',
    role: 'exit_requests',
    path: '/admin/withdrawals/pending',
  },
  {
    key: 'exits',
    label: 'Exits',
    description: 'Exit requests',
    role: 'exit_requests',
    path: '/admin/exits/pending',
  },
  {
    key: 'expenses',
    label: 'Expenses',
    description: 'Expenses waiting for approval',
    role: 'expense_management',
    path: '/admin/expenses',
  },
  {
    key: 'expenseReversals',
    label: 'Expense reversals',
    description: 'Expenses asked to be reversed',
    role: 'expense_management',
    path: '/admin/expenses',
  },
  {
    key: 'income',
    label: 'Income',
    description: 'Income waiting for approval',
    role: 'investment_management',
    path: '/admin/investment/income',
  },
  {
    key: 'incomeReversals',
    label: 'Income reversals',
    description: 'Income asked to be reversed',
    role: 'investment_management',
    path: '/admin/investment/income',
  },
  {
    key: 'monthRequests',
    label: 'Reopen and unlock',
    description: 'Months asked to be reopened or unlocked',
    role: 'month_end',
    path: '/admin/month-end',
  },
  {
    key: 'staffGrants',
    label: 'Staff roles',
    description: 'New admins and roles to approve',
    role: 'staff_management',
    path: '/admin/staff',
  },
] as const satisfies readonly WaitingQueue[];

export interface WaitingQueue {
  key: string;
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
