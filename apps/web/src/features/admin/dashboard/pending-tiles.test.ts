import { queueKeys } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { canOpenAdminPage } from '../../../shell/admin-nav';
import { getPendingTiles, getTotalPending } from './pending-tiles';

const superAdmin = { isAdmin: true, isSuperAdmin: true, adminRoles: [] };
const every = Object.fromEntries(queueKeys.map((key) => [key, 1]));

describe('getPendingTiles', () => {
  it('links every queue to its pending screen, in the queues order', () => {
    const tiles = getPendingTiles(every, superAdmin);
    expect(tiles.map((tile) => tile.key)).toEqual(queueKeys);
    expect(Object.fromEntries(tiles.map((tile) => [tile.key, tile.path]))).toMatchObject({
      registrations: '/admin/members/pending',
      payments: '/admin/payments/pending',
      loanRepayments: '/admin/loans/repayments',
      loans: '/admin/loans/pending',
      withdrawals: '/admin/withdrawals/pending',
      exits: '/admin/exits/pending',
      monthRequests: '/admin/month-end',
    });
    for (const tile of tiles) expect(canOpenAdminPage(superAdmin, tile.path), tile.path).toBe(true);
  });

  it('shows only the queues the answer counted, and adds them up', () => {
    const tiles = getPendingTiles({ payments: 2, loanRepayments: 1 }, superAdmin);
    expect(tiles.map((tile) => [tile.key, tile.count])).toEqual([
      ['payments', 2],
      ['loanRepayments', 1],
    ]);
    expect(getTotalPending(tiles)).toBe(3);
  });

  it('says something waits when only a loan repayment does', () => {
    expect(getTotalPending(getPendingTiles({ payments: 0, loanRepayments: 1 }, superAdmin))).toBe(1);
  });

  it.each([
    [['payment_management'], ['payments', 'loanRepayments']],
    [['loan_management'], ['loans', 'loanWaivers']],
    [['exit_requests'], ['withdrawals', 'exits']],
    [['audit'], []],
  ])('never shows roles %j a tile whose page they cannot open: only %j', (roles, keys) => {
    const admin = { isAdmin: true, adminRoles: roles };
    expect(getPendingTiles(every, admin).map((tile) => tile.key)).toEqual(keys);
  });
});
