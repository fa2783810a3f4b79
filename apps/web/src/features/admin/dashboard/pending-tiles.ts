import type { PendingCounts } from './api';

export interface PendingTile {
  key: keyof PendingCounts;
  label: string;
  description: string;
  path: string;
}

/** The dashboard's tiles, in order, each linking to where those items are handled. */
export const pendingTiles: readonly PendingTile[] = [
  {
    key: 'registrations',
    label: 'Registrations',
    description: 'KYC submissions to review',
    path: '/admin/members/pending',
  },
  { key: 'payments', label: 'Payments', description: 'Proofs of payment to confirm', path: '/admin/payments/pending' },
  {
    key: 'poolRequests',
    label: 'Pool requests',
    description: 'Requests to join a pool',
    path: '/admin/pool-requests',
  },
  { key: 'loans', label: 'Loans', description: 'Loan applications', path: '/admin/loans/pending' },
  {
    key: 'loanRepayments',
    label: 'Loan repayments',
    description: 'Repayments to check against the bank',
    path: '/admin/loans/repayments',
  },
  {
    key: 'withdrawals',
    label: 'Withdrawals',
    description: 'Withdrawal requests',
    path: '/admin/withdrawals/pending',
  },
  { key: 'exits', label: 'Exits', description: 'Exit requests', path: '/admin/exits/pending' },
];

/** How many items wait in all, for the line under the title. */
export function getTotalPending(counts: PendingCounts): number {
  return pendingTiles.reduce((total, tile) => total + (counts[tile.key] ?? 0), 0);
}
