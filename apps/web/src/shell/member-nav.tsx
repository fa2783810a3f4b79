import type { ReactElement } from 'react';
import { PlainIcon } from '../components/plain/plain-icon';
import {
  accountBalanceWalletOutlined,
  adminPanelSettingsOutlined,
  dashboardOutlined,
  descriptionOutlined,
  paymentsOutlined,
  personOutline,
  receiptLongOutlined,
  requestQuoteOutlined,
} from '../components/plain/plain-icons';

export interface NavEntry {
  label: string;
  path: string;
  icon: ReactElement;
}

/** The member sidebar, in order; the bottom bar on small screens shows the first three. */
export const memberNavEntries: readonly NavEntry[] = [
  { label: 'Dashboard', path: '/dashboard', icon: <PlainIcon drawing={dashboardOutlined} /> },
  { label: 'My Investments', path: '/investments', icon: <PlainIcon drawing={accountBalanceWalletOutlined} /> },
  { label: 'Payments', path: '/payments', icon: <PlainIcon drawing={paymentsOutlined} /> },
  { label: 'Loans', path: '/loans', icon: <PlainIcon drawing={requestQuoteOutlined} /> },
  { label: 'Transactions', path: '/transactions', icon: <PlainIcon drawing={receiptLongOutlined} /> },
  { label: 'Statements', path: '/statements', icon: <PlainIcon drawing={descriptionOutlined} /> },
  { label: 'Profile', path: '/profile', icon: <PlainIcon drawing={personOutline} /> },
];

export const BOTTOM_NAV_COUNT = 3;

export const adminWorkspaceEntry: NavEntry = {
  label: 'Admin Workspace',
  path: '/admin',
  icon: <PlainIcon drawing={adminPanelSettingsOutlined} />,
};
