import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MEMBER_PASSWORD, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, registerOverApi, useBrowser } from '../../fixtures/browser.js';
import { adminToken } from '../../fixtures/investing.js';
import { addNextOfKin, completeProfile, makeIdCard, makePortrait, uploadFile } from '../../fixtures/onboarding.js';
import { readStoredToken, waitForStrength } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

/** The test provider's control address (apps/api/test/oidc-provider.ts) that picks the next account. */
const NEXT_ACCOUNT_PATH = '/__test/next-account';

interface Me {
  id: string;
  email: string;
  registrationStatus: string;
  hasPassword: boolean;
}

/** Tells the test provider who the next authorization signs in as. */
async function chooseProviderAccount(account: { id: string; email: string; isVerified: boolean }): Promise<void> {
  const url = new URL(NEXT_ACCOUNT_PATH, inject('oidcIssuer'));
  url.search = new URLSearchParams({
    id: account.id,
    email: account.email,
    verified: String(account.isVerified),
  }).toString();
  const response = await fetch(url);
  expect(response.status, await response.text()).toBe(200);
}

/** Clicks 'Continue with Google' on `from` and answers the authorization address the browser went to. */
async function continueWithGoogle(page: Page, from = '/login'): Promise<URL> {
  await page.goto(from);
  const authorization = page.waitForRequest((request) => request.url().startsWith(`${inject('oidcIssuer')}/auth?`));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  return new URL((await authorization).url());
}

describe('Google sign-in', () => {
  it('creates a pending member on the first sign-in and reaches the same account the next time', async () => {
    const account = { id: `google-${Date.now().toString(36)}`, email: newEmail('google'), isVerified: true };
    await chooseProviderAccount(account);

    const page = await newPage({ width: 375, height: 800 });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    const authorization = await continueWithGoogle(page);
    const params = Object.fromEntries(authorization.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: 'letsema-test',
      redirect_uri: `${new URL(page.url()).origin}/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    await page.waitForURL('**/complete-registration');
    const token = await readStoredToken(page);
    expect(token).toMatch(/^ey/);
    expect(await page.evaluate(() => sessionStorage.getItem('googleSignIn'))).toBeNull();
    const me = await api<Me>('GET', '/api/auth/me', undefined, token!);
    expect(me).toMatchObject({ email: account.email, registrationStatus: 'pending_kyc', hasPassword: false });

    // Another browser: the provider knows nobody there, so it signs in the chosen account afresh.
    await chooseProviderAccount(account);
    const again = await newPage();
    await continueWithGoogle(again);
    await again.waitForURL('**/complete-registration');
    const second = await api<Me>('GET', '/api/auth/me', undefined, (await readStoredToken(again))!);
    expect(second.id).toBe(me.id);
  });

  it('refuses an unverified Google e-mail that matches an existing account', async () => {
    const email = newEmail('taken');
    await registerOverApi(email, MEMBER_PASSWORD);
    await chooseProviderAccount({ id: `unverified-${Date.now().toString(36)}`, email, isVerified: false });

    const page = await newPage();
    await continueWithGoogle(page);
    await page.waitForURL('**/auth/google/callback');
    await page.getByText('An account with this email already exists.', { exact: false }).waitFor();
    // The code is gone from the address, and nobody was signed in.
    expect(new URL(page.url()).search).toBe('');
    expect(await readStoredToken(page)).toBeNull();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/login');
  });

  it('refuses a return whose state this browser did not make, without asking the server', async () => {
    const page = await newPage();
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/google')) exchanges.push(request.url());
    });
    await page.goto('/auth/google/callback?code=a-code&state=forged-state');
    await page.getByText('Google sign-in failed. Please try again.').waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
    expect(exchanges).toEqual([]);
  });

  it('shows no Google button when the server offers none', async () => {
    const page = await newPage();
    let answered = 0;
    await page.route('**/api/auth/providers', async (route) => {
      answered += 1;
      await route.fulfill({ json: { success: true, data: { google: null }, error: null } });
    });
    for (const path of ['/login', '/register']) {
      const answer = page.waitForResponse('**/api/auth/providers');
      await page.goto(path);
      await page.getByRole('button', { name: path === '/login' ? 'Sign In' : 'Sign Up' }).waitFor();
      await expect.poll(() => answered).toBeGreaterThan(0);
      // The answer has been read, and the page has drawn two frames since.
      await (await answer).finished();
      await page.evaluate(
        () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
      expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
      answered = 0;
    }
  });

  it('lets an approved Google member set a password in /settings without a current one', async () => {
    const account = { id: `google-pw-${Date.now().toString(36)}`, email: newEmail('google'), isVerified: true };
    await chooseProviderAccount(account);
    const page = await newPage();
    await continueWithGoogle(page);
    await page.waitForURL('**/complete-registration');
    const token = (await readStoredToken(page))!;

    // Registration submitted and approved over the API.
    await completeProfile(token, 'Ayanda Zulu');
    await uploadFile(token, 'profile-picture', await makePortrait());
    await uploadFile(token, 'id-document', await makeIdCard());
    await addNextOfKin(token, 1, 'Bongani Zulu');
    await addNextOfKin(token, 2, 'Zanele Zulu');
    const { id } = await api<Me>('GET', '/api/auth/me', undefined, token);
    const admin = await adminToken();
    for (const step of ['nok/1/approve', 'nok/2/approve', 'approve-kyc']) {
      await api('POST', `/api/admin/users/${id}/${step}`, undefined, admin);
    }

    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    expect(await page.getByLabel('Current password').count()).toBe(0);
    const password = 'my-first-letsema-password';
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await waitForStrength(page, 'Strong');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password has been set.', { exact: false }).waitFor();
    // Now the account has a password: changing it asks for the current one.
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByLabel('Current password').waitFor();

    const fresh = await newPage();
    await signIn(fresh, account.email, password);
    await fresh.waitForURL('**/dashboard');
  });
});
