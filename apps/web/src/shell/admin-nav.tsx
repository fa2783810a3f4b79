import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import ExitToAppOutlined from '@mui/icons-material/ExitToAppOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import { adminPagePermissions, hasRole, type AdminRole } from '@letsema/domain';
import type { ReactElement } from 'react';

type AdminActor = { isAdmin: boolean; adminRoles: readonly string[] };

export interface AdminNavEntry {
  label: string;
  path: string;
  icon: ReactElement;
  isExact?: boolean;
}

/**
 * The admin sidebar, in order. Which role each entry needs comes from `adminPagePermissions`, the
 * map the server's rules share.
 */
export const adminNavEntries: readonly AdminNavEntry[] = [
  { label: 'Dashboard', path: '/admin', icon: <DashboardOutlined />, isExact: true },
  { label: 'My Tasks', path: '/admin/tasks', icon: <AssignmentTurnedInOutlined /> },
  { label: 'Members', path: '/admin/members', icon: <PeopleOutline /> },
  { label: 'Staff', path: '/admin/staff', icon: <BadgeOutlined /> },
  { label: 'Payments', path: '/admin/payments', icon: <PaymentsOutlined /> },
  { label: 'Contributions', path: '/admin/contributions', icon: <EventNoteOutlined />, isExact: true },
  { label: 'Arrears', path: '/admin/contributions/arrears', icon: <WarningAmberOutlined /> },
  { label: 'Pool Requests', path: '/admin/pool-requests', icon: <GroupAddOutlined /> },
  { label: 'Loans', path: '/admin/loans', icon: <AccountBalanceOutlined /> },
  { label: 'Expenses', path: '/admin/expenses', icon: <ReceiptOutlined /> },
  { label: 'Month End', path: '/admin/month-end', icon: <EventAvailableOutlined /> },
  { label: 'Exit Requests', path: '/admin/exits', icon: <ExitToAppOutlined /> },
  { label: 'Withdrawals', path: '/admin/withdrawals', icon: <SavingsOutlined /> },
  { label: 'Investment', path: '/admin/investment', icon: <ShowChartOutlined /> },
  { label: 'Audit Log', path: '/admin/audit', icon: <ManageSearchOutlined /> },
];

/**
 * The role an admin page needs, from the closest page the map names (`/admin/members/pending`
 * needs what `/admin/members` needs): null for every admin, undefined for a page outside the map.
 */
export function getAdminPageRole(path: string): AdminRole | null | undefined {
  for (let page = path.replace(/\/+$/, ''); page; page = page.slice(0, page.lastIndexOf('/'))) {
    if (Object.hasOwn(adminPagePermissions, page)) return adminPagePermissions[page];
  }
  return undefined;
}

/** Whether an admin may open an admin page; a page outside the map is open to no one. */
export function canOpenAdminPage(user: AdminActor, path: string): boolean {
  const role = getAdminPageRole(path);
  if (role === undefined) return false;
  return user.isAdmin && (role === null || hasRole(user, role));
}

/** The entries an admin's roles allow. */
export function getVisibleAdminEntries(user: AdminActor): AdminNavEntry[] {
  return adminNavEntries.filter((entry) => canOpenAdminPage(user, entry.path));
}

/** How the admin is labelled in the shell. */
export function getAdminLabel(user: { isSuperAdmin: boolean }): string {
  return user.isSuperAdmin ? 'Super Admin' : 'Staff Admin';
}
