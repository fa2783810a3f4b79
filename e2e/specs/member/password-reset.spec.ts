import { describe, expect, it } from 'vitest';
import { MEMBER_PASSWORD, newEmail } from '../../fixtures/accounts.js';
import { api, registerOverApi, useBrowser } from '../../fixtures/browser.js';
import { linkTo, waitForMail } from '../../fixtures/mail.js';
import { waitForStrength } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

const NEW_PASSWORD = 'quartz lagoon falcon';

describe('forgotten password', () => {
  it('asks for a link from the sign-in page, chooses a new password from the e-mail, and signs in with it, on a 375 px phone', async () => {
    const email = newEmail('forgetful');
    const oldSession = await registerOverApi(email, MEMBER_PASSWORD);
    const page = await newPage({ width: 375, height: 740 });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'E-mail me a reset link' }).click();
    await page
      .getByText(
        'If an account uses this address, we have e-mailed it a link to choose a new password. The link works for 30 minutes, once.',
      )
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const mail = await waitForMail(email, 'Letsema: choose a new password');
    await page.goto(linkTo(mail.text, '/reset-password'));
    await page.getByLabel('New password', { exact: true }).fill('short');
    // The token leaves the address bar.
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel('Confirm new password').fill('other');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText("Passwords don't match").waitFor();

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await waitForStrength(page, 'Strong');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();

    // The session opened before the reset has ended.
    await expect(api('GET', '/api/auth/me', undefined, oldSession)).rejects.toThrow();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/complete-registration');

    // The link worked once.
    const again = await newPage();
    await again.goto(linkTo(mail.text, '/reset-password'));
    await again.getByLabel('New password', { exact: true }).fill('another quartz lagoon');
    await again.getByLabel('Confirm new password').fill('another quartz lagoon');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await again
      .getByText(
        'This link cannot be used. It may have been used already or be more than 30 minutes old. Ask for a new one from the sign-in page.',
      )
      .waitFor();
    await again.getByRole('link', { name: 'Ask for a new link' }).waitFor();
  });

  it('signs in with an e-mailed sign-in link', async () => {
    const email = newEmail('linked');
    await registerOverApi(email, MEMBER_PASSWORD);
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'E-mail me a sign-in link' }).click();
    await page.waitForURL('**/sign-in-link');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page
      .getByText(
        'If an account uses this address, we have e-mailed it a sign-in link. The link works for 15 minutes, once.',
      )
      .waitFor();
    const mail = await waitForMail(email, 'Letsema: your sign-in link');
    await page.goto(linkTo(mail.text, '/sign-in-link'));
    await page.getByRole('button', { name: 'Sign me in' }).click();
    await page.waitForURL('**/complete-registration');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
  });
});
