import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER_PASSWORD, newEmail, SEEDED_MEMBER } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { registerOverApi, useBrowser } from '../../fixtures/browser.js';

const newPage = useBrowser();

describe('registration and sign-in', () => {
  it('registers, shows the message on /login, and the new member lands on /complete-registration', async () => {
    const page = await newPage();
    const email = newEmail();
    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByLabel('Confirm password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL('**/login');
    await page.getByText('Account created! Please log in to complete your registration.').waitFor();
    // Not bounced off /login: the member signs in here.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/complete-registration');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
  });

  it('shows the spec messages for a bad registration form', async () => {
    const page = await newPage();
    await page.goto('/register');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText("Passwords don't match").waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('answers a wrong password with the server message', async () => {
    const page = await newPage();
    const email = newEmail();
    await registerOverApi(email, MEMBER_PASSWORD);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
  });

  it('takes the admin to /admin', async () => {
    const page = await newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');
    await page.getByText('Super Admin').first().waitFor();
  });

  it('sends a member who opens /admin back to /', async () => {
    const page = await newPage();
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await page.waitForURL('**/dashboard');
    const adminChunk: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('admin-routes')) adminChunk.push(request.url());
    });
    await page.goto('/admin');
    await page.waitForURL('**/dashboard');
    expect(adminChunk).toEqual([]);
  });

  it('signs out: the token is gone and the old one no longer works on the server', async () => {
    const page = await newPage();
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await page.waitForURL('**/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const response = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(401);
  });
});
