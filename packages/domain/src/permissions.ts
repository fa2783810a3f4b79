import type { AdminRole } from './roles.js';

/** Calls every admin may use, whatever their roles. */
export const ANY_ADMIN = 'any_admin' as const;
export type CallPermission = AdminRole | typeof ANY_ADMIN;

/**
 * The one map from each admin call to the role it needs. The server enforces it on every call;
 * an admin call missing from it stops the server at start.
 */
export const adminCallPermissions: Record<string, CallPermission> = {
  'GET /api/admin/dashboard/pending-counts': ANY_ADMIN,
  'GET /api/admin/pending-kyc': 'member_management',
  'GET /api/admin/users/:userId': 'member_management',
  'POST /api/admin/users/:userId/approve-kyc': 'member_management',
  'POST /api/admin/users/:userId/reject-kyc': 'member_management',
  'POST /api/admin/users/:userId/nok/:n/approve': 'member_management',
  'POST /api/admin/users/:userId/nok/:n/reject': 'member_management',
  'GET /api/admin/pending-payments': 'payment_management',
  'POST /api/admin/payments/:id/approve': 'payment_management',
  'POST /api/admin/payments/:id/reject': 'payment_management',
  'GET /api/admin/pool-requests': 'investment_management',
  'POST /api/admin/pool-requests/:id/approve': 'investment_management',
  'POST /api/admin/pool-requests/:id/reject': 'investment_management',
  'PUT /api/pools/:id': 'investment_management',
  'PATCH /api/pools/:id/status': 'investment_management',
  'GET /api/admin/staff': 'staff_management',
  'POST /api/admin/staff': 'staff_management',
  'PUT /api/admin/staff/:id': 'staff_management',
  'DELETE /api/admin/staff/:id': 'staff_management',
  'POST /api/admin/staff/:id/reactivate': 'staff_management',
  'GET /api/admin/audit': 'audit',
  'GET /api/admin/audit/export': 'audit',
  'GET /api/admin/corrections': 'member_management',
  'POST /api/admin/corrections/:id/decide': 'member_management',
  'GET /api/admin/expenses': 'expense_management',
  'GET /api/admin/expenses/export': 'expense_management',
  'POST /api/admin/expenses': 'expense_management',
  'POST /api/admin/expenses/:id/approve': 'expense_management',
  'POST /api/admin/expenses/:id/reject': 'expense_management',
  'GET /api/admin/income': 'investment_management',
  'POST /api/admin/income': 'investment_management',
  'POST /api/admin/income/:id/approve': 'investment_management',
  'POST /api/admin/income/:id/reject': 'investment_management',
  'GET /api/admin/ledger/trial-balance': 'month_end',
  'GET /api/admin/ledger/monthly': ANY_ADMIN,
  'GET /api/admin/month-end': 'month_end',
  'GET /api/admin/month-end/:period': 'month_end',
  'POST /api/admin/month-end/:period/:step': 'month_end',
  'POST /api/admin/month-end/:period/reopen': 'month_end',
  'POST /api/admin/month-end/reopen-requests/:id/approve': 'month_end',
  'POST /api/admin/month-end/reopen-requests/:id/reject': 'month_end',
  'GET /api/admin/members/:userId/statement': 'member_management',
  'GET /api/admin/tasks': ANY_ADMIN,
  'GET /api/admin/members': 'member_management',
  'GET /api/admin/members/:userId': 'member_management',
  'POST /api/admin/members/:userId/suspend': 'member_management',
  'POST /api/admin/members/:userId/reactivate': 'member_management',
  'GET /api/admin/exits': 'exit_requests',
  'POST /api/admin/exits/:id/settle': 'exit_requests',
  'POST /api/admin/exits/:id/approve': 'exit_requests',
  'POST /api/admin/exits/:id/pay': 'exit_requests',
  'POST /api/admin/exits/:id/reject': 'exit_requests',
  'GET /api/admin/withdrawals': 'exit_requests',
  'POST /api/admin/withdrawals/:id/approve': 'exit_requests',
  'POST /api/admin/withdrawals/:id/pay': 'exit_requests',
  'POST /api/admin/withdrawals/:id/reject': 'exit_requests',
};

/** The admin pages and the role each needs (null: every admin). The sidebar hides the others. */
export const adminPagePermissions: Record<string, AdminRole | null> = {
  '/admin': null,
  '/admin/tasks': null,
  '/admin/members': 'member_management',
  '/admin/staff': 'staff_management',
  '/admin/payments': 'payment_management',
  '/admin/pool-requests': 'investment_management',
  '/admin/loans': 'loan_management',
  '/admin/expenses': 'expense_management',
  '/admin/month-end': 'month_end',
  '/admin/exits': 'exit_requests',
  '/admin/investment': 'investment_management',
  '/admin/audit': 'audit',
};
