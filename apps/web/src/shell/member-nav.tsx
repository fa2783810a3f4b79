import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import type { ReactElement } from 'react';

export interface NavEntry {
  label: string;
  path: string;
  icon: ReactElement;
}

/** The member sidebar, in order; the bottom bar on small screens shows the first three. */
export const memberNavEntries: readonly NavEntry[] = [
  { label: 'Dashboard', path: '/dashboard', icon: <DashboardOutlined /> },
  { label: 'My Investments', path: '/investments', icon: <AccountBalanceWalletOutlined /> },
  { label: 'Payments', path: '/payments', icon: <PaymentsOutlined /> },
  { label: 'Loans', path: '/loans', icon: <RequestQuoteOutlined /> },
  { label: 'Transactions', path: '/transactions', icon: <ReceiptLongOutlined /> },
  { label: 'Profile', path: '/profile', icon: <PersonOutline /> },
];

export const BOTTOM_NAV_COUNT = 3;

export const adminWorkspaceEntry: NavEntry = {
  label: 'Admin Workspace',
  path: '/admin',
  icon: <AdminPanelSettingsOutlined />,
};
