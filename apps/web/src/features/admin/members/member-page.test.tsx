import { describe, expect, it } from 'vitest';
import { drawPage, readText } from '../../../lib/test-render';
import { memberKeys } from './api';
import type { MemberPage as MemberPageData } from './directory-api';
import { MemberPage } from './member-page';

const member: MemberPageData = {
  id: 'member-1',
  fullName: 'Ntombi Dlamini',
  email: 'ntombi@example.org',
  phoneNumber: null,
  registrationStatus: 'active',
  accountStatus: 'active',
  emailVerifiedAt: '2026-01-02T08:00:00Z',
  createdAt: '2026-01-02T08:00:00Z',
  isAdmin: false,
  memberships: [],
  payments: [],
  loans: [{ id: 'l1', number: 'LN-000042', status: 'active', amount: 3000, createdAt: '2026-07-01T08:00:00Z' }],
  exits: [{ id: 'e1', status: 'requested', noticeEndsOn: '2026-10-30', createdAt: '2026-08-01T08:00:00Z' }],
  withdrawals: [],
  auditTrail: [
    { id: 3, action: 'payment.approve', actor: 'Ada Admin', outcome: 'success', createdAt: '2026-11-25T08:00:00Z' },
    {
      id: 2,
      action: 'auth.sign_in',
      actor: 'Ntombi Dlamini',
      outcome: 'failure',
      createdAt: '2026-11-24T08:00:00Z',
    },
    { id: 1, action: 'kyc.approve', actor: 'Ada Admin', outcome: 'success', createdAt: '2026-01-03T08:00:00Z' },
    { id: 0, action: 'future.thing', actor: null, outcome: null, createdAt: '2026-01-02T08:00:00Z' },
  ],
};

const draw = () =>
  readText(
    drawPage(<MemberPage />, {
      path: `/admin/members/${member.id}`,
      route: '/admin/members/:userId',
      data: [[[...memberKeys.all, 'page', member.id], member]],
    }),
  );

describe('a member’s audit trail', () => {
  it('names each action in words, not by its code', () => {
    const text = draw();
    expect(text).toContain('Nov 25, 2026 at 10:00 · Payment approved by Ada Admin');
    expect(text).toContain('Nov 24, 2026 at 10:00 · Sign-in by Ntombi Dlamini (failed)');
    expect(text).toContain('Jan 3, 2026 at 10:00 · Registration approved by Ada Admin');
    expect(text).not.toMatch(/payment\.approve|auth\.sign_in|kyc\.approve/);
  });

  it('shows a code it has no words for as it is', () => {
    expect(draw()).toContain('Jan 2, 2026 at 10:00 · future.thing');
  });
});

describe('a member’s exits', () => {
  it('names the day the notice ends as every admin date reads', () => {
    expect(draw()).toContain('Exit asked Aug 1, 2026, notice to Oct 30, 2026');
  });
});

describe('a member’s loans', () => {
  it('lists each loan with its number, amount and status in words', () => {
    expect(draw()).toContain('Loan LN-000042 of R 3 000.00 asked Jul 1, 2026: Repaying');
  });
});
