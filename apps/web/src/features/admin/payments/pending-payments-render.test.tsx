import { investingMessages } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { drawPage, readText, testAdmin } from '../../../lib/test-render';
import { paymentAdminKeys, type PendingPayment } from './api';
import { PendingPaymentsPage } from './pending-payments-page';

function payment(id: string, user: PendingPayment['user']): PendingPayment {
  return {
    id,
    user,
    pool: { name: 'Stokvel One' },
    amount: 500,
    paymentMethod: 'EFT / bank transfer',
    proofOfPaymentUrl: `/api/files/proofs/${id}.pdf`,
    plan: { installmentPlan: 'monthly', contributionAmount: 500, totalCommitment: 6000, totalPaid: 0 },
    createdAt: '2026-11-02T08:00:00Z',
  };
}

describe('PendingPaymentsPage', () => {
  it("replaces Approve and Reject with the reason on the admin's own payment, and offers them on others'", () => {
    const own = payment('p-own', {
      id: testAdmin.id,
      fullName: 'Ada Admin',
      email: 'ada@example.org',
      phoneNumber: null,
    });
    const other = payment('p-other', {
      id: '00000000-0000-4000-8000-000000000002',
      fullName: 'Thandi Member',
      email: 'thandi@example.org',
      phoneNumber: '0821234567',
    });
    const html = drawPage(<PendingPaymentsPage />, {
      path: '/admin/payments/pending',
      data: [[paymentAdminKeys.pending(), { pages: [[own, other]], pageParams: [1] }]],
    });
    expect(readText(html)).toContain(investingMessages.ownPayment);
    expect(html).not.toContain('aria-label="Approve payment from Ada Admin"');
    expect(html).not.toContain('aria-label="Reject payment from Ada Admin"');
    expect(html).toContain('aria-label="Approve payment from Thandi Member"');
    expect(html).toContain('aria-label="Reject payment from Thandi Member"');
  });
});
