import { paymentReferenceFor, type CooperativeDetails } from '@letsema/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { describeViolations, findAccessibilityViolations } from '../../fixtures/axe.js';
import { adminToken, createActiveMember, createOpenPool, joinOverApi } from '../../fixtures/investing.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

// The server is shared with the other specs: the cooperative's details are put back as they were.
let restore: (() => Promise<void>) | undefined;
afterAll(async () => {
  await restore?.();
});

describe('where members pay', () => {
  it('the super admin sets the bank account; a member sees it on /payments with a reference to copy', async () => {
    const admin = await newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin/settings');
    const form = admin.getByRole('form', { name: 'Where members pay' });
    await form.getByLabel('Bank').fill('First National Bank');
    await form.getByLabel('Account holder').fill('Letsema Savings Cooperative');
    await form.getByLabel('Account number').fill('62 1234 5678 9');
    await form.getByLabel('Branch code').fill('25065');
    await form.getByRole('button', { name: 'Save payment details' }).click();
    // The server's rule, checked in the browser first.
    await form.getByText('Enter the branch code: 6 digits').waitFor();
    await form.getByLabel('Branch code').fill('250655');
    await form.getByRole('button', { name: 'Save payment details' }).click();
    await form.getByText('Payment details saved. Members see the new account at once.').waitFor();
    await form.getByText(/^Last changed /).waitFor();

    const token = await adminToken();
    // The registration number members see beside the account is the one in the cooperative's details.
    const details = await api<CooperativeDetails>('GET', '/api/admin/settings/cooperative', undefined, token);
    const province = details.province ?? 'Gauteng';
    restore = () =>
      api(
        'PUT',
        '/api/admin/settings/cooperative',
        { name: details.name, registrationNumber: details.registrationNumber, province },
        token,
      ).then(() => undefined);
    await api(
      'PUT',
      '/api/admin/settings/cooperative',
      { name: details.name, registrationNumber: '2019/123456/24', province },
      token,
    );
    const member = await createActiveMember('Lindiwe Dube');
    const membership = await joinOverApi(member.token, await createOpenPool(token), 1, 'monthly');
    await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
    const me = await api<{ fullName: string; phoneNumber: string }>('GET', '/api/auth/me', undefined, member.token);
    const reference = paymentReferenceFor(me)!;
    expect(reference).toBe(`DUBE ${me.phoneNumber}`);

    const page = await newPage({ width: 360, height: 740 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, member.email, member.password);
    await page.goto('/payments');
    const card = page.getByRole('region', { name: 'Where to pay' });
    await card.getByText('First National Bank', { exact: true }).waitFor();
    await card.getByText('Letsema Savings Cooperative', { exact: true }).waitFor();
    await card.getByText('6212 3456 789', { exact: true }).waitFor();
    await card.getByText('250655', { exact: true }).waitFor();
    await card.getByText('2019/123456/24', { exact: true }).waitFor();
    await card.getByText(reference, { exact: true }).waitFor();
    await expectNoSideScroll(page);

    await card.getByRole('button', { name: 'Copy the reference' }).click();
    await card.getByRole('button', { name: 'The reference is copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await card.getByRole('button', { name: 'Copy the account number' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('62123456789');

    const findings = await findAccessibilityViolations(page);
    expect(findings, describeViolations('/payments', findings)).toEqual([]);
  });
});
