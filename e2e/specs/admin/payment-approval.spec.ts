import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { centsToRand, formatRand, paymentReferenceFor } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { describeViolations, findAccessibilityViolations, waitForStillness } from '../../fixtures/axe.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import {
  adminToken,
  createActiveMember,
  createOpenPool,
  joinFigures,
  joinOverApi,
  payOverApi,
  type PaymentAnswer,
  type PoolAnswer,
} from '../../fixtures/investing.js';
import { uploadFile, type SubmittedMember } from '../../fixtures/onboarding.js';
import { expectNoSideScroll, isDrawn } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

/** A bank's confirmation as a real one-page PDF, showing the amount paid. */
async function pdfProofOf(amountCents: number) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([420, 300]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Payment successful', { x: 30, y: 240, size: 20, font });
  page.drawText(formatRand(amountCents), { x: 30, y: 190, size: 28, font });
  return { bytes: await doc.save(), type: 'application/pdf', name: 'proof-of-payment.pdf' };
}

/** An approved member of a new pool (two shares, monthly), with the reference they were told to use. */
async function approvedPayer(name: string) {
  const token = await adminToken();
  const member = await createActiveMember(name);
  const pool = await createOpenPool(token);
  const membership = await joinOverApi(member.token, pool, 2, 'monthly');
  await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
  const me = await api<{ fullName: string; phoneNumber: string }>('GET', '/api/auth/me', undefined, member.token);
  const reference = paymentReferenceFor(me);
  if (!reference) throw new Error('The member has no payment reference');
  return { member, pool, reference, ...joinFigures(pool, 2, 'monthly') };
}

async function payWithPdf(member: SubmittedMember, pool: PoolAnswer, amountCents: number) {
  const proofOfPaymentUrl = await uploadFile(member.token, 'proof-of-payment', await pdfProofOf(amountCents));
  return api<PaymentAnswer>(
    'POST',
    '/api/payments/create',
    { poolId: pool.id, amount: centsToRand(amountCents), paymentMethod: 'EFT / bank transfer', proofOfPaymentUrl },
    member.token,
  );
}

describe('approving a payment with the evidence in view', () => {
  it('shows a PDF proof inside the app beside the amount, reference and plan, and approves only once confirmed', async () => {
    const { member, pool, reference, instalmentCents, commitmentCents } = await approvedPayer('Naledi Evidence');
    const payment = await payWithPdf(member, pool, instalmentCents);

    const admin = await newPage({ width: 1440, height: 900 });
    let downloads = 0;
    admin.on('download', () => (downloads += 1));
    let approvals = 0;
    admin.on('request', (request) => {
      if (request.url().endsWith(`/api/admin/payments/${payment.id}/approve`)) approvals += 1;
    });
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL('**/admin');
    await admin.goto('/admin/payments');
    await admin.getByRole('heading', { name: 'Payment Confirmations' }).waitFor();

    // The queue shows the reference the member was told to write on the transfer.
    const row = admin.getByRole('row').filter({ hasText: member.email });
    await row.getByText(reference, { exact: true }).waitFor();

    // View shows the PDF full screen, in the app too.
    await row.getByRole('button', { name: `View proof of payment from ${member.fullName}` }).click();
    const preview = admin.getByRole('dialog', { name: `Proof of payment from ${member.fullName}` });
    const previewFrame = preview.locator(`iframe[title="Proof of payment from ${member.fullName}"]`);
    expect(await previewFrame.getAttribute('src')).toMatch(/^\/api\/files\/[\w/-]+\.pdf\?view=/);
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await preview.waitFor({ state: 'detached' });

    const framed = admin.waitForResponse((response) => /\/api\/files\/.+\?view=/.test(response.url()));
    await row.getByRole('button', { name: `Approve payment from ${member.fullName}` }).click();
    const review = admin.getByRole('dialog', { name: `Review payment from ${member.fullName}` });
    await review.waitFor();
    // Nothing is approved by opening the review.
    expect(approvals).toBe(0);

    // The PDF is shown in a frame of the app, from this site, by the browser's own viewer: no download.
    const proof = review.locator(`iframe[title="Proof of payment from ${member.fullName}"]`);
    await proof.waitFor();
    expect(await proof.getAttribute('src')).toMatch(/^\/api\/files\/[\w/-]+\.pdf\?view=/);
    const answer = await framed;
    expect(answer.status()).toBe(200);
    const headers = answer.headers();
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toBe('inline');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    const viewer = admin.frames().find((frame) => frame.url().includes('/api/files/'));
    expect(viewer).toBeDefined();
    // The browser's PDF viewer is drawn in the frame, or (newer Chromium) in a frame of its own inside it.
    const viewerPages = async () =>
      Promise.all([viewer!, ...viewer!.childFrames()].map((frame) => frame.content().catch(() => '')));
    await expect.poll(async () => (await viewerPages()).some((html) => html.includes('pdf'))).toBe(true);
    expect(downloads).toBe(0);
    // The app page itself still may be framed by no one.
    const page = await admin.request.get('/admin/payments');
    expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

    // Beside it: the amount, the reference and the plan.
    const details = review.getByRole('region', { name: 'Payment details' });
    await details.getByText(formatRand(instalmentCents), { exact: true }).waitFor();
    await details.getByText(reference, { exact: true }).waitFor();
    await details.getByText(`${formatRand(instalmentCents)} per month`, { exact: true }).waitFor();
    await details.getByText(`R 0.00 of ${formatRand(commitmentCents)}`, { exact: true }).waitFor();
    await details.getByText(pool.name, { exact: true }).waitFor();
    // One instalment: nothing to warn about.
    expect(await details.getByText(/not the plan's instalment/).count()).toBe(0);

    await waitForStillness(admin);
    const findings = await findAccessibilityViolations(admin);
    expect(describeViolations('the payment review with a PDF proof @1440px', findings)).toBe('');

    // Approving needs the explicit confirmation.
    const approve = review.getByRole('button', { name: 'Approve payment', exact: true });
    expect(await approve.isDisabled()).toBe(true);
    await review
      .getByRole('checkbox', {
        name: `The proof shows ${formatRand(instalmentCents)} paid with the reference ${reference}.`,
      })
      .check();
    expect(await approve.isDisabled()).toBe(false);
    await approve.dblclick();
    await admin.getByText('Payment approved successfully!', { exact: true }).waitFor();
    await review.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect(approvals).toBe(1);
    const [paid] = await api<PaymentAnswer[]>('GET', '/api/payments/my-payments', undefined, member.token);
    expect(paid!.status).toBe('completed');
  });

  it('stacks the proof above the figures on a 375 px phone, warns when the amount is not the instalment, and cancels undecided', async () => {
    const { member, pool, reference, instalmentCents } = await approvedPayer('Sipho Stacked');
    const payment = await payOverApi(member.token, pool.id, instalmentCents * 2, 'EFT / bank transfer');

    const admin = await newPage({ width: 375, height: 812 });
    let approvals = 0;
    admin.on('request', (request) => {
      if (request.url().endsWith(`/api/admin/payments/${payment.id}/approve`)) approvals += 1;
    });
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL('**/admin');
    await admin.goto('/admin/payments');
    const card = admin.getByRole('listitem').filter({ hasText: member.email });
    await card.getByText(reference, { exact: true }).waitFor();
    await card.getByRole('button', { name: `Approve payment from ${member.fullName}` }).click();

    const review = admin.getByRole('dialog', { name: `Review payment from ${member.fullName}` });
    const image = review.getByRole('img', { name: `Proof of payment from ${member.fullName}` });
    expect(await isDrawn(image)).toBe(true);
    const details = review.getByRole('region', { name: 'Payment details' });
    await details.getByText(formatRand(instalmentCents * 2), { exact: true }).waitFor();
    await details
      .getByText(
        `This is not the plan's instalment of ${formatRand(instalmentCents)}. Check that the proof shows ${formatRand(instalmentCents * 2)}.`,
      )
      .waitFor();

    // The proof comes first, the figures under it, and nothing runs off the side of the screen.
    const proofBox = (await image.boundingBox())!;
    const detailsBox = (await details.boundingBox())!;
    expect(proofBox.y + proofBox.height).toBeLessThanOrEqual(detailsBox.y + 1);
    expect(proofBox.x).toBeGreaterThanOrEqual(0);
    expect(proofBox.x + proofBox.width).toBeLessThanOrEqual(375);
    expect(detailsBox.x + detailsBox.width).toBeLessThanOrEqual(375);
    await expectNoSideScroll(admin);

    await waitForStillness(admin);
    const findings = await findAccessibilityViolations(admin);
    expect(describeViolations('the payment review with an image proof @375px', findings)).toBe('');

    // Cancel leaves the payment waiting.
    await review.getByRole('button', { name: 'Cancel' }).click();
    await review.waitFor({ state: 'detached' });
    await card.waitFor();
    expect(approvals).toBe(0);
    const [waiting] = await api<PaymentAnswer[]>('GET', '/api/payments/my-payments', undefined, member.token);
    expect(waiting!.status).toBe('pending');
  });
});
