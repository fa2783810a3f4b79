import type { CooperativeDetails, CooperativeSettings } from '@letsema/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { adminToken } from '../../fixtures/investing.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

// The server is shared with the other specs: what this one saves is put back as it found it.
let restore: (() => Promise<void>) | undefined;
afterAll(async () => {
  await restore?.();
});

describe("the cooperative's details and settings", () => {
  it('the super admin saves them on a phone and sees them again after a reload', async () => {
    const token = await adminToken();
    const details = await api<CooperativeDetails>('GET', '/api/admin/settings/cooperative', undefined, token);
    const settings = await api<CooperativeSettings>('GET', '/api/admin/settings/rules', undefined, token);
    restore = async () => {
      await api(
        'PUT',
        '/api/admin/settings/cooperative',
        // A province, once set, cannot be taken away again.
        {
          name: details.name,
          registrationNumber: details.registrationNumber ?? '',
          province: details.province ?? 'Limpopo',
        },
        token,
      );
      const { isSaved: _isSaved, updatedAt: _updatedAt, defaults: _defaults, ...values } = settings;
      await api('PUT', '/api/admin/settings/rules', values, token);
    };

    const page = await newPage({ width: 375, height: 740 });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/settings');

    const about = page.getByRole('form', { name: 'Details' });
    await about.getByLabel('Name').fill('Kgotso Savings Cooperative');
    await about.getByLabel('Registration number (optional)').fill('2019/123456/24');
    await about.getByLabel('Province').selectOption('Limpopo');
    await about.getByRole('button', { name: 'Save details' }).click();
    await about.getByText('The cooperative’s details are saved.').waitFor();

    const rules = page.getByRole('form', { name: 'Rules of the books and payouts' });
    await rules.getByLabel('Reserve (%)').fill('7');
    await rules.getByLabel('Exit fee (%)').fill('2.5');
    await rules.getByRole('button', { name: 'Save settings' }).click();
    // The server's rule, checked in the browser first.
    await rules.getByText('Enter a percentage from 0 to 5, with at most two decimals').waitFor();
    await rules.getByLabel('Reserve (%)').fill('3.5');
    await rules.getByLabel('Two approvers above (R)').fill('1 500,50');
    await rules.getByLabel('Files per account (MB)').fill('250');
    await rules.getByLabel('Members may withdraw their returns').uncheck();
    await rules.getByRole('button', { name: 'Save settings' }).click();
    await rules.getByText(/^Settings saved\./).waitFor();
    await expectNoSideScroll(page);

    await page.reload();
    const aboutAgain = page.getByRole('form', { name: 'Details' });
    await expect.poll(() => aboutAgain.getByLabel('Name').inputValue()).toBe('Kgotso Savings Cooperative');
    expect(await aboutAgain.getByLabel('Registration number (optional)').inputValue()).toBe('2019/123456/24');
    expect(await aboutAgain.getByLabel('Province').inputValue()).toBe('Limpopo');
    expect(await aboutAgain.getByTestId('cooperative-slug').textContent()).toBe(details.slug);
    const rulesAgain = page.getByRole('form', { name: 'Rules of the books and payouts' });
    await expect.poll(() => rulesAgain.getByLabel('Reserve (%)').inputValue()).toBe('3.5');
    expect(await rulesAgain.getByLabel('Exit fee (%)').inputValue()).toBe('2.5');
    expect(await rulesAgain.getByLabel('Two approvers above (R)').inputValue()).toBe('1500.50');
    expect(await rulesAgain.getByLabel('Files per account (MB)').inputValue()).toBe('250');
    expect(await rulesAgain.getByLabel('Members may withdraw their returns').isChecked()).toBe(false);
    await rulesAgain.getByText(/^Last changed /).waitFor();
    await expectNoSideScroll(page);
  });
});
