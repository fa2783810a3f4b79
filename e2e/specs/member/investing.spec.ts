import { formatRand, frequencyLabels, randToCents } from '@letsema/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import {
  adminToken,
  createActiveMember,
  createOpenPool,
  firstOpenPool,
  joinFigures,
  makeProofOfPayment,
  payOverApi,
  type MembershipAnswer,
  type PaymentAnswer,
  type PoolAnswer,
} from '../../fixtures/investing.js';
import { adminDate, expectNoSideScroll, isDrawn } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

/** Cents as the amount field holds them: `833.33`. */
function amountText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

async function signInAs(page: Page, email: string, password: string, home: string) {
  await signIn(page, email, password);
  await page.waitForURL(`**${home}`);
}

/**
 * The pool /investments will offer: ours is opened first, but the oldest open pool is the one members
 * join, and another spec on the shared server may have opened one before. The journey needs room for
 * two members with ten shares each and a monthly plan.
 */
async function poolForTheJourney(): Promise<PoolAnswer> {
  const token = await adminToken();
  await createOpenPool(token);
  const pool = await firstOpenPool(token);
  expect(pool.availableShares).toBeGreaterThanOrEqual(20);
  expect(pool.maxMembers - pool.totalMembers).toBeGreaterThanOrEqual(2);
  expect(pool.paymentInstallments.map((plan) => plan.frequency)).toContain('monthly');
  return pool;
}

describe('the money loop', () => {
  it('a member joins with 10 shares per month, the admin approves, the member pays with a proof, the admin checks it and approves', async () => {
    const pool = await poolForTheJourney();
    const member = await createActiveMember('Palesa Mahlangu');
    const { commitmentCents, instalmentCents } = joinFigures(pool, 10, 'monthly');
    const method = pool.paymentMethods[0]!;

    // Dashboard before anything: nothing invested, ready to start.
    const page = await newPage();
    await signInAs(page, member.email, member.password, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Palesa' }).waitFor();
    await page.getByText('Ready to start investing', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Total Invested' }).getByText('R 0.00', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Start investing' }).getByRole('link', { name: 'Start Investing' }).click();
    await page.waitForURL('**/investments');

    // Joining: the commitment and instalment follow the choice as it is made.
    await page.getByRole('heading', { name: pool.name }).waitFor();
    const form = page.getByRole('form', { name: 'Join the pool' });
    const shares = form.getByLabel('Number of shares');
    await shares.fill('0');
    await form.getByRole('button', { name: 'Request to Join' }).click();
    await form.getByText(`Choose between 1 and ${pool.availableShares} shares`).waitFor();
    await shares.fill('9');
    await form.getByRole('button', { name: 'One share more' }).click();
    expect(await shares.inputValue()).toBe('10');
    await form.getByRole('radio', { name: 'Monthly' }).check();
    const figures = form.getByRole('region', { name: 'Your commitment' });
    await figures.getByText(formatRand(commitmentCents), { exact: true }).waitFor();
    await figures.getByText(`${formatRand(instalmentCents)} per month`, { exact: true }).waitFor();
    await figures.getByText(`${pool.investmentDuration} payments over ${pool.investmentDuration} months`).waitFor();
    await form
      .getByRole('radio', { name: 'Monthly' })
      .locator('xpath=ancestor::label')
      .getByText(`${formatRand(instalmentCents)} per month`, { exact: true })
      .waitFor();
    await form.getByRole('button', { name: 'Request to Join' }).click();

    const card = page.getByRole('region', { name: 'My membership' });
    await card.getByText('Pending approval', { exact: true }).waitFor();
    await card.getByText('Your pool membership request is pending admin approval').waitFor();
    await card.getByText(formatRand(commitmentCents), { exact: true }).waitFor();
    expect(await form.count()).toBe(0);
    const request = (await api<MembershipAnswer>('GET', '/api/payments/my-membership', undefined, member.token))!;
    expect(request).toMatchObject({ poolId: pool.id, numberOfShares: 10, contributionStatus: 'pending' });

    // While the request waits, the dashboard says so and payments explain why there is no form.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByText('Your pool membership request is pending admin approval', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Payments' }).first().click();
    await page.getByText('Your pool membership request is pending admin approval').waitFor();
    expect(await page.getByRole('form', { name: 'Make a payment' }).count()).toBe(0);

    // The admin approves the request.
    const admin = await newPage();
    await signInAs(admin, ADMIN.email, ADMIN.password, '/admin');
    await admin.goto('/admin/pool-requests');
    await admin.getByRole('heading', { name: 'Pool Membership Requests' }).waitFor();
    const requestRow = admin.getByRole('row').filter({ hasText: member.email });
    await requestRow.getByText(pool.name).waitFor();
    await requestRow.getByText(`Target ${formatRand(randToCents(pool.targetAmount)!)}`).waitFor();
    await requestRow.getByText('Monthly', { exact: true }).waitFor();
    await requestRow.getByText('10 shares', { exact: true }).waitFor();
    await requestRow.getByText(`${formatRand(instalmentCents)} per month`, { exact: true }).waitFor();
    await requestRow.getByText(adminDate(request.createdAt), { exact: true }).waitFor();
    await requestRow.getByRole('button', { name: `Approve request from ${member.fullName}` }).click();
    const approved = admin.getByText('Membership approved successfully!', { exact: true });
    await approved.waitFor();
    await requestRow.waitFor({ state: 'detached' });
    // Success messages clear themselves after 3 seconds.
    await approved.waitFor({ state: 'detached', timeout: 5000 });

    // The member pays the first instalment with a photo of the bank's confirmation.
    await page.getByRole('link', { name: 'My Investments' }).first().click();
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByText(`${formatRand(0)} paid of ${formatRand(commitmentCents)}`).waitFor();
    await card.getByRole('link', { name: 'Make Payment' }).click();
    await page.waitForURL('**/payments');
    const payment = page.getByRole('form', { name: 'Make a payment' });
    const amount = payment.getByLabel('Amount');
    expect(await amount.inputValue()).toBe(amountText(instalmentCents));
    await payment
      .getByText(`Next instalment ${formatRand(instalmentCents)} · at most ${formatRand(commitmentCents)}`)
      .waitFor();
    await payment.getByRole('button', { name: 'Submit Payment' }).click();
    await payment.getByText('Please upload your proof of payment').waitFor();
    if (pool.paymentMethods.length > 1) await payment.getByText('Please select a payment method').waitFor();

    await payment.getByRole('combobox', { name: 'Payment method' }).selectOption({ label: method });
    const proof = await makeProofOfPayment(instalmentCents);
    await payment
      .getByLabel('Proof of payment file')
      .setInputFiles({ name: proof.name, mimeType: proof.type, buffer: Buffer.from(proof.bytes) });
    await payment.getByText('Uploaded', { exact: true }).waitFor();
    expect(await isDrawn(payment.getByRole('img', { name: 'Proof of payment preview' }))).toBe(true);
    await payment.getByText(/^proof-of-payment\.png · \d+(\.\d)? KB$/).waitFor();
    // Typed as a South African phone's number pad offers it: thousands apart, a decimal comma.
    await amount.fill(formatRand(instalmentCents).replace(/^R /, '').replace('.', ','));
    await payment.getByRole('button', { name: 'Submit Payment' }).click();
    const submitted = page.getByText(
      `Payment of ${formatRand(instalmentCents)} submitted. An admin will check your proof of payment.`,
    );
    await submitted.waitFor();
    const history = page.getByRole('list', { name: 'Payment history' });
    const pendingItem = history.getByRole('listitem', { name: `Contribution of ${formatRand(instalmentCents)}` });
    await pendingItem.getByText('Pending', { exact: true }).waitFor();
    await pendingItem.getByText(`${pool.name} · ${method}`, { exact: false }).waitFor();
    // The form starts again with the next instalment; what waits for approval is counted as covered.
    await payment.getByText(`${formatRand(instalmentCents)} waiting for approval`).waitFor();
    await submitted.waitFor({ state: 'detached', timeout: 5000 });

    // The admin views the proof and approves the payment.
    const [submittedPayment] = await api<PaymentAnswer[]>('GET', '/api/payments/my-payments', undefined, member.token);
    await admin.getByRole('link', { name: 'Payments' }).first().click();
    await admin.waitForURL('**/admin/payments');
    await admin.getByRole('heading', { name: 'Payment Confirmations' }).waitFor();
    const paymentRow = admin.getByRole('row').filter({ hasText: member.email });
    await paymentRow.getByText(pool.name, { exact: true }).waitFor();
    await paymentRow.getByText(formatRand(instalmentCents), { exact: true }).waitFor();
    await paymentRow.getByText(method, { exact: true }).waitFor();
    await paymentRow.getByText(adminDate(submittedPayment!.createdAt), { exact: true }).waitFor();
    const fileRequests: string[] = [];
    admin.on('request', (r) => {
      if (r.url().includes('/api/files/')) fileRequests.push(r.url());
    });
    await paymentRow.getByRole('button', { name: `View proof of payment from ${member.fullName}` }).click();
    const preview = admin.getByRole('dialog', { name: `Proof of payment from ${member.fullName}` });
    expect(await isDrawn(preview.getByRole('img'))).toBe(true);
    // The file is fetched with the bearer token in a header, never in the address.
    expect(fileRequests.length).toBe(1);
    expect(fileRequests[0]).not.toMatch(/token|eyJ/);
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await preview.waitFor({ state: 'detached' });
    await paymentRow.getByRole('button', { name: `Approve payment from ${member.fullName}` }).click();
    const review = admin.getByRole('dialog', { name: `Review payment from ${member.fullName}` });
    await review
      .getByRole('checkbox', { name: new RegExp(`^The proof shows ${formatRand(instalmentCents)} paid`) })
      .check();
    await review.getByRole('button', { name: 'Approve payment', exact: true }).click();
    await admin.getByText('Payment approved successfully!', { exact: true }).waitFor();
    await paymentRow.waitFor({ state: 'detached' });

    // The member's dashboard and transactions show the payment and the progress.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard');
    await page
      .getByRole('region', { name: 'Total Invested' })
      .getByText(formatRand(instalmentCents), { exact: true })
      .waitFor();
    await page.getByRole('region', { name: 'Total Profits' }).getByText('R 0.00', { exact: true }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    const investment = page.getByRole('region', { name: 'My investment' });
    await investment.getByText(`${formatRand(instalmentCents)} paid of ${formatRand(commitmentCents)}`).waitFor();
    const percent = Math.floor((instalmentCents / commitmentCents) * 1000) / 10;
    await investment.getByText(`${percent.toFixed(1)}%`, { exact: true }).waitFor();
    await investment.getByRole('link', { name: 'Make Payment' }).waitFor();
    expect(await page.getByText('Ready to start investing').count()).toBe(0);

    await page.getByRole('link', { name: 'Transactions' }).first().click();
    await page.waitForURL('**/transactions');
    const tabs = page.getByRole('tablist', { name: 'Transaction types' });
    await tabs.getByRole('tab', { name: 'All (1)' }).waitFor();
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual([
      'All (1)',
      'Contributions (1)',
      'Profits (0)',
      'Fees (0)',
      'Withdrawals (0)',
      'Refunds (0)',
      'Loans (0)',
    ]);
    const done = page.getByRole('listitem', { name: `Contribution of ${formatRand(instalmentCents)}` });
    await done.getByText('Completed', { exact: true }).waitFor();
    await done.getByText(adminDate(submittedPayment!.createdAt), { exact: false }).waitFor();
    await tabs.getByRole('tab', { name: 'Profits (0)' }).click();
    await page.getByText('No profits yet', { exact: true }).waitFor();
    await tabs.getByRole('tab', { name: 'Contributions (1)' }).click();
    await done.waitFor();

    // Once the rest is paid and approved, the member is congratulated.
    const rest = await payOverApi(member.token, pool.id, commitmentCents - instalmentCents, method);
    await api('POST', `/api/admin/payments/${rest.id}/approve`, undefined, await adminToken());
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page
      .getByText(`Congratulations! You have fully paid your commitment of ${formatRand(commitmentCents)}.`)
      .waitFor();
    await investment.getByText('100.0%', { exact: true }).waitFor();
    expect(await investment.getByRole('link', { name: 'Make Payment' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Payments' }).first().click();
    await page.getByText('Your commitment is fully paid', { exact: true }).waitFor();
  });

  it('at 375 px: the admin rejects a request and a payment with reasons, the member sees them and asks again', async () => {
    const pool = await poolForTheJourney();
    const member = await createActiveMember('Sibusiso Ndlovu');
    const { commitmentCents, instalmentCents } = joinFigures(pool, 10, 'monthly');
    const method = pool.paymentMethods[0]!;

    // The member asks to join on a phone.
    const page = await newPage({ width: 375, height: 740 });
    await signInAs(page, member.email, member.password, '/dashboard');
    await page.getByText('Ready to start investing', { exact: true }).waitFor();
    await expectNoSideScroll(page);
    await page.goto('/investments');
    const form = page.getByRole('form', { name: 'Join the pool' });
    await form.getByLabel('Number of shares').fill('10');
    await form.getByRole('radio', { name: 'Monthly' }).check();
    await form
      .getByRole('region', { name: 'Your commitment' })
      .getByText(`${formatRand(instalmentCents)} ${frequencyLabels.monthly}`, { exact: true })
      .waitFor();
    await expectNoSideScroll(page);
    await form.getByRole('button', { name: 'Request to Join' }).click();
    await page.getByRole('region', { name: 'My membership' }).getByText('Pending approval', { exact: true }).waitFor();
    await expectNoSideScroll(page);

    // The admin, also on a phone, rejects it: cards instead of the table, and a reason is required.
    const admin = await newPage({ width: 375, height: 740 });
    await signInAs(admin, ADMIN.email, ADMIN.password, '/admin');
    await admin.goto('/admin/pool-requests');
    const requestCard = admin.getByRole('listitem').filter({ hasText: member.email });
    await requestCard.getByText('10 shares', { exact: true }).waitFor();
    expect(await admin.getByRole('table').count()).toBe(0);
    await expectNoSideScroll(admin);
    await requestCard.getByRole('button', { name: `Reject request from ${member.fullName}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reject membership request' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Rejection reason is required', { exact: true }).waitFor();
    await dialog.getByLabel('Reason for rejection').fill('Please start with fewer shares');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await admin.getByText('Membership rejected', { exact: true }).waitFor();
    await requestCard.waitFor({ state: 'detached' });

    // The member sees the reason and may ask again.
    await page.reload();
    const card = page.getByRole('region', { name: 'My membership' });
    await card.getByText('Rejected', { exact: true }).waitFor();
    await card.getByText('Reason: Please start with fewer shares', { exact: false }).waitFor();
    await form.getByLabel('Number of shares').fill('10');
    await form.getByRole('radio', { name: 'Monthly' }).check();
    await form.getByRole('button', { name: 'Request to Join' }).click();
    await card.getByText('Pending approval', { exact: true }).waitFor();

    // Approved over the API, the member pays over the API; the admin rejects the payment on the phone.
    const [pending] = await api<{ id: string; user: { email: string } }[]>(
      'GET',
      '/api/admin/pool-requests?limit=100',
      undefined,
      await adminToken(),
    ).then((rows) => rows.filter((row) => row.user.email === member.email));
    await api('POST', `/api/admin/pool-requests/${pending!.id}/approve`, undefined, await adminToken());
    await payOverApi(member.token, pool.id, instalmentCents, method);
    await admin.goto('/admin/payments/pending');
    await admin.getByRole('heading', { name: 'Payment Confirmations' }).waitFor();
    const paymentCard = admin.getByRole('listitem').filter({ hasText: member.email });
    await paymentCard.getByText(formatRand(instalmentCents), { exact: true }).waitFor();
    await expectNoSideScroll(admin);
    await paymentCard.getByRole('button', { name: `Reject payment from ${member.fullName}` }).click();
    const rejectPayment = admin.getByRole('dialog', { name: 'Reject payment' });
    await rejectPayment.getByLabel('Reason for rejection').fill('The proof does not show the reference');
    await rejectPayment.getByRole('button', { name: 'Reject' }).click();
    await admin.getByText('Payment rejected', { exact: true }).waitFor();
    await paymentCard.waitFor({ state: 'detached' });

    // The member sees the rejection and its reason; the form offers the instalment again.
    await page.goto('/payments');
    const item = page
      .getByRole('list', { name: 'Payment history' })
      .getByRole('listitem', { name: `Contribution of ${formatRand(instalmentCents)}` });
    await item.getByText('Rejected', { exact: true }).waitFor();
    await item.getByText('Reason: The proof does not show the reference', { exact: true }).waitFor();
    expect(await page.getByRole('form', { name: 'Make a payment' }).getByLabel('Amount').inputValue()).toBe(
      amountText(instalmentCents),
    );
    await page.getByText(`at most ${formatRand(commitmentCents)}`, { exact: false }).waitFor();
    await expectNoSideScroll(page);

    await page.goto('/transactions');
    await page.getByRole('tab', { name: 'All (1)' }).waitFor();
    // Each tab counts its kind over everything, and lists that kind alone.
    await page.getByRole('tab', { name: 'Fees (0)' }).click();
    await page.getByText('No fees yet', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Contributions (1)' }).click();
    await page.getByRole('list', { name: 'Contributions transactions' }).getByRole('listitem').first().waitFor();
    await expectNoSideScroll(page);
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'My investment' }).getByText('Approved', { exact: true }).waitFor();
    await expectNoSideScroll(page);

    // The profile: read-only, the ID number hidden but for its last four digits.
    await page.goto('/profile');
    await page.getByText(member.fullName, { exact: true }).first().waitFor();
    await page.getByText(`•••••••••${member.nationalId.slice(-4)}`, { exact: true }).waitFor();
    await page.getByText('South African ID', { exact: true }).waitFor();
    await page.getByText('Jan 1, 1980', { exact: true }).waitFor();
    expect(await page.getByText(member.nationalId).count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await expectNoSideScroll(page);

    // When the account cannot be loaded, the profile says so and sends the member to sign in after 2 seconds.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Sibusiso' }).waitFor();
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service unavailable' }),
    );
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByText('Failed to load user information', { exact: true }).waitFor();
    const shownAt = Date.now();
    await page.waitForURL('**/login');
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
