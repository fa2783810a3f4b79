import type { TransactionView } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { drawPage, readText } from '../../lib/test-render';
import { transactionKeys, type TransactionCounts } from './api';
import { TransactionsPage } from './transactions-page';

const contribution = (index: number): TransactionView => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  poolId: '00000000-0000-4000-8000-00000000aaaa',
  poolName: 'Stokvel One',
  type: 'contribution',
  label: 'Contribution',
  reference: `JE-${String(index).padStart(6, '0')}`,
  amount: 100,
  status: 'completed',
  paymentMethod: 'EFT / bank transfer',
  proofOfPaymentUrl: null,
  description: null,
  failureReason: null,
  date: '2026-03-01',
  createdAt: '2026-03-01T08:00:00Z',
});

/** The first page of All: the newest two, though the member has far more. */
const firstPage = { pages: [[contribution(1), contribution(2)]], pageParams: [1] };
const counts: TransactionCounts = {
  contribution: 150,
  return_payment: 2,
  fee: 3,
  withdrawal: 1,
  refund: 1,
  exit_payout: 1,
  loan_disbursement: 1,
  loan_repayment: 2,
  loan_penalty: 0,
  correction: 1,
};

describe('the transactions tabs', () => {
  it('count every transaction of each type, not the rows loaded so far', () => {
    const text = readText(
      drawPage(<TransactionsPage />, {
        data: [
          [transactionKeys.tab('all'), firstPage],
          [transactionKeys.counts(), counts],
        ],
      }),
    );
    for (const label of [
      'All (162)',
      'Contributions (150)',
      'Profits (2)',
      'Fees (3)',
      'Withdrawals (2)',
      'Refunds (1)',
      'Loans (3)',
    ]) {
      expect(text).toContain(label);
    }
  });

  it('show no number before the counts arrive', () => {
    const text = readText(drawPage(<TransactionsPage />, { data: [[transactionKeys.tab('all'), firstPage]] }));
    expect(text).toContain('Contributions');
    expect(text).not.toMatch(/Contributions \(\d+\)/);
  });
});
