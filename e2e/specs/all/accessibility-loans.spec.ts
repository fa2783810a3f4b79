import { amortisationSchedule, dayOf, daysBetween, formatRand } from '@letsema/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { auditOpen, auditPages, dialogFrom, type Surface } from '../../fixtures/axe.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import {
  adminToken,
  createActiveMember,
  createOpenPool,
  joinOverApi,
  makeProofOfPayment,
  payOverApi,
} from '../../fixtures/investing.js';
import { makePdf, uploadFile, type SubmittedMember } from '../../fixtures/onboarding.js';
import { useOwnServer } from '../../fixtures/own-server.js';
import { inviteStaffOverApi } from '../../fixtures/staff.js';
import { savePayoutAccountOverApi } from '../../fixtures/payout-account.js';
import { setUpPersonalLoansOverApi } from '../../fixtures/lending.js';

const newPage = useBrowser();
const widths = [375, 1280];
const AUDIT_TIMEOUT_MS = 240_000;
const LENDER = { email: newEmail('a11y-lender'), password: 'a-loan-admin-password', fullName: 'Sipho Lender' };

/** The monthly instalment the application form quotes for R 1 000.00 over 6 months at 18% a year. */
const quotedInstalmentCents = amortisationSchedule({
  principalCents: 100_000,
  annualRateBps: 1800,
  termMonths: 6,
  startDay: dayOf(new Date()),
})[0]!.amountCents;

interface LoanAnswer {
  id: string;
  number: string;
  schedule: { dueOn: string }[];
}

/**
 * The loan screens in every state they show: a loan repaying with its first instalment overdue and a
 * repayment to check, an application waiting for approval, one waiting for its guarantor, one
 * approved and waiting for its payout. Lending is turned on and the personal loan set up over the
 * API (the loans journey does it through the screens); the server's clock then moves three days past
 * the first due date.
 */
describe('accessibility of the loan screens (axe, every impact)', () => {
  const own = useOwnServer('a11y-loans');
  const loans = { repaying: '', pending: '', awaitingGuarantor: '', approved: '' };
  let borrower: SubmittedMember;
  let guarantor: SubmittedMember;
  let applicant: SubmittedMember;

  beforeAll(async () => {
    await own.start(0);
    const token = await adminToken();
    await setUpPersonalLoansOverApi(token);
    const lender = (await inviteStaffOverApi({ ...LENDER, roles: ['loan_management'] }, token)).token;

    // Shares of R 1 000.00: the guarantor holds two, the others one each, all paid and approved.
    const pool = await createOpenPool(token);
    borrower = await createActiveMember('Thabo Nkosi');
    guarantor = await createActiveMember('Zodwa Dube');
    applicant = await createActiveMember('Ayanda Zulu');
    const approvedOnly = await createActiveMember('Kagiso Molefe');
    for (const [member, shares] of [
      [borrower, 1],
      [guarantor, 2],
      [applicant, 1],
      [approvedOnly, 1],
    ] as const) {
      const membership = await joinOverApi(member.token, pool, shares, 'once');
      await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
      const payment = await payOverApi(member.token, pool.id, shares * 100_000, 'EFT / bank transfer');
      await api('POST', `/api/admin/payments/${payment.id}/approve`, undefined, token);
    }
    const apply = (member: SubmittedMember, body: Record<string, unknown>) =>
      api<LoanAnswer>('POST', '/api/loans', { type: 'personal', termMonths: 6, ...body }, member.token);

    // Repaying: guaranteed, approved by the super admin, paid out by the other loan admin.
    const repaying = await apply(borrower, {
      amount: 2500,
      purpose: 'School fees and uniforms for my two children.',
      guarantor: guarantor.email,
    });
    loans.repaying = repaying.id;
    await api('POST', `/api/loans/${repaying.id}/guarantor/accept`, undefined, guarantor.token);
    await api('POST', `/api/admin/loans/${repaying.id}/approve`, undefined, token);
    // A loan is paid into the borrower's payout account, 48 hours after it was saved: the clock moves on.
    await savePayoutAccountOverApi(borrower, {
      bankId: 'fnb',
      accountHolder: 'Thabo Nkosi',
      accountNumber: '62012345678',
    });
    await own.stop();
    await own.start(3);
    const transferUrl = await uploadFile(lender, 'loan-disbursement-proof', makePdf('transfer.pdf'));
    const paidOut = await api<LoanAnswer>(
      'POST',
      `/api/admin/loans/${repaying.id}/disburse`,
      { proofUrl: transferUrl },
      lender,
    );
    // Waiting for approval; waiting for the guarantor; approved by the other loan admin, to be paid out.
    loans.pending = (await apply(applicant, { amount: 500, purpose: 'A new fridge for the family shop.' })).id;
    loans.awaitingGuarantor = (
      await apply(applicant, { amount: 1000, purpose: 'Stock for the winter market.', guarantor: guarantor.email })
    ).id;
    loans.approved = (await apply(approvedOnly, { amount: 500, purpose: 'Repairs to the roof before the rains.' })).id;
    await api('POST', `/api/admin/loans/${loans.approved}/approve`, undefined, lender);

    // Three days past the first due date: the instalment is overdue (within the grace days, no penalty).
    await own.stop();
    await own.start(daysBetween(dayOf(new Date()), paidOut.schedule[0]!.dueOn) + 3);
    const proof = await makeProofOfPayment(20_000);
    const proofUrl = await uploadFile(borrower.token, 'proof-of-payment', proof);
    await api(
      'POST',
      `/api/loans/${repaying.id}/repayments`,
      { amount: 200, paymentMethod: 'EFT / bank transfer', proofUrl },
      borrower.token,
    );
    const overdue = await api<{ arrears: { overdueInstalments: number } }>(
      'GET',
      `/api/loans/${repaying.id}`,
      undefined,
      borrower.token,
    );
    expect(overdue.arrears.overdueInstalments).toBe(1);
  }, AUDIT_TIMEOUT_MS);

  async function signedIn(width: number, email: string, password: string): Promise<Page> {
    const page = await newPage({ width });
    await signIn(page, email, password);
    return page;
  }

  it.each(widths)(
    'has no violation on the member’s loan pages at %i px',
    async (width) => {
      const page = await signedIn(width, borrower.email, borrower.password);
      const failures = await auditPages(page, ['/loans', `/loans/${loans.repaying}`, '/loans/guarantees']);
      failures.push(
        ...(await auditOpen(page, [
          {
            name: 'a repayment with its proof',
            url: `/loans/${loans.repaying}`,
            open: async (p) => {
              const proof = await makeProofOfPayment(10_000);
              const form = p.getByRole('form', { name: 'Make a repayment' });
              await form
                .getByLabel('Proof of payment file')
                .setInputFiles({ name: proof.name, mimeType: proof.type, buffer: Buffer.from(proof.bytes) });
              await form.getByText('Uploaded', { exact: true }).waitFor();
            },
          },
        ])),
      );
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );

  it.each(widths)(
    'has no violation with the application’s quote, its confirmation and the guarantee dialogs open at %i px',
    async (width) => {
      const page = await signedIn(width, guarantor.email, guarantor.password);
      const fillApplication = async (p: Page) => {
        const form = p.getByRole('form', { name: 'Apply for a loan' });
        await form.getByLabel('Amount').fill('1000');
        await form.getByLabel('Term in months').fill('6');
        await form
          .getByRole('region', { name: 'Your repayments' })
          .getByText(formatRand(quotedInstalmentCents), { exact: true })
          .first()
          .waitFor();
        return form;
      };
      const quote: Surface = {
        name: 'the application form with its quote',
        url: '/loans',
        open: async (p) => {
          await fillApplication(p);
        },
      };
      const failures = await auditOpen(page, [
        quote,
        {
          name: 'the application’s confirmation',
          url: '/loans',
          open: async (p) => {
            const form = await fillApplication(p);
            await form.getByLabel('What is the loan for?').fill('Seed and fertiliser for the spring planting.');
            await form.getByRole('button', { name: 'Review application' }).click();
            await p.getByRole('dialog', { name: /^Confirm your loan application/ }).waitFor();
          },
        },
        {
          name: 'accepting a guarantee',
          url: '/loans',
          open: dialogFrom({ name: /^Accept guarantee of / }, 'Guarantee this loan?'),
        },
        {
          name: 'declining a guarantee',
          url: '/loans',
          open: dialogFrom({ name: /^Decline guarantee of / }, 'Decline this guarantee?'),
        },
      ]);
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );

  it.each(widths)(
    'has no violation on an application waiting for approval with its cancellation open at %i px',
    async (width) => {
      const page = await signedIn(width, applicant.email, applicant.password);
      const url = `/loans/${loans.pending}`;
      const failures = await auditPages(page, ['/loans', url]);
      failures.push(
        ...(await auditOpen(page, [
          {
            name: 'cancelling an application',
            url,
            open: dialogFrom({ name: 'Cancel application' }, 'Cancel this application?'),
          },
        ])),
      );
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );

  it.each(widths)(
    'has no violation on the admins’ loan pages and the lending setup at %i px',
    async (width) => {
      const page = await signedIn(width, ADMIN.email, ADMIN.password);
      const failures = await auditPages(page, [
        '/admin/loans',
        '/admin/loans/pending',
        '/admin/loans/repayments',
        `/admin/loans/${loans.repaying}`,
        `/admin/loans/${loans.pending}`,
        `/admin/loans/${loans.awaitingGuarantor}`,
        `/admin/loans/${loans.approved}`,
        '/admin/settings',
      ]);
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );

  it.each(widths)(
    'has no violation with the loan decisions and the lending dialogs open at %i px',
    async (width) => {
      const page = await signedIn(width, ADMIN.email, ADMIN.password);
      const failures = await auditOpen(page, [
        {
          name: 'approving a loan',
          url: `/admin/loans/${loans.pending}`,
          open: dialogFrom({ name: 'Approve', exact: true }, 'Approve the loan'),
        },
        {
          name: 'rejecting a loan',
          url: `/admin/loans/${loans.pending}`,
          open: dialogFrom({ name: 'Reject', exact: true }, 'Reject the loan'),
        },
        {
          name: 'paying out a loan with the proof of transfer',
          url: `/admin/loans/${loans.approved}`,
          open: dialogFrom({ name: 'Pay out', exact: true }, /^Pay out the loan/),
        },
        {
          name: 'approving a repayment',
          url: '/admin/loans/repayments',
          open: dialogFrom({ name: 'Approve repayment from Thabo Nkosi' }, 'Approve the repayment'),
        },
        {
          name: 'rejecting a repayment',
          url: '/admin/loans/repayments',
          open: dialogFrom({ name: 'Reject repayment from Thabo Nkosi' }, 'Reject the repayment'),
        },
        {
          name: 'the proof of a repayment',
          url: '/admin/loans/repayments',
          open: dialogFrom({ name: 'View proof of payment from Thabo Nkosi' }, 'Proof of payment from Thabo Nkosi'),
        },
        {
          name: 'editing a loan product',
          url: '/admin/settings',
          open: dialogFrom({ name: 'Edit Personal loan product' }, /^Edit the Personal loan product/),
        },
        {
          name: 'setting up a loan product',
          url: '/admin/settings',
          open: dialogFrom({ name: 'Set up Emergency loan product' }, /^Set up the Emergency loan product/),
        },
      ]);
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );
});
