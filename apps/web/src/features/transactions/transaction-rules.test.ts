import { describe, expect, it } from 'vitest';
import { countTabs, getEmptyText } from './transaction-rules';

describe('transaction tabs', () => {
  it('counts each tab from the counts per type, All holding everything', () => {
    expect(
      countTabs({
        contribution: 150,
        return_payment: 1,
        fee: 3,
        withdrawal: 1,
        refund: 1,
        exit_payout: 1,
        loan_disbursement: 1,
        loan_repayment: 4,
        loan_penalty: 1,
        correction: 2,
      }),
    ).toEqual({
      all: 165,
      contributions: 150,
      profits: 1,
      fees: 3,
      withdrawals: 2,
      refunds: 1,
      loans: 6,
    });
  });

  it('says what an empty tab lacks', () => {
    expect(getEmptyText('all')).toBe('No transactions yet');
    expect(getEmptyText('profits')).toBe('No profits yet');
  });
});
