import type { AdminLoanPage, LoanDetail, LoanRepayment } from '@letsema/domain';
import { loanMessages } from '@letsema/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../lib/current-user';
import { drawPage } from '../../../lib/test-render';
import { AdminLoansPage } from './admin-loans-page';
import { loanKeys } from './api';
import { emptyLoanFilters } from './loan-rules';
import { LoanDetailPage } from './loan-detail-page';

const me = { id: '00000000-0000-4000-8000-000000000001' };

function user(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: me.id,
    email: 'admin@example.org',
    fullName: 'Ada Admin',
    isAdmin: true,
    isSuperAdmin: false,
    adminRoles: ['loan_management', 'payment_management'],
    ...overrides,
  } as CurrentUser;
}

function loan(overrides: Partial<LoanDetail> = {}): LoanDetail {
  return {
    id: 'loan-1',
    number: 'LN-000001',
    type: 'personal',
    typeLabel: 'Personal',
    productName: 'Personal loan',
    pool: { id: 'pool-1', name: 'Stokvel One' },
    member: { id: 'member-1', fullName: 'Mpho Member', email: 'mpho@example.org' },
    amount: 10_000,
    termMonths: 12,
    annualRatePercent: 18,
    instalment: 916.8,
    totalInterest: 1001.6,
    totalRepayable: 11_001.6,
    purpose: 'School fees for next year',
    status: 'pending',
    statusLabel: 'Waiting for approval',
    guarantor: {
      id: 'guarantor-1',
      fullName: 'Gugu Guarantor',
      status: 'accepted',
      statusLabel: 'Accepted',
      guaranteedAmount: 4000,
      decidedAt: '2025-03-02T10:00:00Z',
    },
    capitalAtApplication: 6000,
    graceDays: 7,
    penaltyType: 'fixed',
    penaltyFixed: 100,
    penaltyPercent: 0,
    approvalsNeeded: 1,
    approverIds: [],
    approvedAt: null,
    rejectionReason: null,
    decidedAt: null,
    disbursedAt: null,
    disbursedOn: null,
    disbursementProofUrl: null,
    principalRepaid: 0,
    outstandingPrincipal: 0,
    arrears: { daysOverdue: 0, bucket: null, overdueAmount: 0, overdueInstalments: 0 },
    nextInstalment: null,
    createdAt: '2025-03-01T10:00:00Z',
    closedAt: null,
    schedule: [],
    projectedSchedule: [
      { number: 1, dueOn: '2025-04-01', principal: 766.8, interest: 150, amount: 916.8, balanceAfter: 9233.2 },
    ],
    settlement: null,
    repayments: [],
    waivers: [],
    ...overrides,
  };
}

/** The page at `path` (of `route`), drawn by the shared helper with `data` already answered. */
const draw = (path: string, page: ReactNode, currentUser: CurrentUser, data: [QueryKey, unknown][], route = path) =>
  drawPage(page, { path, route, data, user: currentUser });

const drawLoan = (data: LoanDetail, currentUser = user()) =>
  draw(
    `/admin/loans/${data.id}`,
    <LoanDetailPage />,
    currentUser,
    [[loanKeys.detail(data.id), data]],
    '/admin/loans/:id',
  );

const headings = (html: string, level: number) => html.match(new RegExp(`<h${level}[ >]`, 'g'))?.length ?? 0;
const buttons = (html: string) =>
  [...html.matchAll(/<(?:button|a)[^>]*>(.*?)<\/(?:button|a)>/gs)].map((match) =>
    match[1]!.replace(/<[^>]+>/g, '').trim(),
  );

describe('a loan for the loan admins', () => {
  it('waiting for approval: one h1, the member and guarantor, the projected schedule, Approve and Reject', () => {
    const html = drawLoan(loan());
    expect(headings(html, 1)).toBe(1);
    expect(html).toContain('Loan LN-000001');
    expect(html).toContain('Mpho Member');
    expect(html).toContain('Gugu Guarantor');
    expect(html).toContain('Accepted');
    expect(html).toContain('the schedule if it were paid out today');
    expect(buttons(html)).toEqual(expect.arrayContaining(['Approve', 'Reject']));
    expect(buttons(html)).not.toContain('Pay out');
  });

  it('their own loan: no decision, the server reason instead', () => {
    const html = drawLoan(loan({ member: { id: me.id, fullName: 'Ada Admin', email: 'admin@example.org' } }));
    expect(buttons(html)).not.toContain('Approve');
    expect(buttons(html)).not.toContain('Reject');
    expect(html).toContain(loanMessages.ownLoan);
  });

  it('approved by this admin: may reject, not pay out, and says why', () => {
    const html = drawLoan(loan({ status: 'approved', statusLabel: 'Approved', approverIds: [me.id] }));
    expect(buttons(html)).toContain('Reject');
    expect(buttons(html)).not.toContain('Pay out');
    expect(html).toContain(loanMessages.approverPays);
  });

  it('approved by another: Pay out', () => {
    const html = drawLoan(loan({ status: 'approved', statusLabel: 'Approved', approverIds: ['someone-else'] }));
    expect(buttons(html)).toContain('Pay out');
  });

  it('repaying in arrears: the schedule with an overdue penalty to waive, a waiver waiting, repayments', () => {
    const repayment: LoanRepayment = {
      id: 'r1',
      loanId: 'loan-1',
      loanNumber: 'LN-000001',
      amount: 500,
      paymentMethod: 'EFT',
      proofUrl: '/api/files/proof-of-payment/abc.pdf',
      paidOn: '2025-04-02',
      status: 'approved',
      statusLabel: 'Approved',
      split: { penalty: 0, interest: 150, principal: 350, interestNotCharged: 0 },
      isSettlement: false,
      isFromExit: false,
      rejectionReason: null,
      decidedAt: '2025-04-03T10:00:00Z',
      createdAt: '2025-04-02T10:00:00Z',
    };
    const row = {
      principal: 766.8,
      interest: 150,
      interestNotCharged: 0,
      penaltyWaived: 0,
      paidOn: null,
      penaltyAppliedOn: null,
    };
    const html = drawLoan(
      loan({
        status: 'active',
        statusLabel: 'Repaying',
        approverIds: ['a'],
        disbursedAt: '2025-03-03T10:00:00Z',
        disbursementProofUrl: '/api/files/loan-disbursement-proof/x.png',
        outstandingPrincipal: 9650,
        arrears: { daysOverdue: 40, bucket: '31-60', overdueAmount: 1516.8, overdueInstalments: 2 },
        projectedSchedule: null,
        settlement: { asOf: '2025-05-11', amount: 11_000, principal: 9650, interest: 1250, penalties: 100 },
        schedule: [
          {
            ...row,
            id: 'i1',
            number: 1,
            dueOn: '2025-04-01',
            penalty: 100,
            amount: 1016.8,
            paid: 500,
            unpaid: 516.8,
            status: 'overdue',
            statusLabel: 'Overdue',
            penaltyId: 'p1',
          },
          {
            ...row,
            id: 'i2',
            number: 2,
            dueOn: '2025-05-01',
            penalty: 100,
            amount: 1016.8,
            paid: 0,
            unpaid: 1016.8,
            status: 'overdue',
            statusLabel: 'Overdue',
            penaltyId: 'p2',
          },
        ],
        repayments: [repayment],
        waivers: [
          {
            id: 'w1',
            penaltyId: 'p2',
            loanId: 'loan-1',
            loanNumber: 'LN-000001',
            instalmentNumber: 2,
            amount: 100,
            reason: 'Hospital stay',
            status: 'pending',
            requestedBy: 'another-admin',
            decidedBy: null,
            decidedAt: null,
            rejectionReason: null,
            createdAt: '2025-05-05T10:00:00Z',
          },
        ],
      }),
    );
    expect(html).toContain('Overdue');
    expect(html).toContain('View proof of transfer');
    // Instalment 1's penalty was paid first; instalment 2's waits for a second admin.
    expect(buttons(html).filter((label) => label === 'Waive penalty')).toHaveLength(0);
    expect(html).toContain('Waiting for a second admin');
    expect(buttons(html)).toEqual(expect.arrayContaining(['Approve waiver', 'Reject waiver']));
    expect(html).toContain('Hospital stay');
    expect(html).toMatch(/<table[^>]*aria-label="Repayment schedule"/);
    expect(html).toMatch(/<th[^>]*scope="col"[^>]*>Penalty<\/th>/);
  });

  it('an unpaid penalty can be waived, except by the member or guarantor', () => {
    const active = loan({
      status: 'active',
      statusLabel: 'Repaying',
      projectedSchedule: null,
      schedule: [
        {
          id: 'i1',
          number: 1,
          dueOn: '2025-04-01',
          principal: 766.8,
          interest: 150,
          interestNotCharged: 0,
          penalty: 100,
          penaltyWaived: 0,
          amount: 1016.8,
          paid: 0,
          unpaid: 1016.8,
          status: 'overdue',
          statusLabel: 'Overdue',
          paidOn: null,
          penaltyId: 'p1',
          penaltyAppliedOn: '2025-04-08',
        },
      ],
    });
    expect(buttons(drawLoan(active))).toContain('Waive penalty');
    const guaranteed = drawLoan({ ...active, guarantor: { ...active.guarantor!, id: me.id } });
    expect(buttons(guaranteed)).not.toContain('Waive penalty');
    expect(guaranteed).toContain(loanMessages.guaranteedLoan);
  });

  it('a waiver this admin asked for waits for another admin', () => {
    const html = drawLoan(
      loan({
        status: 'active',
        statusLabel: 'Repaying',
        projectedSchedule: null,
        waivers: [
          {
            id: 'w1',
            penaltyId: 'p2',
            loanId: 'loan-1',
            loanNumber: 'LN-000001',
            instalmentNumber: 2,
            amount: 100,
            reason: 'Hospital stay',
            status: 'pending',
            requestedBy: me.id,
            decidedBy: null,
            decidedAt: null,
            rejectionReason: null,
            createdAt: '2025-05-05T10:00:00Z',
          },
        ],
      }),
    );
    expect(buttons(html)).not.toContain('Approve waiver');
    expect(html).toContain('Waiting for another admin');
    expect(html).toContain(loanMessages.ownWaiver);
  });
});

describe('the loans page', () => {
  const page: AdminLoanPage = {
    items: [loan({ status: 'active', statusLabel: 'Repaying' })],
    total: 1,
    page: 1,
    limit: 20,
    ageing: {
      asOf: '2025-05-11',
      buckets: [
        { bucket: '1-30', loans: 2, overdueAmount: 1200, outstandingPrincipal: 15_000 },
        { bucket: '31-60', loans: 1, overdueAmount: 1516.8, outstandingPrincipal: 9650 },
        { bucket: '61-90', loans: 0, overdueAmount: 0, outstandingPrincipal: 0 },
        { bucket: '90+', loans: 0, overdueAmount: 0, outstandingPrincipal: 0 },
      ],
      loansInArrears: 3,
      overdueAmount: 2716.8,
      activeLoans: 5,
      outstandingPrincipal: 40_000,
    },
  };

  it('shows the tabs, the figures, the ageing buckets and the list', () => {
    const html = draw('/admin/loans', <AdminLoansPage view="all" />, user(), [
      [loanKeys.list(emptyLoanFilters), page],
      [loanKeys.count('pending'), 2],
      [loanKeys.count('approved'), 1],
    ]);
    expect(headings(html, 1)).toBe(1);
    expect(buttons(html)).toEqual(
      expect.arrayContaining(['All loans', 'To decide', 'Repayments to check', '1–30 days', 'Over 90 days']),
    );
    expect(html).toContain('Arrears ageing');
    expect(html).toContain('R 40 000.00');
    expect(html).toContain('R 1 516.80');
    expect(html).toContain('LN-000001');
  });

  it('the payments desk sees only the repayments to check', () => {
    const html = draw(
      '/admin/loans/repayments',
      <AdminLoansPage view="repayments" />,
      user({ adminRoles: ['payment_management'] }),
      [[loanKeys.repayments(), []]],
    );
    expect(html).toContain('Repayments to check');
    expect(html).toContain('No repayments to check');
    expect(buttons(html)).not.toContain('All loans');
  });
});
