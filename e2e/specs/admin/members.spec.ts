import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { useBrowser } from '../../fixtures/browser.js';
import { createActiveMember } from '../../fixtures/investing.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

describe('the members directory', () => {
  it('finds a member on a phone, opens their page and suspends them with a reason; they cannot sign in', async () => {
    const member = await createActiveMember('Ntombi Directoryfind');
    const page = await newPage({ width: 375, height: 800 });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/members');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('directoryfind');
    const list = page.getByRole('list', { name: 'Members' });
    await page.getByText('1 member', { exact: true }).waitFor();
    await list.getByRole('link', { name: 'Ntombi Directoryfind' }).click();
    await page.waitForURL(`**/admin/members/${member.id}`);
    await page.getByRole('heading', { level: 1, name: 'Ntombi Directoryfind' }).waitFor();
    await expectNoSideScroll(page);

    await page.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: /Suspend this member/ });
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('Please give the reason (at least 5 characters); the member is told it').waitFor();
    await dialog.getByLabel('Reason (the member is told it)').fill('Their ID document could not be confirmed.');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Account suspended').waitFor();
    await page
      .getByRole('region', { name: 'Audit trail' })
      .getByText(/Member suspended by Super Admin/)
      .waitFor();

    // The member's token no longer works, and signing in says why.
    const refused = await fetch(`${page.url().split('/admin')[0]}/api/auth/me`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(refused.status).toBe(401);
    const memberPage = await newPage();
    await memberPage.goto('/login');
    await memberPage.getByLabel('Email').fill(member.email);
    await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
    await memberPage.getByRole('button', { name: 'Sign In' }).click();
    await memberPage
      .getByText('This account has been suspended. Please contact the cooperative if you think this is a mistake.')
      .waitFor();
  });
});
