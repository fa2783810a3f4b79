import type { AdminRole } from './roles.js';

/** Calls every admin may use, whatever their roles. */
export const ANY_ADMIN = 'any_admin' as const;
export type CallPermission = AdminRole | typeof ANY_ADMIN;

/** The admin pages and the role each needs (null: every admin). The sidebar hides the others. */
export const adminPagePermissions: Record<string, AdminRole | null> = {
  '/admin': null,
  '/admin/tasks': null,
  '/admin/members': 'member_management',
  '/admin/staff': 'staff_management',
  '/admin/payments': 'payment_management',
  '/admin/contributions': 'payment_management',
  '/admin/contributions/arrears': 'payment_management',
  '/admin/pool-requests': 'investment_management',
  '/admin/loans': 'loan_management',
  // The payments desk checks loan repayments, on a page under Loans it may open without the loans.
  '/admin/loans/repayments': 'payment_management',
  '/admin/expenses': 'expense_management',
  '/admin/month-end': 'month_end',
  '/admin/exits': 'exit_requests',
  '/admin/withdrawals': 'exit_requests',
  '/admin/investment': 'investment_management',
  '/admin/audit': 'audit',
};
