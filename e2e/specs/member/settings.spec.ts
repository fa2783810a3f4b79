import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { createActiveMember } from '../../fixtures/investing.js';
import {
  markDocument,
  readStoredToken,
  waitForNewDocument,
  waitForPath,
  waitForStrength,
} from '../../fixtures/page-checks.js';

const newPage = useBrowser();

/** Opens /settings the way a member does: from the user menu. */
async function openSettings(page: Page, path = '/settings'): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.waitForURL(`**${path}`);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
}

async function signInMember(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await page.waitForURL('**/dashboard');
}

describe('settings', () => {
  it('changes the password: other sessions end, this one stays, and only the new password signs in', async () => {
    const member = await createActiveMember('Thandiwe Mokoena');
    const newPassword = 'a-brand-new-password';
    const page = await newPage();
    await signInMember(page, member.email, member.password);
    await openSettings(page);

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await waitForStrength(page, 'Strong');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is incorrect').waitFor();

    // Another device signs in just before the change, so that its next action below comes well
    // within the 30 seconds after which its unread-count poll would find the session ended first.
    const laptop = await newPage();
    await signInMember(laptop, member.email, member.password);

    await page.getByLabel('Current password').fill(member.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');

    // This device stays signed in.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByText(member.email).first().waitFor();

    // The other one is sent to sign in on its next action: the app loads the sign-in page afresh.
    await markDocument(laptop);
    await laptop.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
    await waitForNewDocument(laptop, '/login');
    await laptop.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await readStoredToken(laptop)).toBeNull();

    const fresh = await newPage();
    await fresh.goto('/login');
    await fresh.getByLabel('Email').fill(member.email);
    await fresh.getByLabel('Password', { exact: true }).fill(member.password);
    await fresh.getByRole('button', { name: 'Sign In' }).click();
    await fresh.getByText('Invalid email or password').waitFor();
    await signInMember(fresh, member.email, newPassword);
  });

  it('signs out everywhere after a confirmation', async () => {
    const member = await createActiveMember('Sipho Nkosi');
    const phone = await newPage();
    await signInMember(phone, member.email, member.password);

    const page = await newPage();
    await signInMember(page, member.email, member.password);
    const token = await readStoredToken(page);
    await openSettings(page);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await readStoredToken(page)).toBe(token);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await waitForPath(page, '/login');
    await page.getByText('You have been signed out on every device.').waitFor();
    expect(await readStoredToken(page)).toBeNull();
    const response = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(401);

    await markDocument(phone);
    await phone
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await waitForNewDocument(phone, '/login');
    await phone.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await readStoredToken(phone)).toBeNull();
  });

  it('saves the e-mail preferences, still there after a reload, on a 375 px phone', async () => {
    const member = await createActiveMember('Naledi Khumalo');
    const page = await newPage({ width: 375, height: 800 });
    await signInMember(page, member.email, member.password);
    await openSettings(page);

    const labels = ['Registration updates', 'Pool updates', 'Payment updates', 'Profit updates'];
    for (const label of labels) expect(await page.getByRole('switch', { name: label }).isChecked(), label).toBe(true);

    for (const label of ['Pool updates', 'Profit updates']) {
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/api/auth/email-preferences') && response.request().method() === 'PUT',
      );
      await page.getByRole('switch', { name: label }).click();
      expect((await saved).status()).toBe(200);
      await expect.poll(() => page.getByRole('switch', { name: label }).isEnabled()).toBe(true);
    }
    await page.getByText('Your e-mail preferences have been saved.').waitFor();

    await page.reload();
    await page.getByRole('switch', { name: 'Pool updates' }).waitFor();
    const states = await Promise.all(labels.map((label) => page.getByRole('switch', { name: label }).isChecked()));
    expect(states).toEqual([true, false, true, false]);
    expect(await api('GET', '/api/auth/email-preferences', undefined, member.token)).toEqual({
      registration: true,
      pool: false,
      payment: true,
      profit: false,
    });

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('is open to admins at /admin/settings, from the admin user menu', async () => {
    const page = await newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');
    await openSettings(page, '/admin/settings');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByRole('heading', { name: 'Sign out everywhere' }).waitFor();
    await page.getByRole('switch', { name: 'Payment updates' }).waitFor();
    expect(await page.getByLabel('Current password').count()).toBe(1);
  });
});
