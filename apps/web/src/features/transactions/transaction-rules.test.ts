import { describe, expect, it } from 'vitest';
import { countTabs, getEmptyText, getTabType } from './transaction-rules';

describe('transaction tabs', () => {
  it('counts each tab from the counts per type, All holding everything', () => {
    expect(countTabs({ contribution: 150, return_payment: 1, fee: 3, withdrawal: 0, refund: 1 })).toEqual({
      all: 155,
      contributions: 150,
      profits: 1,
      fees: 3,
      withdrawals: 0,
      refunds: 1,
    });
  });

  it.each([
    ['all', null],
    ['contributions', 'contribution'],
    ['profits', 'return_payment'],
    ['fees', 'fee'],
    ['withdrawals', 'withdrawal'],
    ['refunds', 'refund'],
  ] as const)('%s lists %s', (tab, type) => {
    expect(getTabType(tab)).toBe(type);
  });

  it('says what an empty tab lacks', () => {
    expect(getEmptyText('all')).toBe('No transactions yet');
    expect(getEmptyText('profits')).toBe('No profits yet');
  });
});
