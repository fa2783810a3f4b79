import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import ExitToAppOutlined from '@mui/icons-material/ExitToAppOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import { hasRole, type AdminRole } from '@letsema/domain';
import type { ReactElement } from 'react';

export interface AdminNavEntry {
  label: string;
  path: string;
  icon: ReactElement;
  /** The role an admin needs to see the entry; none means every admin. */
  role?: AdminRole;
  isExact?: boolean;
}

/** The admin sidebar, in order. The server enforces the same roles on every call. */
export const adminNavEntries: readonly AdminNavEntry[] = [
  { label: 'Dashboard', path: '/admin', icon: <DashboardOutlined />, isExact: true },
  { label: 'My Tasks', path: '/admin/tasks', icon: <AssignmentTurnedInOutlined /> },
  { label: 'Members', path: '/admin/members', icon: <PeopleOutline />, role: 'member_management' },
  { label: 'Staff', path: '/admin/staff', icon: <BadgeOutlined />, role: 'staff_management' },
  { label: 'Payments', path: '/admin/payments', icon: <PaymentsOutlined />, role: 'payment_management' },
  { label: 'Pool Requests', path: '/admin/pool-requests', icon: <GroupAddOutlined />, role: 'investment_management' },
  { label: 'Loans', path: '/admin/loans', icon: <AccountBalanceOutlined />, role: 'loan_management' },
  { label: 'Expenses', path: '/admin/expenses', icon: <ReceiptOutlined />, role: 'expense_management' },
  { label: 'Month End', path: '/admin/month-end', icon: <EventAvailableOutlined />, role: 'month_end' },
  { label: 'Exit Requests', path: '/admin/exits', icon: <ExitToAppOutlined />, role: 'exit_requests' },
  { label: 'Investment', path: '/admin/investment', icon: <ShowChartOutlined />, role: 'investment_management' },
];

/** The entries an admin's roles allow. */
export function getVisibleAdminEntries(user: { isAdmin: boolean; adminRoles: readonly string[] }): AdminNavEntry[] {
  return adminNavEntries.filter((entry) => !entry.role || hasRole(user, entry.role));
}

/** How the admin is labelled in the shell. */
export function getAdminLabel(user: { isSuperAdmin: boolean }): string {
  return user.isSuperAdmin ? 'Super Admin' : 'Staff Admin';
}
