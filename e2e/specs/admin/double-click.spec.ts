import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import {
  adminToken,
  createActiveMember,
  createOpenPool,
  joinFigures,
  joinOverApi,
  payOverApi,
  type PaymentAnswer,
} from '../../fixtures/investing.js';

const newPage = useBrowser();

describe('a decision clicked twice', () => {
  // A double-click sent the decision twice: the first was approved, the second answered 409 and the
  // admin read "This payment has already been decided" instead of the success message.
  it('approves a payment once and says so, however fast the admin clicks', async () => {
    const token = await adminToken();
    const member = await createActiveMember('Dineo Twice');
    const pool = await createOpenPool(token);
    const membership = await joinOverApi(member.token, pool, 2, 'monthly');
    await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
    const { instalmentCents } = joinFigures(pool, 2, 'monthly');
    const payment = await payOverApi(member.token, pool.id, instalmentCents, 'EFT / bank transfer');

    const admin = await newPage({ width: 1440, height: 900 });
    let decisionsSent = 0;
    admin.on('request', (request) => {
      if (request.url().endsWith(`/api/admin/payments/${payment.id}/approve`)) decisionsSent += 1;
    });
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL('**/admin');
    await admin.goto('/admin/payments');
    await admin.getByRole('heading', { name: 'Payment Confirmations' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: member.email });
    // A double-click on Approve opens the review once; its own Approve, double-clicked, decides once.
    await row.getByRole('button', { name: `Approve payment from ${member.fullName}` }).dblclick();
    const review = admin.getByRole('dialog', { name: `Review payment from ${member.fullName}` });
    await review.getByRole('checkbox', { name: /^The proof shows/ }).check();
    await review.getByRole('button', { name: 'Approve payment', exact: true }).dblclick();

    await admin.getByText('Payment approved successfully!').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(decisionsSent).toBe(1);
    expect(await admin.getByText('This payment has already been decided').count()).toBe(0);
    const [paid] = await api<PaymentAnswer[]>('GET', '/api/payments/my-payments', undefined, member.token);
    expect(paid!.status).toBe('completed');

    // Two shares of R 1 000 over 12 months: eleven instalments of R 166.67 and a last of R 166.63,
    // which the member is told wherever the instalment is stated.
    const memberPage = await newPage({ width: 1280, height: 800 });
    await signIn(memberPage, member.email, member.password);
    await memberPage.waitForURL('**/dashboard');
    await memberPage.getByRole('region', { name: 'My investment' }).getByText('The last R 166.63').waitFor();
    await memberPage.goto('/payments');
    await memberPage.getByText('per month, the last R 166.63', { exact: true }).waitFor();

    // The pool now has a member: its target and duration are no longer offered for editing (the
    // server refuses them), while the other terms still are.
    await admin.goto(`/admin/pools/${pool.id}/edit`);
    await admin.getByText('Members have joined, so the target and duration can no longer change.').waitFor();
    expect(await admin.getByLabel('Target amount').isDisabled()).toBe(true);
    expect(await admin.getByLabel('Duration').isDisabled()).toBe(true);
    expect(await admin.getByLabel('Maximum members').isDisabled()).toBe(false);
  });
});
