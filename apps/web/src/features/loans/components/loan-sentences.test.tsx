import type { LoanApplicationBody, LoanDetail, LoanQuote, LoanSummary } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { drawPage, readText } from '../../../lib/test-render';
import { loanKeys } from '../api';
import { LoanDetailPage } from '../loan-detail-page';
import { ApplicationSummary } from './application-form';
import { GuaranteeRequests } from './guarantee-requests';
import { LoanList } from './loan-list';

const NO_BREAK = '<span style="white-space:nowrap">';

const asked: LoanSummary = {
  id: 'loan-1',
  number: 'LN-000001',
  type: 'personal',
  typeLabel: 'Personal',
  productName: 'Personal loan',
  pool: { id: 'pool-1', name: 'Stokvel One' },
  member: { id: 'member-1', fullName: 'Thabo Nkosi', email: null },
  amount: 2500,
  termMonths: 6,
  annualRatePercent: 18,
  instalment: 1500.5,
  totalInterest: 132.88,
  totalRepayable: 2632.88,
  purpose: 'School fees',
  status: 'awaiting_guarantor',
  statusLabel: 'Waiting for the guarantor',
  guarantor: {
    id: 'guarantor-1',
    fullName: 'Gugu Guarantor',
    status: 'requested',
    statusLabel: 'Asked',
    guaranteedAmount: 1500,
    decidedAt: null,
  },
  capitalAtApplication: 1000,
  graceDays: 5,
  penaltyType: 'percent',
  penaltyFixed: 0,
  penaltyPercent: 5,
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
  createdAt: '2026-11-25T08:00:00Z',
  closedAt: null,
};

const quote: LoanQuote = {
  type: 'personal',
  typeLabel: 'Personal',
  amount: 2500,
  termMonths: 6,
  annualRatePercent: 18,
  instalment: 438.81,
  totalInterest: 132.88,
  totalRepayable: 2632.88,
  firstDueOn: '2026-12-25',
  schedule: [],
  eligibility: {
    poolId: null,
    capital: 1000,
    maxAmount: 3000,
    isGuarantorNeeded: true,
    guaranteedAmount: 1500.5,
    canApply: true,
    refusal: null,
    refusalField: null,
  },
};

describe('amounts in the loans’ sentences stay on one line', () => {
  it('the guarantee card: the bracketed instalment does not break after its R', () => {
    const html = drawPage(<GuaranteeRequests loans={[asked]} onAnswered={() => undefined} />);
    expect(html).toContain(`months (${NO_BREAK}R 1 500.50</span> a month at 18% a year).`);
    expect(html).toContain(`Guarantee ${NO_BREAK}R 1 500.00</span> of a`);
    expect(html).toContain(`loan of ${NO_BREAK}R 2 500.00</span> over`);
    expect(readText(html)).toContain(
      'Guarantee R 1 500.00 of a personal loan of R 2 500.00 over 6 months (R 1 500.50 a month at 18% a year).',
    );
  });

  it('the application’s confirmation: the guarantor’s bracketed amount and every figure', () => {
    const body = { guarantor: 'gugu@example.org', purpose: 'School fees' } as LoanApplicationBody;
    const html = drawPage(<ApplicationSummary pending={{ body, quote }} error={null} />);
    expect(html).toContain(`gugu@example.org (${NO_BREAK}R 1 500.50</span>)`);
    expect(html).toContain(`${NO_BREAK}R 2 632.88</span>`);
    expect(readText(html)).toContain('Total to repayR 2 632.88');
    expect(readText(html)).toContain('Guarantorgugu@example.org (R 1 500.50)');
  });

  it('the loans list: the amount and the next instalment', () => {
    const repaying: LoanSummary = {
      ...asked,
      status: 'active',
      statusLabel: 'Repaying',
      nextInstalment: { number: 1, dueOn: '2026-12-25', amount: 438.81 },
    };
    const html = drawPage(<LoanList loans={[repaying]} />);
    expect(html).toContain(`${NO_BREAK}R 2 500.00</span> over 6 months`);
    expect(html).toContain(`Next: ${NO_BREAK}R 438.81</span> on Dec 25, 2026`);
  });

  it('a loan’s page: the overdue amount, the settlement and a repayment’s parts', () => {
    const loan: LoanDetail = {
      ...asked,
      status: 'active',
      statusLabel: 'Repaying',
      arrears: { daysOverdue: 3, bucket: '1-30', overdueAmount: 238.81, overdueInstalments: 1 },
      schedule: [],
      projectedSchedule: null,
      settlement: { asOf: '2027-01-28', amount: 2150.25, principal: 2100, interest: 50.25, penalties: 0 },
      waivers: [],
      repayments: [
        {
          id: 'r1',
          loanId: asked.id,
          loanNumber: asked.number,
          amount: 200,
          paymentMethod: 'EFT',
          proofUrl: '/api/files/proof-of-payment/a.pdf',
          paidOn: '2027-01-02',
          status: 'approved',
          statusLabel: 'Approved',
          split: { penalty: 0, interest: 37.5, principal: 162.5, interestNotCharged: 1234 },
          isSettlement: false,
          isFromExit: false,
          rejectionReason: null,
          decidedAt: '2027-01-03T08:00:00Z',
          createdAt: '2027-01-02T08:00:00Z',
        },
      ],
    };
    const html = drawPage(<LoanDetailPage />, {
      path: `/loans/${loan.id}`,
      route: '/loans/:id',
      data: [[loanKeys.detail(loan.id), loan]],
    });
    expect(html).toContain(`${NO_BREAK}R 238.81</span> is overdue (1 instalment, 3 days late).`);
    expect(html).toContain(`Pay ${NO_BREAK}R 2 150.25</span> to settle today`);
    expect(readText(html)).toContain('principal R 2 100.00, interest R 50.25, penalties R 0.00.');
    expect(html).toContain(`principal ${NO_BREAK}R 2 100.00</span>`);
    expect(readText(html)).toContain(
      'Penalty R 0.00 · Interest R 37.50 · Principal R 162.50 · Interest not charged R 1 234.00',
    );
    expect(html).toContain(`Interest not charged ${NO_BREAK}R 1 234.00</span>`);
    expect(html).toContain(`${NO_BREAK}R 1 500.00</span> guaranteed`);
  });
});
