import { waitingQueues } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { ADMIN, SEEDED_MEMBER } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { kinNationalId, loginOverApi, makeIdCard, submitRegistration, uploadFile } from '../../fixtures/onboarding.js';
import { adminDate, expectNoSideScroll, isDrawn } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

interface PendingCounts {
  registrations: number;
}

async function countRegistrations(adminToken: string): Promise<number> {
  return (await api<PendingCounts>('GET', '/api/admin/dashboard/pending-counts', undefined, adminToken)).registrations;
}

describe('admin review of registrations', () => {
  it('returns the ID document, then approves both next of kin and the registration; the member reaches /dashboard', async () => {
    const member = await submitRegistration('Thandi Mokoena');
    const adminToken = await loginOverApi(ADMIN.email, ADMIN.password);
    const waiting = await countRegistrations(adminToken);
    expect(waiting).toBeGreaterThanOrEqual(1);

    const page = await newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');

    // Dashboard: the registrations tile shows the count and leads to the queue.
    const tile = page.getByRole('link', { name: /Registrations/ });
    await tile.getByText(String(waiting), { exact: true }).waitFor();
    await tile.click();
    await page.waitForURL('**/admin/members/pending');

    // The queue: the member's card with photo, contact details and submission date.
    const queued = (
      await api<{ id: string; submittedAt: string }[]>('GET', '/api/admin/pending-kyc', undefined, adminToken)
    ).find((row) => row.id === member.id)!;
    const card = page.getByRole('article').filter({ hasText: member.email });
    await card.waitFor();
    await card.getByText(member.fullName).waitFor();
    await card.getByText('0821234567').waitFor();
    await card.getByText(`Submitted ${adminDate(queued.submittedAt)}`).waitFor();
    expect(await isDrawn(card.getByRole('img', { name: `Profile photo of ${member.fullName}` }))).toBe(true);
    await card.getByRole('link', { name: `Review ${member.fullName}` }).click();
    await page.waitForURL(`**/admin/members/pending/${member.id}`);

    // The review screen: header, tabs, personal information and the photo comparison.
    const header = page.locator('main header');
    await header.getByRole('heading', { name: member.fullName }).waitFor();
    await header.getByText(member.email).waitFor();
    await header.getByText(`Submitted ${adminDate(queued.submittedAt)}`).waitFor();
    await header.getByText('Pending', { exact: true }).filter({ visible: true }).waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'KYC Verification',
      'Next of Kin #1',
      'Next of Kin #2',
    ]);

    const info = page.getByRole('region', { name: 'Personal Information' });
    await info.getByText('South African ID').waitFor();
    await info.getByText(member.nationalId).waitFor();
    await info.getByText('Jan 1, 1980').waitFor();
    expect(await info.getByText('12 Vilakazi Street, Orlando West').isVisible()).toBe(false);
    await info.getByRole('button', { name: /Address/ }).click();
    await info.getByText('12 Vilakazi Street, Orlando West').waitFor();

    const photos = page.getByRole('region', { name: 'Photo Verification' });
    expect(await isDrawn(photos.getByRole('img', { name: 'Profile Photo' }))).toBe(true);
    expect(await isDrawn(photos.getByRole('img', { name: 'ID Document' }))).toBe(true);
    await photos.getByRole('button', { name: 'View ID Document full screen' }).click();
    const preview = page.getByRole('dialog', { name: 'ID Document' });
    expect(await isDrawn(preview.getByRole('img', { name: 'ID Document' }))).toBe(true);
    // Files are fetched with the bearer token: no token travels in an address.
    expect(await preview.getByRole('img').getAttribute('src')).toMatch(/^blob:/);
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await preview.waitFor({ state: 'hidden' });

    // Reject KYC: Confirm waits for a reason and at least one item.
    const bar = page.getByRole('region', { name: 'Review decision' });
    await bar.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject KYC' });
    await reject.waitFor();
    expect(await reject.getByRole('checkbox').count()).toBe(3);
    for (const label of ['Passport Photo', 'ID Document', 'Personal Information']) {
      await reject.getByRole('checkbox', { name: label }).waitFor();
    }
    const confirm = reject.getByRole('button', { name: 'Confirm' });
    expect(await confirm.isDisabled()).toBe(true);
    await reject.getByText('Please provide a rejection reason and select at least one field').waitFor();
    await reject.getByLabel('Reason for rejection').fill('The ID document is blurry. Please upload a clearer copy.');
    expect(await confirm.isDisabled()).toBe(true);
    await reject.getByRole('checkbox', { name: 'ID Document' }).check();
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await reject.waitFor({ state: 'hidden' });
    await page.getByText('KYC rejected').waitFor();
    await header.getByText('Rejected', { exact: true }).filter({ visible: true }).waitFor();
    await page.getByText('Reason: The ID document is blurry. Please upload a clearer copy.').waitFor();
    expect(await bar.count()).toBe(0);
    // The success message goes by itself after three seconds.
    await page.getByText('KYC rejected').waitFor({ state: 'hidden', timeout: 6000 });

    const returned = await api<{ registrationStatus: string; rejectedFields: string[]; idDocumentUrl: string | null }>(
      'GET',
      '/api/auth/me',
      undefined,
      member.token,
    );
    expect(returned).toMatchObject({
      registrationStatus: 'rejected',
      rejectedFields: ['idDocumentUrl'],
      idDocumentUrl: null,
    });
    expect(await countRegistrations(adminToken)).toBe(waiting - 1);

    // The member uploads a new ID document, which sends the registration back for review.
    await uploadFile(member.token, 'id-document', await makeIdCard());
    expect(
      (await api<{ registrationStatus: string }>('GET', '/api/auth/me', undefined, member.token)).registrationStatus,
    ).toBe('pending_kyc');

    await page.reload();
    await header.getByText('Pending', { exact: true }).filter({ visible: true }).waitFor();

    // The registration cannot be approved before its next of kin: the server's reason is shown.
    await bar.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve KYC?' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Please approve both next of kin before approving the registration').waitFor();

    for (const n of [1, 2] as const) {
      await page.getByRole('tab', { name: `Next of Kin #${n}` }).click();
      const kin = page.getByRole('region', { name: `Next of Kin #${n}` });
      await kin.getByText(n === 1 ? 'Naledi Mokoena' : 'Sipho Mokoena').waitFor();
      await kin.getByText('Sister').waitFor();
      await kin.getByText(kinNationalId(n)).waitFor();
      await kin.getByText('Jun 15, 1985').waitFor();
      await kin.getByText('Pending', { exact: true }).waitFor();

      const documents = page.getByRole('region', { name: 'Documents' });
      expect(await isDrawn(documents.getByRole('img', { name: 'Passport Photo' }))).toBe(true);
      const download = page.waitForEvent('download');
      await documents.getByRole('button', { name: 'Download ID Document' }).click();
      expect((await download).suggestedFilename()).toBe(`nok${n}-id.pdf`);
      const addressDownload = page.waitForEvent('download');
      await documents.getByRole('button', { name: 'Download Proof of Address' }).click();
      expect((await addressDownload).suggestedFilename()).toBe(`nok${n}-address.pdf`);

      await bar.getByRole('button', { name: 'Approve' }).click();
      await page
        .getByRole('dialog', { name: `Approve NOK #${n}?` })
        .getByRole('button', { name: 'Approve' })
        .click();
      await page.getByText(`NOK #${n} approved successfully!`).waitFor();
      await kin.getByText('Verified', { exact: true }).waitFor();
      expect(await bar.count()).toBe(0);
    }

    await page.getByRole('tab', { name: 'KYC Verification' }).click();
    // The earlier refusal no longer applies and is not shown again.
    await page.getByRole('region', { name: 'Personal Information' }).waitFor();
    expect(await page.getByText('Please approve both next of kin').count()).toBe(0);
    await bar.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve KYC?' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText('KYC approved successfully!').waitFor();
    await header.getByText('Verified', { exact: true }).filter({ visible: true }).waitFor();
    expect(await bar.count()).toBe(0);

    // Back on the dashboard the registration no longer counts.
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/admin');
    await page
      .getByRole('link', { name: /Registrations/ })
      .getByText(String(waiting - 1), { exact: true })
      .waitFor();

    const memberPage = await newPage();
    await signIn(memberPage, member.email, member.password);
    await memberPage.waitForURL('**/dashboard');
  });

  it('sends a member who opens /admin/members/pending away without loading the back office', async () => {
    const page = await newPage();
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await page.waitForURL('**/dashboard');
    const adminChunk: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('admin-routes')) adminChunk.push(request.url());
    });
    await page.goto('/admin/members/pending');
    await page.waitForURL('**/dashboard');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(adminChunk).toEqual([]);
  });

  it('leads every dashboard tile to a working screen', async () => {
    const page = await newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');
    const targets = [
      ['Registrations', '/admin/members/pending', 'Pending Registrations'],
      ['Password resets', '/admin/members', null],
      ['Pool requests', '/admin/pool-requests', null],
      ['Payments', '/admin/payments/pending', null],
      ['Loans', '/admin/loans/pending', 'Loans'],
      ['Loan repayments', '/admin/loans/repayments', null],
      ['Withdrawals', '/admin/withdrawals/pending', 'Withdrawals'],
      ['Exits', '/admin/exits/pending', 'Exit Requests'],
      ['Expenses waiting', '/admin/expenses', null],
      ['Income waiting', '/admin/investment/income', null],
      ['Reopen and unlock', '/admin/month-end', null],
      ['Staff roles', '/admin/staff', null],
    ] as const;
    // The super admin holds every role: a tile for every queue.
    await page.getByTestId('pending-count-staffGrants').waitFor();
    expect(await page.getByRole('list', { name: 'Pending counts' }).getByRole('listitem').count()).toBe(
      waitingQueues.length,
    );
    for (const [label, path, heading] of targets) {
      await page
        .getByRole('list', { name: 'Pending counts' })
        .getByRole('link', { name: new RegExp(label) })
        .click();
      await page.waitForURL(`**${path}`);
      expect(await page.getByText('Page not found').count(), path).toBe(0);
      if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The loans tile opens the loan admins' queue of decisions.
      if (heading === 'Loans') await page.getByRole('heading', { level: 2, name: 'Waiting for approval' }).waitFor();
      await page.goBack();
      await page.waitForURL('**/admin');
    }

    // The members directory points to the queue.
    await page.goto('/admin/members');
    await page.getByRole('list', { name: 'Members' }).waitFor();
    await page.getByRole('link', { name: 'View Pending' }).click();
    await page.waitForURL('**/admin/members/pending');
  });

  it('lists the ten oldest registrations in My Tasks and links to the queue for the rest', async () => {
    const adminToken = await loginOverApi(ADMIN.email, ADMIN.password);
    while ((await countRegistrations(adminToken)) < 11) await submitRegistration('Lerato Dlamini');

    const page = await newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');
    await page.goto('/admin/tasks');
    const list = page.getByRole('list', { name: 'Waiting for you' });
    await list.waitFor();
    expect(await list.getByRole('link', { name: /^Registration of / }).count()).toBe(10);
    const note = page.getByText('The 10 oldest of each kind are listed here. More are waiting in');
    await note.getByRole('link', { name: 'Registrations', exact: true }).click();
    await page.waitForURL('**/admin/members/pending');
    await page.getByRole('heading', { level: 1, name: 'Pending Registrations' }).waitFor();
  });

  it('fits a 375 px screen: cards stack, tabs scroll and the decision bar fits', async () => {
    const member = await submitRegistration('Lindiwe Nomvula Dlamini-Khumalo');
    const page = await newPage({ width: 375, height: 740 });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');
    await expectNoSideScroll(page);

    await page.goto('/admin/members/pending');
    const card = page.getByRole('article').filter({ hasText: member.email });
    await card.waitFor();
    await expectNoSideScroll(page);
    const review = card.getByRole('link', { name: `Review ${member.fullName}` });
    const [cardBox, buttonBox] = [await card.boundingBox(), await review.boundingBox()];
    // Stacked: the Review button sits under the details, as wide as the card's content.
    expect(buttonBox!.y).toBeGreaterThan(cardBox!.y + 60);
    expect(buttonBox!.width).toBeGreaterThan(cardBox!.width - 48);
    await review.click();
    await page.waitForURL(`**/admin/members/pending/${member.id}`);

    await page.locator('main header').getByRole('heading', { name: member.fullName }).waitFor();
    await page.getByRole('region', { name: 'Photo Verification' }).waitFor();
    await expectNoSideScroll(page);
    const tabList = page.getByRole('tablist', { name: 'Registration sections' });
    const lastTab = page.getByRole('tab', { name: 'Next of Kin #2' });
    await lastTab.click();
    await expect.poll(() => lastTab.getAttribute('aria-selected')).toBe('true');
    expect((await tabList.boundingBox())!.width).toBeLessThanOrEqual(375);

    const bar = page.getByRole('region', { name: 'Review decision' });
    for (const name of ['Reject', 'Approve']) {
      const box = (await bar.getByRole('button', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.y + box.height).toBeLessThanOrEqual(740);
    }
    await bar.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject NOK #2' });
    await reject.waitFor();
    expect(await reject.getByRole('checkbox').count()).toBe(4);
    const dialogBox = (await page.locator('.MuiDialog-paper').boundingBox())!;
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(375);

    // Leave the queue as it was found: the server is shared by every spec.
    const adminToken = await loginOverApi(ADMIN.email, ADMIN.password);
    for (const path of ['nok/1/approve', 'nok/2/approve', 'approve-kyc']) {
      await api('POST', `/api/admin/users/${member.id}/${path}`, undefined, adminToken);
    }
  });
});
