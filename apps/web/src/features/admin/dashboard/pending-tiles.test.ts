import { describe, expect, it } from 'vitest';
import { canOpenAdminPage } from '../../../shell/admin-nav';
import { getTotalPending, pendingTiles } from './pending-tiles';

describe('pendingTiles', () => {
  it('links every count to its pending screen', () => {
    expect(pendingTiles.map((tile) => [tile.key, tile.path])).toEqual([
      ['registrations', '/admin/members/pending'],
      ['payments', '/admin/payments/pending'],
      ['poolRequests', '/admin/pool-requests'],
      ['loans', '/admin/loans/pending'],
      ['loanRepayments', '/admin/loans/repayments'],
      ['withdrawals', '/admin/withdrawals/pending'],
      ['exits', '/admin/exits/pending'],
    ]);
  });

  it('adds up the counts', () => {
    expect(
      getTotalPending({
        registrations: 3,
        payments: 2,
        poolRequests: 4,
        loans: 0,
        loanRepayments: 2,
        withdrawals: 1,
        exits: 0,
      }),
    ).toBe(12);
  });

  it('says something waits when only a loan repayment does', () => {
    expect(
      getTotalPending({
        registrations: 0,
        payments: 0,
        poolRequests: 0,
        loans: 0,
        loanRepayments: 1,
        withdrawals: 0,
        exits: 0,
      }),
    ).toBe(1);
  });

  it.each([
    [['payment_management'], ['payments', 'loanRepayments']],
    [['loan_management'], ['loans']],
    [['exit_requests'], ['withdrawals', 'exits']],
  ])('lets roles %j open only the tiles %j', (roles, keys) => {
    const admin = { isAdmin: true, adminRoles: roles };
    expect(pendingTiles.filter((tile) => canOpenAdminPage(admin, tile.path)).map((tile) => tile.key)).toEqual(keys);
  });
});
