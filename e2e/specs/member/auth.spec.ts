import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER_PASSWORD, newEmail, SEEDED_MEMBER } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { registerOverApi, useBrowser } from '../../fixtures/browser.js';
import { linkTo, waitForMail } from '../../fixtures/mail.js';
import { waitForPath, waitForStrength } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

describe('registration and sign-in', () => {
  it('registers, shows the message on /login, and the new member lands on /complete-registration', async () => {
    const page = await newPage();
    const email = newEmail();
    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByLabel('Confirm password').fill(MEMBER_PASSWORD);
    await waitForStrength(page, 'Strong');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL('**/login');
    await page.getByText('Account created! Please log in to complete your registration.').waitFor();
    // Not bounced off /login: no session was stored (the page leaves only for a signed-in account),
    // and the member signs in here.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/complete-registration');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);

    // Until the address is confirmed a banner says so, and the link in the e-mail confirms it.
    await page.getByText(`Please confirm your e-mail address: we sent a link to ${email}.`).waitFor();
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await page.getByText(`We sent a new link to ${email}. It works for 24 hours.`).waitFor();
    // A success message: it goes after three seconds, and the reminder comes back.
    await page.getByText(`We sent a new link to ${email}.`).waitFor({ state: 'hidden', timeout: 6000 });
    await page.getByRole('button', { name: 'Send the link again' }).waitFor();
    const mail = await waitForMail(email, 'Letsema: confirm your e-mail address');
    await page.goto(linkTo(mail.text, '/verify-email'));
    await page.getByText('Your e-mail address is confirmed. Thank you.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('link', { name: 'Continue to Letsema' }).click();
    await page.waitForURL('**/complete-registration');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText('Please confirm your e-mail address').count()).toBe(0);
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

  it('measures the new password as it is typed and refuses a guessable one, on a 375 px phone', async () => {
    const page = await newPage({ width: 375, height: 740 });
    await page.goto('/register');
    await page.getByLabel('Email').fill(newEmail());
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByLabel('Confirm password').fill('password1');
    const meter = page.getByRole('progressbar', { name: 'Strength of the password' });
    await page.getByText('Strength: Very weak').waitFor();
    expect(await meter.getAttribute('aria-valuetext')).toBe('Very weak');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page
      .getByText(
        'This password is too easy to guess. Use a longer phrase of three or four uncommon words. This is a commonly used password.',
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');

    await page.getByLabel('Password', { exact: true }).fill('quartz lagoon falcon');
    await page.getByText('Strength: Strong').waitFor();
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
    // A call of the dashboard still on its way when the session ended is refused, and the app then
    // loads the sign-in page afresh as well: only where the page ends up counts.
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const response = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(401);
  });
});
