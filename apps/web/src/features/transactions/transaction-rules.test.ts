import { describe, expect, it } from 'vitest';
import { countByTab, filterByTab, getEmptyText } from './transaction-rules';

const rows = [
  { id: 'a', type: 'contribution' },
  { id: 'b', type: 'contribution' },
  { id: 'c', type: 'return_payment' },
  { id: 'd', type: 'fee' },
  { id: 'e', type: 'refund' },
] as const;

describe('transaction tabs', () => {
  it('counts each tab, All holding everything', () => {
    expect(countByTab(rows)).toEqual({ all: 5, contributions: 2, profits: 1, fees: 1, withdrawals: 0, refunds: 1 });
  });

  it.each([
    ['all', ['a', 'b', 'c', 'd', 'e']],
    ['contributions', ['a', 'b']],
    ['profits', ['c']],
    ['withdrawals', []],
  ] as const)('%s shows %j', (tab, ids) => {
    expect(filterByTab(rows, tab).map((row) => row.id)).toEqual(ids);
  });

  it('says what an empty tab lacks', () => {
    expect(getEmptyText('all')).toBe('No transactions yet');
    expect(getEmptyText('profits')).toBe('No profits yet');
  });
});
