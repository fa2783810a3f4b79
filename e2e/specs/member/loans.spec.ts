import {
  amortisationSchedule,
  dayOf,
  daysBetween,
  formatLoanNumber,
  formatRand,
  scheduleTotals,
} from '@letsema/domain';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { createTestFiles, removeTestFiles, type TestFiles } from '../../fixtures/files.js';
import { adminToken, createActiveMember, createOpenPool, joinOverApi, payOverApi } from '../../fixtures/investing.js';
import type { SubmittedMember } from '../../fixtures/onboarding.js';
import { useOwnServer } from '../../fixtures/own-server.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';
import { inviteStaffOverApi } from '../../fixtures/staff.js';
import { savePayoutAccountOverApi } from '../../fixtures/payout-account.js';

/** The books' clock runs this many days ahead, past the payout account's 48-hour hold. */
const PAYOUT_HOLD_OFFSET_DAYS = 3;

const newPage = useBrowser();
const PHONE = { width: 375, height: 800 };
const LENDER = { email: newEmail('lender'), password: 'a-loan-admin-password', fullName: 'Lerato Lender' };

/**
 * The loan of the journey: R 2 500.00 over 6 months at 18% a year, asked by a member with R 1 000.00
 * of capital, so a guarantor covers the R 1 500.00 above it. Its schedule does not depend on the day
 * it starts: R 438.81 a month, the last R 438.83, R 132.88 of interest in all.
 */
const AMOUNT_CENTS = 250_000;
const TERM_MONTHS = 6;
const RATE_BPS = 1800;
const CAPITAL_CENTS = 100_000;
const GUARANTEED_CENTS = AMOUNT_CENTS - CAPITAL_CENTS;
const schedule = amortisationSchedule({
  principalCents: AMOUNT_CENTS,
  annualRateBps: RATE_BPS,
  termMonths: TERM_MONTHS,
  startDay: dayOf(new Date()),
});
const totals = scheduleTotals(schedule);
/** The repayment: less than the first instalment, so it pays its interest and part of its principal. */
const REPAID_CENTS = 20_000;
const first = schedule[0]!;
const principalRepaidCents = REPAID_CENTS - first.interestCents;
const owedPrincipalCents = AMOUNT_CENTS - principalRepaidCents;
const firstLeftCents = first.amountCents - REPAID_CENTS;
/** The first loan on this spec's own server. */
const LOAN_NUMBER = formatLoanNumber(1);

/** The value a `Figure` shows under its label, within `scope`. */
function figure(scope: Locator, label: string): Locator {
  return scope.getByText(label, { exact: true }).first().locator('xpath=..');
}

describe('a loan from the lending setup to its arrears', () => {
  const own = useOwnServer('loans');
  let files: TestFiles;
  let borrower: SubmittedMember;
  let guarantor: SubmittedMember;
  let loanId = '';

  beforeAll(async () => {
    expect(schedule.map((row) => formatRand(row.amountCents))).toEqual([
      'R 438.81',
      'R 438.81',
      'R 438.81',
      'R 438.81',
      'R 438.81',
      'R 438.83',
    ]);
    files = await createTestFiles();
    await own.start(0);
    const token = await adminToken();
    // Shares of R 1 000.00: the borrower holds one, the guarantor two, both paid and approved.
    const pool = await createOpenPool(token);
    borrower = await createActiveMember('Thabo Nkosi');
    guarantor = await createActiveMember('Zodwa Dube');
    for (const [member, shares] of [
      [borrower, 1],
      [guarantor, 2],
    ] as const) {
      const membership = await joinOverApi(member.token, pool, shares, 'once');
      await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
      const payment = await payOverApi(member.token, pool.id, shares * CAPITAL_CENTS, 'EFT / bank transfer');
      await api('POST', `/api/admin/payments/${payment.id}/approve`, undefined, token);
    }
    // A second loan admin, who pays out what the super admin approves.
    await inviteStaffOverApi({ ...LENDER, roles: ['loan_management'] }, token);
    // A loan is paid into the borrower's payout account, 48 hours after it was saved: the clock moves on.
    await savePayoutAccountOverApi(borrower, {
      bankId: 'fnb',
      accountHolder: 'Thabo Nkosi',
      accountNumber: '62012345678',
    });
    await own.stop();
    await own.start(PAYOUT_HOLD_OFFSET_DAYS);
  }, 240_000);

  afterAll(() => removeTestFiles(files));

  it('the super admin turns lending on, with the confirmation, and sets up the personal loan', async () => {
    const page = await newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/settings');
    // The books' clock is moved for this rehearsal, and every page says so with the books' day.
    await page
      .getByText(
        `Rehearsal: the books' clock is moved ${PAYOUT_HOLD_OFFSET_DAYS} days ahead. Today in the books is ${dayOf(
          new Date(Date.now() + PAYOUT_HOLD_OFFSET_DAYS * 24 * 60 * 60 * 1000),
        )}.`,
      )
      .waitFor();
    const lending = page.getByRole('region', { name: 'Lending', exact: true });
    const settings = lending.getByRole('form', { name: 'Lending settings' });
    await settings.getByLabel('Lend to members').check();
    await settings.getByText('Legal maximum rate:').getByText('28.00% a year').waitFor();
    // Lending is not turned on until the super admin confirms the rules allow it.
    await settings.getByRole('button', { name: 'Save lending settings' }).click();
    await settings.getByText("Please confirm that the cooperative's rules allow it to lend to members").waitFor();
    await settings.getByLabel('I confirm that the cooperative’s rules allow it to lend to members').check();
    await settings.getByRole('button', { name: 'Save lending settings' }).click();
    await settings.getByText('Lending settings saved.').waitFor();
    await settings.getByText(/^Confirmed .+ by Super Admin\.$/).waitFor();

    const products = lending.getByRole('list', { name: 'Loan products' });
    const personal = products.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Personal' }) });
    await personal.getByText('Not set up', { exact: true }).waitFor();
    await personal.getByRole('button', { name: 'Set up Personal loan product' }).click();
    const dialog = page.getByRole('dialog', { name: /^Set up the Personal loan product/ });
    await dialog.getByLabel('Description').fill('For what a member needs, repaid monthly.');
    // Above the legal maximum the product is refused, in the server's words.
    await dialog.getByLabel('Interest rate (% a year)').fill('30');
    await dialog.getByLabel('Shortest term (months)').fill('3');
    await dialog.getByLabel('Longest term (months)').fill('24');
    await dialog.getByLabel('Grace days').fill('5');
    await dialog.getByLabel('Late penalty').selectOption({ label: 'Percentage of the overdue instalment' });
    await dialog.getByLabel('Penalty (% of the overdue instalment)').fill('5');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await dialog
      .getByText(
        'The rate is above the legal maximum of 28.00% a year (the repo rate plus the margin of Regulation 42).',
      )
      .waitFor();
    await dialog.getByLabel('Interest rate (% a year)').fill('18');
    expect(await dialog.getByLabel('Most a member may borrow (times their capital)').inputValue()).toBe('3');
    expect(await dialog.getByLabel('A guarantor is needed for the part above the member’s capital').isChecked()).toBe(
      true,
    );
    expect(await dialog.getByLabel('On offer to members').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await lending.getByText('Personal loan product added.').waitFor();
    await personal.getByText('On offer', { exact: true }).waitFor();
    await personal
      .getByText(
        '18% a year · 3 to 24 months · up to 3 × capital · 5 grace days · late penalty 5% of the overdue instalment · guarantor above capital',
      )
      .waitFor();
  });

  it('a member on a phone sees the schedule, names a guarantor for the part above their capital and applies', async () => {
    const page = await newPage(PHONE);
    await signIn(page, borrower.email, borrower.password);
    await page.goto('/loans');
    await page.getByRole('heading', { name: 'Loans', level: 1 }).waitFor();
    const borrowing = page.getByRole('region', { name: 'Your borrowing' });
    await figure(borrowing, 'Paid-up capital').getByText(formatRand(CAPITAL_CENTS), { exact: true }).waitFor();
    await figure(borrowing, 'Principal owed').getByText(formatRand(0), { exact: true }).waitFor();

    const form = page.getByRole('form', { name: 'Apply for a loan' });
    // The only product on offer is chosen already.
    expect(await form.getByLabel('Loan type').inputValue()).toBe('personal');
    await form.getByText('You can borrow up to R 3 000.00').waitFor();
    await form.getByLabel('Amount').fill('2500');
    await form.getByLabel('Term in months').fill(String(TERM_MONTHS));

    // The schedule before applying: each instalment, and what it comes to.
    const quote = form.getByRole('region', { name: 'Your repayments' });
    await quote
      .getByText(`A guarantor is needed for ${formatRand(GUARANTEED_CENTS)}, the part above your paid-up capital.`)
      .waitFor();
    await figure(quote, 'Monthly instalment').getByText(formatRand(totals.instalmentCents), { exact: true }).waitFor();
    await figure(quote, 'Total interest').getByText('R 132.88', { exact: true }).waitFor();
    await figure(quote, 'Total to repay').getByText('R 2 632.88', { exact: true }).waitFor();
    const rows = quote.getByRole('list', { name: 'Repayment schedule' }).getByRole('listitem');
    expect(await rows.count()).toBe(TERM_MONTHS);
    await rows.nth(0).getByText('R 438.81', { exact: true }).waitFor();
    await rows.nth(0).getByText('Principal R 401.31 · Interest R 37.50', { exact: true }).waitFor();
    await rows.nth(5).getByText('R 438.83', { exact: true }).waitFor();
    await quote.getByText('R 2 500.00', { exact: true }).waitFor();
    await expectNoSideScroll(page);

    await form.getByLabel('What is the loan for?').fill('School fees and uniforms for my two children.');
    // Without the guarantor the application is not sent.
    await form.getByRole('button', { name: 'Review application' }).click();
    await form.getByText('A guarantor is needed for the part above your paid-up capital (R 1 500.00).').waitFor();
    await form.getByLabel("Guarantor's phone number or e-mail").fill(guarantor.email);
    await form.getByRole('button', { name: 'Review application' }).click();

    const confirm = page.getByRole('dialog', { name: /^Confirm your loan application/ });
    const summary = async (label: string) =>
      (await confirm.getByText(label, { exact: true }).locator('xpath=following-sibling::dd').innerText()).trim();
    expect(await summary('Loan')).toBe('Personal loan');
    expect(await summary('Amount')).toBe('R 2 500.00');
    expect(await summary('Term')).toBe('6 months');
    expect(await summary('Interest rate')).toBe('18% a year');
    expect(await summary('Monthly instalment')).toBe('R 438.81');
    expect(await summary('Total to repay')).toBe('R 2 632.88');
    expect(await summary('Guarantor')).toBe(`${guarantor.email} (R 1 500.00)`);
    await confirm.getByRole('button', { name: 'Submit application' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Your application for R 2 500.00 was sent. We will let you know the decision.').waitFor();

    const mine = page.getByRole('list', { name: 'My loans' }).getByRole('listitem');
    await mine.getByText(LOAN_NUMBER, { exact: true }).waitFor();
    expect(await mine.count()).toBe(1);
    await mine.getByText('Waiting for the guarantor', { exact: true }).waitFor();
    // An application is not owed until it is paid out, but it counts against the limit, so it is not lent twice.
    await figure(borrowing, 'Principal owed').getByText(formatRand(0), { exact: true }).waitFor();
    await figure(borrowing, 'Applied for').getByText('R 2 500.00', { exact: true }).waitFor();
    const loans = await api<{ id: string; number: string }[]>('GET', '/api/loans', undefined, borrower.token);
    expect(loans.map((loan) => loan.number)).toEqual([LOAN_NUMBER]);
    loanId = loans[0]!.id;
    await expectNoSideScroll(page);
  });

  it('the guarantor accepts, and that part of their capital is held', async () => {
    const page = await newPage(PHONE);
    await signIn(page, guarantor.email, guarantor.password);
    await page.goto('/loans');
    await page.getByText('A member asks you to guarantee a loan.').waitFor();
    const request = page.getByRole('list', { name: 'Guarantee requests' }).getByRole('listitem');
    await request.getByText(`Thabo Nkosi · ${LOAN_NUMBER}`).waitFor();
    await request
      .getByText(
        'Guarantee R 1 500.00 of a personal loan of R 2 500.00 over 6 months (R 438.81 a month at 18% a year).',
      )
      .waitFor();
    await request.getByRole('button', { name: `Accept guarantee of ${LOAN_NUMBER}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Guarantee this loan?' });
    await dialog
      .getByText(
        `If you accept, R 1 500.00 of your capital is held until Thabo Nkosi's loan ${LOAN_NUMBER} is repaid.`,
        { exact: false },
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Accept and hold my capital' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`You now guarantee Thabo Nkosi's loan ${LOAN_NUMBER}.`).waitFor();
    await request.getByText('Your answer: Accepted', { exact: true }).waitFor();
    await request.getByText('Waiting for approval', { exact: true }).waitFor();
    expect(await request.getByRole('button', { name: `Accept guarantee of ${LOAN_NUMBER}` }).count()).toBe(0);
    const borrowing = page.getByRole('region', { name: 'Your borrowing' });
    await figure(borrowing, 'Held for guarantees').getByText('R 1 500.00', { exact: true }).waitFor();
  });

  it('one loan admin approves, is not offered the payout, and another pays it out with the proof of transfer', async () => {
    const approver = await newPage();
    await signIn(approver, ADMIN.email, ADMIN.password);
    await approver.goto('/admin/loans/pending');
    const waiting = approver.getByRole('region', { name: /^Waiting for approval/ });
    await waiting.getByText(`${LOAN_NUMBER} · Thabo Nkosi · R 2 500.00`).waitFor();
    await waiting.getByRole('link', { name: `Review ${LOAN_NUMBER}` }).click();
    await approver.waitForURL(`**/admin/loans/${loanId}`);
    await approver.getByRole('heading', { name: `Loan ${LOAN_NUMBER}`, level: 1 }).waitFor();
    const guarantee = approver.getByRole('region', { name: 'Guarantor' });
    await guarantee.getByText(/^Zodwa Dube · guarantees R 1 500\.00 · Accepted/).waitFor();
    const decision = approver.getByRole('region', { name: 'Decision' });
    await decision.getByRole('button', { name: 'Approve' }).click();
    const approve = approver.getByRole('dialog', { name: 'Approve the loan' });
    await approve
      .getByText(`Approve ${LOAN_NUMBER}: R 2 500.00 to Thabo Nkosi over 6 months at 18% a year.`, { exact: false })
      .waitFor();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.waitFor({ state: 'hidden' });
    await approver.getByText('Loan approved. Another loan admin pays it out.').waitFor();
    const summary = approver.getByRole('region', { name: 'Summary' });
    await summary.getByText('Approved, to be paid out', { exact: true }).waitFor();
    // Maker-checker: whoever approved a loan never pays it out.
    await decision.getByText('You approved this loan, so another admin must pay it out.').waitFor();
    expect(await decision.getByRole('button', { name: 'Pay out' }).count()).toBe(0);
    await decision.getByRole('button', { name: 'Reject' }).waitFor();

    const payer = await newPage(PHONE);
    await signIn(payer, LENDER.email, LENDER.password);
    await payer.goto(`/admin/loans/${loanId}`);
    const payerDecision = payer.getByRole('region', { name: 'Decision' });
    await payerDecision.getByRole('button', { name: 'Pay out' }).click();
    const payout = payer.getByRole('dialog', { name: /^Pay out the loan/ });
    await payout.getByText('Transfer R 2 500.00 to Thabo Nkosi', { exact: false }).waitFor();
    // Into the borrower's payout account: bank, branch code, holder and the whole number, the holder checked.
    const account = payout.getByRole('region', { name: 'Payout account' });
    for (const text of ['FNB', '250655', 'Thabo Nkosi', '62012345678']) {
      await account.getByText(text, { exact: true }).waitFor();
    }
    await account.getByText('The holder’s name matches the member’s name (Thabo Nkosi).').waitFor();
    // Not without the bank's proof of the transfer.
    await payout.getByRole('button', { name: 'Pay out' }).click();
    await payout.getByRole('alert').waitFor();
    await payout.getByLabel('Proof of transfer file').setInputFiles(files.pdf);
    await payout.getByText('Proof: document.pdf').waitFor();
    await payout.getByRole('button', { name: 'Pay out' }).click();
    await payout.waitFor({ state: 'hidden' });
    await payer.getByText('Loan paid out.').waitFor();
    const paidSummary = payer.getByRole('region', { name: 'Summary' });
    await paidSummary.getByText('Repaying', { exact: true }).waitFor();
    await figure(paidSummary, 'Outstanding principal').getByText('R 2 500.00', { exact: true }).waitFor();
    await payer.getByRole('button', { name: `View proof of transfer of ${LOAN_NUMBER}` }).waitFor();
    expect(await payer.getByRole('region', { name: 'Decision' }).count()).toBe(0);
    await expectNoSideScroll(payer);
  });

  it('the member repays less than the first instalment with a proof, and the payments desk approves it once', async () => {
    const page = await newPage(PHONE);
    await signIn(page, borrower.email, borrower.password);
    await page.goto('/loans');
    await page.getByRole('list', { name: 'My loans' }).getByRole('link').filter({ hasText: LOAN_NUMBER }).click();
    await page.waitForURL(`**/loans/${loanId}`);
    await page.getByRole('heading', { name: `Loan ${LOAN_NUMBER}`, level: 1 }).waitFor();
    const details = page.getByRole('region', { name: 'Loan details' });
    await figure(details, 'Monthly instalment').getByText('R 438.81', { exact: true }).waitFor();
    await figure(details, 'Principal owed').getByText('R 2 500.00', { exact: true }).waitFor();
    const scheduleList = page
      .getByRole('region', { name: 'Repayment schedule' })
      .getByRole('list', { name: 'Repayment schedule' });
    await scheduleList.getByRole('listitem').first().getByText('Due next', { exact: true }).waitFor();

    const form = page.getByRole('form', { name: 'Make a repayment' });
    // The next instalment is offered; the member pays less.
    expect(await form.getByLabel('Amount').inputValue()).toBe('438.81');
    await form.getByLabel('Payment method').selectOption({ label: 'EFT / bank transfer' });
    await form.getByLabel('Amount').fill('200');
    await form.getByLabel('Proof of payment file').setInputFiles(files.photo);
    await form.getByText('Uploaded', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Submit repayment' }).click();
    await page.getByText('Repayment of R 200.00 submitted. An admin will check your proof of payment.').waitFor();
    const repayments = page.getByRole('list', { name: 'Repayments' }).getByRole('listitem');
    await repayments.getByText('R 200.00', { exact: true }).waitFor();
    await repayments.getByText('Waiting for approval', { exact: true }).waitFor();
    // Not yet approved, it changes nothing owed.
    await figure(details, 'Principal owed').getByText('R 2 500.00', { exact: true }).waitFor();

    const desk = await newPage();
    await signIn(desk, ADMIN.email, ADMIN.password);
    await desk.goto('/admin/loans/repayments');
    const queue = desk.getByRole('list', { name: 'Loan repayments' }).getByRole('listitem');
    await queue.getByRole('heading', { name: 'Thabo Nkosi · R 200.00' }).waitFor();
    expect(await queue.count()).toBe(1);
    await queue.getByText(new RegExp(`^Loan ${LOAN_NUMBER} · EFT / bank transfer · paid `)).waitFor();
    await queue.getByRole('button', { name: 'Approve repayment from Thabo Nkosi' }).click();
    const approve = desk.getByRole('dialog', { name: 'Approve the repayment' });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.waitFor({ state: 'hidden' });
    await desk.getByText('Repayment approved.').waitFor();
    await desk.getByText('No repayments to check').waitFor();

    // The member's loan: R 37.50 of interest and R 162.50 of principal paid, counted once.
    await page.reload();
    await repayments.getByText('Approved', { exact: true }).waitFor();
    await repayments
      .getByText(
        `Penalty R 0.00 · Interest ${formatRand(first.interestCents)} · Principal ${formatRand(principalRepaidCents)}`,
      )
      .waitFor();
    await figure(details, 'Principal repaid').getByText(formatRand(principalRepaidCents), { exact: true }).waitFor();
    await figure(details, 'Principal owed').getByText(formatRand(owedPrincipalCents), { exact: true }).waitFor();
    expect(formatRand(owedPrincipalCents)).toBe('R 2 337.50');
    const schedulePanel = page.getByRole('region', { name: 'Repayment schedule' });
    await figure(schedulePanel, 'Paid').getByText('R 200.00', { exact: true }).waitFor();
    await figure(schedulePanel, 'Left to pay').getByText('R 2 432.88', { exact: true }).waitFor();
    const firstRow = scheduleList.getByRole('listitem').first();
    await firstRow.getByText('Partly paid', { exact: true }).waitFor();
    await firstRow.getByText(`Paid R 200.00 · Left ${formatRand(firstLeftCents)}`, { exact: false }).waitFor();
    await page.goto('/loans');
    const borrowing = page.getByRole('region', { name: 'Your borrowing' });
    await figure(borrowing, 'Principal owed').getByText('R 2 337.50', { exact: true }).waitFor();

    // The member's statement shows the loan beside the contributions: paid out, repaid, still owed.
    await page.goto('/statements');
    const booksToday = dayOf(new Date(Date.now() + PAYOUT_HOLD_OFFSET_DAYS * 86_400_000));
    await page.getByLabel('From').fill(booksToday);
    await page.getByLabel('To').fill(booksToday);
    await page.getByRole('button', { name: 'Show statement' }).click();
    const loanPart = page.getByRole('region', { name: 'Loans' });
    await loanPart.getByText('owed at the end R 2 337.50', { exact: false }).waitFor();
    const movements = loanPart.getByRole('list', { name: 'Loan movements' });
    await movements.getByText(`Loan paid out · ${LOAN_NUMBER}`, { exact: false }).waitFor();
    await movements.getByText('R 2 500.00', { exact: true }).waitFor();
    await movements.getByText(`-${formatRand(principalRepaidCents)}`, { exact: true }).waitFor();
  });

  it('once the first instalment is overdue, the admins see it aged 1–30 days and the member sees it overdue', async () => {
    // The books' clock three days past the first due date (within the grace days, so no penalty).
    const loan = await api<{ schedule: { dueOn: string }[] }>(
      'GET',
      `/api/admin/loans/${loanId}`,
      undefined,
      await adminToken(),
    );
    const firstDueOn = loan.schedule[0]!.dueOn;
    await own.stop();
    await own.start(daysBetween(dayOf(new Date()), firstDueOn) + 3);

    const admin = await newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin/loans');
    const book = admin.getByRole('region', { name: 'The loan book' });
    await figure(book, 'In arrears').getByText('1', { exact: true }).waitFor();
    await figure(book, 'Overdue').getByText(formatRand(firstLeftCents), { exact: true }).waitFor();
    const ageing = admin.getByRole('table', { name: 'Arrears ageing' });
    const recent = ageing.getByRole('row', { name: /^1–30 days/ });
    await recent.waitFor();
    expect(await recent.getByRole('cell').allInnerTexts()).toEqual(['1', 'R 238.81', 'R 2 337.50']);
    expect(formatRand(firstLeftCents)).toBe('R 238.81');
    for (const bucket of ['31–60 days', '61–90 days', 'Over 90 days']) {
      expect(
        await ageing
          .getByRole('row', { name: new RegExp(`^${bucket}`) })
          .getByRole('cell')
          .allInnerTexts(),
      ).toEqual(['0', 'R 0.00', 'R 0.00']);
    }
    // Choosing the row lists the loan in it.
    await recent.getByRole('button', { name: '1–30 days' }).click();
    await admin.getByRole('table', { name: 'Loans' }).getByRole('link', { name: LOAN_NUMBER }).click();
    await admin.waitForURL(`**/admin/loans/${loanId}`);
    const standing = admin.getByRole('region', { name: 'Standing today' });
    await figure(standing, 'Amount overdue').getByText('R 238.81', { exact: true }).waitFor();
    await figure(standing, 'Days overdue').getByText(/^\d+$/).waitFor();
    const instalments = admin.getByRole('table', { name: 'Repayment schedule' }).getByRole('row');
    await instalments.nth(1).getByText('Overdue', { exact: true }).waitFor();
    await instalments.nth(2).getByText('Due', { exact: true }).waitFor();

    const page = await newPage(PHONE);
    await signIn(page, borrower.email, borrower.password);
    await page.goto(`/loans/${loanId}`);
    await page.getByText(/^R 238\.81 is overdue \(1 instalment, \d+ days late\)\./).waitFor();
    const rows = page
      .getByRole('region', { name: 'Repayment schedule' })
      .getByRole('list', { name: 'Repayment schedule' })
      .getByRole('listitem');
    await rows.nth(0).getByText('Overdue', { exact: true }).waitFor();
    await rows.nth(1).getByText('Upcoming', { exact: true }).waitFor();
    await figure(page.getByRole('region', { name: 'Loan details' }), 'Principal owed')
      .getByText('R 2 337.50', { exact: true })
      .waitFor();
    await expectNoSideScroll(page);
  });
});
