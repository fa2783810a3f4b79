import { describe, expect, it } from 'vitest';
import { drawPage, readText } from '../../../lib/test-render';
import { payoutKeys, type AdminExit } from './api';
import { ExitRequestsPage } from './exits-page';

const exit: AdminExit = {
  id: 'exit-1',
  userId: 'member-1',
  membershipId: 'membership-1',
  pool: { id: 'pool-1', name: 'Stokvel One' },
  member: { fullName: 'Nomsa Dube', email: 'nomsa@example.org' },
  reason: 'Moving away',
  status: 'settled',
  statusLabel: 'Settlement prepared',
  requestedAt: '2026-08-01T08:00:00Z',
  noticeEndsOn: '2026-10-30',
  daysLeft: 0,
  isNoticeOver: true,
  estimate: null,
  settlement: {
    capital: 2000,
    returns: 150,
    fee: 0,
    loans: 0,
    payout: 2150,
    valuedAt: '2026-11',
    isEarly: false,
    earlyReason: null,
    preparedBy: 'someone-else',
    preparedAt: '2026-12-02T08:00:00Z',
  },
  approvalsNeeded: 1,
  approverIds: [],
  paidAt: null,
  proofUrl: null,
  rejectionReason: null,
  account: null,
  payoutAccount: null,
};

describe('an exit’s settlement', () => {
  it('names the month end it was valued at in words', () => {
    const text = readText(drawPage(<ExitRequestsPage />, { data: [[payoutKeys.exits(), [exit]]] }));
    expect(text).toContain('= R 2 150.00 (valued at the November 2026 month end)');
  });
});

describe('an exit’s notice', () => {
  it('names the day it ends as every admin date reads', () => {
    const running: AdminExit = { ...exit, status: 'requested', isNoticeOver: false, daysLeft: 12, settlement: null };
    const text = readText(drawPage(<ExitRequestsPage />, { data: [[payoutKeys.exits(), [running]]] }));
    expect(text).toContain('runs 12 more days, to Oct 30, 2026');
  });
});

describe('an exit with payments still pending', () => {
  const waiting: AdminExit = {
    ...exit,
    status: 'requested',
    settlement: null,
    pending: [
      {
        kind: 'payment',
        id: 'payment-1',
        amount: 1000,
        sentOn: '2026-10-02',
        description: 'a payment of R 1 000.00 sent on 2026-10-02',
      },
      {
        kind: 'loan_repayment',
        id: 'repayment-1',
        amount: 100,
        sentOn: '2026-10-03',
        description: 'a repayment of R 100.00 on loan LN-000001 sent on 2026-10-03',
      },
    ],
  };

  it('says why it cannot be settled yet, naming each, and holds the settlement back', () => {
    const page = drawPage(<ExitRequestsPage />, { data: [[payoutKeys.exits(), [waiting]]] });
    expect(readText(page)).toContain(
      'Approve or reject what the member still has pending in this pool first: a payment of R 1 000.00 sent on 2026-10-02; a repayment of R 100.00 on loan LN-000001 sent on 2026-10-03.',
    );
    expect(page).toMatch(/<button[^>]*disabled=""[^>]*>Prepare settlement/);
  });

  it('warns the payer that paying rejects what was sent since the settlement', () => {
    const text = readText(
      drawPage(<ExitRequestsPage />, {
        data: [[payoutKeys.exits(), [{ ...waiting, status: 'approved', settlement: exit.settlement }]]],
      }),
    );
    expect(text).toContain('Paying this exit rejects them, and the member is told why.');
  });
});
