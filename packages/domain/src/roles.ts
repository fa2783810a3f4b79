/** Permission roles an admin can hold (spec section 6). */
export const adminRoles = [
  'member_management',
  'payment_management',
  'loan_management',
  'expense_management',
  'investment_management',
  'month_end',
  'exit_requests',
  'staff_management',
  'audit',
] as const;

export type AdminRole = (typeof adminRoles)[number];

export const adminRoleInfo: Record<AdminRole, { label: string; description: string }> = {
  member_management: { label: 'Member Management', description: 'Approve/reject KYC, manage members' },
  payment_management: { label: 'Payment Management', description: 'Process and verify payments' },
  loan_management: { label: 'Loan Management', description: 'Review and approve loans' },
  expense_management: { label: 'Expense Management', description: 'Record and approve expenses' },
  investment_management: { label: 'Investment Management', description: 'Manage pools' },
  month_end: { label: 'Month End', description: 'Month-end procedures' },
  exit_requests: { label: 'Exit Requests', description: 'Process exits' },
  staff_management: { label: 'Staff Management', description: 'Create and manage admin users' },
  audit: { label: 'Audit', description: 'Read the audit trail and security events; change nothing' },
};

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (adminRoles as readonly string[]).includes(value);
}

/** Whether an admin holding `roles` may use something that needs `role`. */
export function hasRole(
  actor: { isAdmin: boolean; isSuperAdmin?: boolean; adminRoles: readonly string[] },
  role: AdminRole,
): boolean {
  // The super admin holds every role, also those added after its account was made.
  return actor.isAdmin && (actor.isSuperAdmin === true || actor.adminRoles.includes(role));
}
