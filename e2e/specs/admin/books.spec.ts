import { readFileSync } from 'node:fs';
import { dayOf, daysBetween, nextPeriod, periodOf } from '@letsema/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { adminToken, createActiveMember, createOpenPool, joinOverApi, payOverApi } from '../../fixtures/investing.js';
import { loginOverApi, makePdf, uploadFile } from '../../fixtures/onboarding.js';
import { useOwnServer } from '../../fixtures/own-server.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';
import { inviteStaffOverApi } from '../../fixtures/staff.js';

const newPage = useBrowser();
const PHONE = { width: 375, height: 800 };
const CHECKER = { email: 'checker@letsema.test', password: 'a-second-admin-password', fullName: 'Lerato Checker' };
const THIRD = { email: 'third@letsema.test', password: 'a-third-admin-password', fullName: 'Kagiso Third' };

/**
 * Last month, as the books see it: the member paid on its 10th (the server is started with its clock
 * moved back for that), then the month is closed from today, as a cooperative would after it ends.
 */
const today = dayOf(new Date());
const closing = periodOf(new Date(Date.parse(`${today.slice(0, 7)}-01T12:00:00+02:00`) - 24 * 60 * 60 * 1000));
const paidOn = `${closing}-10`;
const spentOn = `${closing}-20`;
const earnedOn = `${closing}-15`;

/** The lines of a downloaded CSV file. */
const csvLines = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\r\n');

/** The month as the screens name it: 'November 2026'. */
const monthName = (period: string) =>
  new Date(`${period}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const closingName = monthName(closing);
const currentName = monthName(today.slice(0, 7));

describe('the books, from an expense to a member’s statement', () => {
  let member: { email: string; password: string; token: string };

  const own = useOwnServer('books');

  beforeAll(async () => {
    expect(nextPeriod(closing)).toBe(today.slice(0, 7));
    // The books' clock on the 10th of last month: the member joins and pays, the payment is approved.
    await own.start(-daysBetween(paidOn, today));
    const token = await adminToken();
    const pool = await createOpenPool(token);
    const created = await createActiveMember('Sizwe Mabaso');
    member = created;
    const membership = await joinOverApi(created.token, pool, 1, 'once');
    await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
    const payment = await payOverApi(created.token, pool.id, 100_000, 'EFT / bank transfer');
    await api('POST', `/api/admin/payments/${payment.id}/approve`, undefined, token);
    await inviteStaffOverApi(
      { ...CHECKER, roles: ['expense_management', 'investment_management', 'month_end'] },
      token,
    );
    await inviteStaffOverApi({ ...THIRD, phoneNumber: '0841234567', roles: ['expense_management'] }, token);
    await own.stop();
    // Today again: last month has ended and can be closed.
    await own.start(0);
    // The pool's interest for the month, recorded by the super admin and approved by the checker.
    const proofUrl = await uploadFile(token, 'income-proof', makePdf('interest.pdf'));
    const income = await api<{ id: string }>(
      'POST',
      '/api/admin/income',
      {
        category: 'interest',
        amount: 200,
        date: earnedOn,
        poolId: pool.id,
        description: 'Money-market interest',
        proofUrl,
      },
      token,
    );
    await api(
      'POST',
      `/api/admin/income/${income.id}/approve`,
      undefined,
      await loginOverApi(CHECKER.email, CHECKER.password),
    );
  }, 240_000);

  it('an admin records an expense with its receipt and a second admin approves it', async () => {
    const maker = await newPage({ ...PHONE, baseURL: own.baseUrl });
    await signIn(maker, ADMIN.email, ADMIN.password);
    await maker.goto('/admin/expenses');
    await maker.getByRole('button', { name: 'Record expense' }).click();
    const dialog = maker.getByRole('dialog', { name: /Record an expense/ });
    // Sent empty, the form names every missing field at once, the receipt among them.
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    for (const message of [
      'Please choose a category',
      'Enter an amount in rand, with at most two decimals',
      'Please choose a pool',
      'Please describe it (at most 500 characters)',
      'Please upload the receipt',
    ]) {
      await dialog.getByText(message).waitFor();
    }
    await dialog.getByLabel('Category').selectOption({ label: 'Banking Fees' });
    await dialog.getByLabel('Amount (R)').fill('50');
    await dialog.getByLabel('Date').fill(spentOn);
    await dialog.getByLabel('Pool').selectOption({ index: 1 });
    await dialog.getByLabel('Description').fill('Monthly account fee');
    const receipt = makePdf('receipt.pdf');
    await dialog
      .getByLabel('Receipt file')
      .setInputFiles({ name: receipt.name, mimeType: receipt.type, buffer: Buffer.from(receipt.bytes) });
    await dialog.getByText('Uploaded').waitFor();
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await maker.getByText('Expense recorded. Another admin must approve it.').waitFor();
    const card = maker.getByRole('listitem', { name: 'Banking Fees R 50.00' });
    await card.getByText('You recorded this, so another admin must decide it.').waitFor();
    expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    const checker = await newPage({ baseURL: own.baseUrl });
    await signIn(checker, CHECKER.email, CHECKER.password);
    await checker.goto('/admin/expenses');
    const pending = checker.getByRole('listitem', { name: 'Banking Fees R 50.00' });
    await pending.getByRole('button', { name: 'Approve' }).click();
    await checker.getByText('Approved. It is now in the books.').waitFor();
    await pending.getByText('Approved', { exact: true }).waitFor();
  });

  it('an admin downloads the month’s income and expenses as CSV, amounts a spreadsheet can add up', async () => {
    const page = await newPage({ baseURL: own.baseUrl });
    await signIn(page, ADMIN.email, ADMIN.password);
    for (const [path, name, row] of [
      ['/admin/investment/income', 'income', `${earnedOn},${closing},Interest,200.00,`],
      ['/admin/expenses', 'expenses', `${spentOn},${closing},Banking Fees,50.00,`],
    ] as const) {
      await page.goto(path);
      await page.getByLabel('Month').fill(closing);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`letsema-${name}-${closing}.csv`);
      const lines = csvLines((await download.path())!);
      expect(lines[0]).toBe(
        'Date,Month,Category,Amount (R),Pool,Description,Status,Recorded by,Decided at,Rejection reason',
      );
      expect(lines.filter((line) => line.startsWith(row))).toHaveLength(1);
    }
  });

  it('closes the month through its six steps: a R 10 bank charge recorded as an adjustment in the locked month, the allocation by the second admin', async () => {
    const closer = await newPage({ baseURL: own.baseUrl });
    await signIn(closer, ADMIN.email, ADMIN.password);
    await closer.goto('/admin/month-end');
    const panel = closer.getByRole('region', { name: `Month end for ${closingName}` });
    await panel.getByRole('button', { name: 'Lock transactions' }).click();
    // Hard to undo, so asked first.
    const lockQuestion = closer.getByRole('dialog', { name: `Lock ${closingName}?` });
    await lockQuestion
      .getByText('Nothing new can be dated in the month once it is locked.', { exact: false })
      .waitFor();
    await lockQuestion.getByRole('button', { name: 'Lock transactions' }).click();
    await panel
      .getByText(/^Done by Super Admin on /)
      .first()
      .waitFor();

    // Unlocking asks a reason and a second month-end admin: the one who asked cannot decide.
    const unlocking = closer.getByRole('region', { name: 'Unlocking' });
    await unlocking.getByRole('button', { name: 'Ask to unlock' }).click();
    await unlocking.getByText('Please give the reason for unlocking (at least 10 characters)').waitFor();
    await unlocking.getByLabel('Why must this month be unlocked?').fill('Locked before the bank statement came in.');
    await unlocking.getByRole('button', { name: 'Ask to unlock' }).click();
    await unlocking
      .getByText('You asked for this month to be unlocked, so another month-end admin must decide.')
      .waitFor();
    expect(await unlocking.getByRole('button', { name: 'Approve unlocking' }).count()).toBe(0);
    const refuser = await newPage({ baseURL: own.baseUrl });
    await signIn(refuser, CHECKER.email, CHECKER.password);
    await refuser.goto('/admin/month-end');
    const refuserUnlocking = refuser.getByRole('region', { name: 'Unlocking' });
    await refuserUnlocking.getByRole('button', { name: 'Approve unlocking' }).waitFor();
    await refuserUnlocking.getByRole('button', { name: 'Refuse' }).click();
    await refuserUnlocking.getByText('Refused by Lerato Checker').waitFor();
    await closer.reload();
    await panel.getByText('Locked for month end', { exact: true }).waitFor();

    // The ledger's bank balance: R 1 000.00 paid in, R 200.00 earned, R 50.00 spent. The bank's
    // statement says R 1 140.00: it charged R 10.00 the ledger does not know of yet.
    await panel.getByText('R 1 150.00').waitFor();
    const reconcileWith = async (balance: string) => {
      await panel.getByLabel('Closing balance on the bank statement (R)').fill(balance);
      const statement = makePdf('bank-statement.pdf');
      await panel
        .getByLabel('Bank statement file')
        .setInputFiles({ name: statement.name, mimeType: statement.type, buffer: Buffer.from(statement.bytes) });
      await panel.getByText('Uploaded').waitFor();
      await panel.getByRole('button', { name: 'Reconcile accounts' }).click();
    };
    await reconcileWith('1140.00');
    await panel
      .getByText(
        'The bank statement and the ledger differ by -R 10.00. Record the income or expenses that explain it as adjustments dated in the month, then reconcile again.',
      )
      .waitFor();
    await panel.getByText(/difference\s+-R 10\.00/).waitFor();

    // Locked, the month still takes the charge as an adjustment, dated in it by default.
    const adjustments = closer.getByRole('region', { name: 'Adjustments' });
    await adjustments.getByRole('button', { name: 'Record an adjusting expense' }).click();
    const dialog = closer.getByRole('dialog', { name: /Record an expense/ });
    const lastDay = dayOf(new Date(Date.parse(`${today.slice(0, 7)}-01T12:00:00+02:00`) - 24 * 60 * 60 * 1000));
    expect(await dialog.getByLabel('Date').inputValue()).toBe(lastDay);
    expect(await dialog.getByLabel('This is an adjustment (a bank charge, interest or a correction)').isChecked()).toBe(
      true,
    );
    await dialog.getByLabel('Category').selectOption({ label: 'Banking Fees' });
    await dialog.getByLabel('Amount (R)').fill('10');
    await dialog.getByLabel('Pool').selectOption({ index: 1 });
    await dialog.getByLabel('Description').fill('Bank charge on the statement');
    const chargeSlip = makePdf('bank-charge.pdf');
    await dialog
      .getByLabel('Receipt file')
      .setInputFiles({ name: chargeSlip.name, mimeType: chargeSlip.type, buffer: Buffer.from(chargeSlip.bytes) });
    await dialog.getByText('Uploaded').waitFor();
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await adjustments.getByText('Adjustment recorded. Another admin must approve it.').waitFor();
    const charge = adjustments.getByRole('listitem', { name: 'Adjustment: Banking Fees R 10.00' });
    await charge.getByText('Waiting for approval').waitFor();

    // A second admin approves it, seeing it marked as an adjustment.
    const approver = await newPage({ ...PHONE, baseURL: own.baseUrl });
    await signIn(approver, CHECKER.email, CHECKER.password);
    await approver.goto('/admin/expenses');
    const chargeCard = approver.getByRole('listitem', { name: 'Banking Fees R 10.00' });
    await chargeCard.getByText('Adjustment', { exact: true }).waitFor();
    await chargeCard.getByRole('button', { name: 'Approve' }).click();
    await approver.getByText('Approved. It is now in the books.').waitFor();

    // The ledger now agrees with the statement: the difference is gone, and the month reconciles.
    await closer.reload();
    await charge.getByText('Approved', { exact: true }).waitFor();
    await panel.getByText('the last statement, R 1 140.00, agrees', { exact: false }).waitFor();
    expect(await panel.getByText(/difference\s+-R/).count()).toBe(0);
    await reconcileWith('1140.00');
    await panel.getByRole('button', { name: 'Calculate profits' }).click();
    const split = closer.getByRole('table', { name: /^Split of / });
    await split
      .getByRole('row', { name: /Sizwe Mabaso/ })
      .getByText('R 140.00')
      .waitFor();
    await panel.getByText('You calculated this split, so another month-end admin must allocate it.').waitFor();

    const second = await newPage({ ...PHONE, baseURL: own.baseUrl });
    await signIn(second, CHECKER.email, CHECKER.password);
    await second.goto('/admin/month-end');
    const secondPanel = second.getByRole('region', { name: `Month end for ${closingName}` });
    // On a phone the page fits its width: the split scrolls in its own frame, amounts stay whole.
    const phoneSplit = second.getByRole('table', { name: /^Split of / });
    const sizwe = phoneSplit.getByRole('row', { name: /Sizwe Mabaso/ });
    await sizwe.getByText('R 140.00').waitFor();
    await expectNoSideScroll(second);
    // R 1 000 held from the 10th to the month's last day, as a count of share-days.
    const heldDays = daysBetween(paidOn, lastDay) + 1;
    await sizwe.getByText(String(1000 * heldDays).replace(/\B(?=(\d{3})+(?!\d))/g, ' '), { exact: true }).waitFor();
    expect(await sizwe.getByText('R 140.00').evaluate((cell) => getComputedStyle(cell).whiteSpace)).toBe('nowrap');
    const splitFrame = second.getByRole('region', { name: /^Split of .*, scrolls sideways$/ });
    await splitFrame.focus();
    expect(await splitFrame.evaluate((frame) => frame === document.activeElement)).toBe(true);
    await secondPanel.getByRole('button', { name: 'Allocate to members' }).click();
    await secondPanel.getByRole('button', { name: 'Generate reports' }).waitFor();

    await closer.reload();
    await panel.getByRole('button', { name: 'Generate reports' }).click();
    await closer.getByRole('button', { name: 'Allocation table (PDF)' }).waitFor();
    // The income statement's CSV names the accounts and gives amounts a spreadsheet can add up.
    const [statementCsv] = await Promise.all([
      closer.waitForEvent('download'),
      closer.getByRole('button', { name: 'Income statement (CSV)' }).click(),
    ]);
    const statementLines = csvLines((await statementCsv.path())!);
    expect(statementLines[0]).toBe('Pool,Account,Amount (R)');
    expect(statementLines.some((line) => line.endsWith(',Income: Interest,200.00'))).toBe(true);
    expect(statementLines.some((line) => line.endsWith(',Expense: Banking Fees,-60.00'))).toBe(true);
    expect(statementLines.at(-1)).toBe(',Profit (loss),140.00');
    await panel.getByRole('button', { name: 'Close period' }).click();
    await closer
      .getByRole('dialog', { name: `Close ${closingName}?` })
      .getByRole('button', { name: 'Close period' })
      .click();
    await panel.getByText('Closed', { exact: true }).waitFor();
    await closer.getByRole('button', { name: 'Ask to reopen' }).waitFor();
  });

  it('refuses an expense dated in the closed month, naming the first month that may be used, and records one today', async () => {
    const maker = await newPage({ baseURL: own.baseUrl });
    await signIn(maker, ADMIN.email, ADMIN.password);
    await maker.goto('/admin/expenses');
    await maker.getByRole('button', { name: 'Record expense' }).click();
    const dialog = maker.getByRole('dialog', { name: /Record an expense/ });
    await dialog.getByLabel('Category').selectOption({ label: 'Administrative' });
    await dialog.getByLabel('Amount (R)').fill('75');
    await dialog.getByLabel('Date').fill(`${closing}-25`);
    await dialog.getByLabel('Pool').selectOption({ index: 1 });
    await dialog.getByLabel('Description').fill('Printer paper');
    const receipt = makePdf('paper.pdf');
    await dialog
      .getByLabel('Receipt file')
      .setInputFiles({ name: receipt.name, mimeType: receipt.type, buffer: Buffer.from(receipt.bytes) });
    await dialog.getByText('Uploaded').waitFor();
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await dialog
      .getByText(
        `${closingName} is closed or locked for month end: nothing new can be dated in it. The first month that may be used is ${currentName}.`,
      )
      .waitFor();
    // The date field offers nothing before the first open month.
    expect(await dialog.getByLabel('Date').getAttribute('min')).toBe(`${today.slice(0, 7)}-01`);
    await dialog.getByLabel('Date').fill(today);
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await maker.getByText('Expense recorded. Another admin must approve it.').waitFor();
  });

  it('reverses an approved expense only when a third admin approves the request with its reason', async () => {
    const checkerToken = await loginOverApi(CHECKER.email, CHECKER.password);
    const list = await api<{ items: { id: string; categoryLabel: string }[] }>(
      'GET',
      '/api/admin/expenses?status=pending',
      undefined,
      checkerToken,
    );
    const expense = list.items.find((item) => item.categoryLabel === 'Administrative')!;
    await api('POST', `/api/admin/expenses/${expense.id}/approve`, undefined, checkerToken);

    // The admin who recorded it asks for the reversal, with the reason.
    const maker = await newPage({ ...PHONE, baseURL: own.baseUrl });
    await signIn(maker, ADMIN.email, ADMIN.password);
    await maker.goto('/admin/expenses');
    const card = maker.getByRole('listitem', { name: 'Administrative R 75.00' });
    await card.getByRole('button', { name: 'Ask to reverse' }).click();
    const ask = maker.getByRole('dialog', { name: /Ask to reverse this record/ });
    await ask.getByLabel('Why is it corrected?').fill('Paid from the wrong account');
    await ask.getByRole('button', { name: 'Ask to reverse' }).click();
    await maker.getByText('Reversal asked. Another admin must approve it.').waitFor();
    await card.getByText(/Reversal asked by .*: Paid from the wrong account/).waitFor();
    await card.getByText('Waiting for another admin').waitFor();
    await card
      .getByText('You recorded, approved or asked to reverse this, so another admin must decide the reversal.')
      .waitFor();
    expect(await card.getByRole('button', { name: 'Approve reversal' }).count()).toBe(0);

    // The admin who approved the expense cannot decide its reversal either.
    const checker = await newPage({ baseURL: own.baseUrl });
    await signIn(checker, CHECKER.email, CHECKER.password);
    await checker.goto('/admin/expenses');
    const checkerCard = checker.getByRole('listitem', { name: 'Administrative R 75.00' });
    await checkerCard.getByText('Waiting for another admin').waitFor();
    expect(await checkerCard.getByRole('button', { name: 'Approve reversal' }).count()).toBe(0);

    // A third admin approves it: the correcting entry is posted and the expense shows as reversed.
    const third = await newPage({ baseURL: own.baseUrl });
    await signIn(third, THIRD.email, THIRD.password);
    await third.goto('/admin/expenses');
    const thirdCard = third.getByRole('listitem', { name: 'Administrative R 75.00' });
    await thirdCard.getByRole('button', { name: 'Approve reversal' }).click();
    await third.getByText('Reversal approved. A correcting entry is in the books.').waitFor();
    await thirdCard.getByText('Reversed', { exact: true }).waitFor();
    await thirdCard.getByText('Reversed: Paid from the wrong account').waitFor();
  });

  it('shows the member the profit and gives them a PDF statement that says so', async () => {
    const page = await newPage({ ...PHONE, baseURL: own.baseUrl });
    await signIn(page, member.email, member.password);
    await page.waitForURL('**/dashboard');
    await page.getByText('R 140.00').first().waitFor();
    // The month-by-month chart, and its figures as a table for screen readers.
    const chart = page.getByRole('figure', { name: 'Your capital and returns at each month end' });
    await chart.locator('canvas').waitFor();
    const month = chart.getByRole('table').getByRole('row', { name: new RegExp(`^${closingName}`) });
    expect(await month.getByRole('cell').allInnerTexts()).toEqual(['R 1 000.00', 'R 140.00']);

    // Transactions show the profit share the statement shows, under its tab, counted.
    await page.goto('/transactions');
    const tabs = page.getByRole('tablist', { name: 'Transaction types' });
    await tabs.getByRole('tab', { name: 'Profits (1)' }).click();
    await page
      .getByRole('list', { name: 'Profits transactions' })
      .getByRole('listitem', { name: 'Profit allocation of R 140.00' })
      .waitFor();
    await page.getByRole('link', { name: 'Statements' }).click();
    await page.waitForURL('**/statements');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download the ${closingName} statement as PDF` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `letsema-statement-${closing}-01-to-${dayOf(new Date(Date.parse(`${today.slice(0, 7)}-01T12:00:00+02:00`) - 24 * 60 * 60 * 1000))}.pdf`,
    );
    const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await download.path())!)));
    const text = (await extractText(pdf, { mergePages: true })).text;
    expect(text).toContain('Member statement');
    expect(text).toContain('Sizwe Mabaso');
    expect(text).toContain('Opening balance: R 0.00');
    expect(text).toContain('Returns allocated: R 140.00');
    expect(text).toContain('Closing balance: R 1 140.00');
  });
});
