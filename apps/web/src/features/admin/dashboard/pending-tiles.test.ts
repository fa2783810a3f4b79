import { describe, expect, it } from 'vitest';
import { getTotalPending, pendingTiles } from './pending-tiles';

describe('pendingTiles', () => {
  it('links every count to its pending screen', () => {
    expect(pendingTiles.map((tile) => [tile.key, tile.path])).toEqual([
      ['registrations', '/admin/members/pending'],
      ['payments', '/admin/payments/pending'],
      ['poolRequests', '/admin/pool-requests'],
      ['loans', '/admin/loans/pending'],
      ['withdrawals', '/admin/withdrawals/pending'],
      ['exits', '/admin/exits/pending'],
    ]);
  });

  it('adds up the counts', () => {
    expect(
      getTotalPending({ registrations: 3, payments: 2, poolRequests: 4, loans: 0, withdrawals: 1, exits: 0 }),
    ).toBe(10);
  });
});
