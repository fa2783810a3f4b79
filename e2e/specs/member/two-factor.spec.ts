import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../fixtures/auth.js';
import { useBrowser } from '../../fixtures/browser.js';
import { createActiveMember } from '../../fixtures/investing.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const newPage = useBrowser();
const PHONE = { width: 375, height: 740 };

/** The code an authenticator app shows for `secret`, for the step after `after` when given. */
function appCode(secret: string, after?: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  let timestamp = Date.now();
  // A code is accepted once: for a second sign-in, the next step's code (the server allows one step of drift).
  if (after !== undefined) {
    while (totp.generate({ timestamp }) === after) timestamp += 30_000;
  }
  return totp.generate({ timestamp });
}

/** Reads the secret the enrolment shows as text (in groups of four). */
async function readSecret(page: Page): Promise<string> {
  const text = await page.getByTestId('two-factor-secret').textContent();
  return (text ?? '').replace(/\s+/g, '');
}

/** Turns two-factor on from the page it is shown on; answers the secret, the first code and the recovery codes. */
async function enrolOnPage(page: Page, startLabel: string) {
  await page.getByRole('button', { name: startLabel }).click();
  await page.getByRole('img', { name: 'QR code to add Letsema to your authenticator app' }).waitFor();
  const secret = await readSecret(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill('123');
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await page.getByText('Enter the 6-digit code from your authenticator app').first().waitFor();
  const firstCode = appCode(secret);
  await page.getByLabel('Code from the app').fill(firstCode);
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  const done = page.getByRole('button', { name: 'Done' });
  expect(await done.isDisabled()).toBe(true);
  await page.getByLabel('I have saved my recovery codes somewhere safe').check();
  await done.click();
  return { secret, firstCode, recoveryCodes };
}

describe('two-factor sign-in', () => {
  it('is turned on in Settings and then asked for at sign-in, on a 375 px phone', async () => {
    const member = await createActiveMember('Kagiso Sithole');
    const page = await newPage(PHONE);
    await signIn(page, member.email, member.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.waitFor();
    const { secret, firstCode, recoveryCodes } = await enrolOnPage(page, 'Turn on');
    await card.getByText('10 of 10 recovery codes left.').waitFor();
    await page.getByRole('status').filter({ hasText: 'Two-factor sign-in is on for your account.' }).waitFor();
    await expectNoSideScroll(page);

    // A new sign-in: the password, then the code.
    const phone = await newPage(PHONE);
    await phone.goto('/login');
    await phone.getByLabel('Email').fill(member.email);
    await phone.getByLabel('Password', { exact: true }).fill(member.password);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await phone.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    expect(new URL(phone.url()).pathname).toBe('/login');
    await expectNoSideScroll(phone);
    const codeField = phone.getByLabel('Authentication code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');

    await codeField.fill('000000');
    await phone.getByRole('button', { name: 'Verify' }).click();
    await phone
      .getByText('That code is not right. Check that the time on your phone is correct and try again.')
      .waitFor();
    await phone.getByLabel('Authentication code').fill(appCode(secret, firstCode));
    await phone.getByRole('button', { name: 'Verify' }).click();
    await phone.waitForURL('**/dashboard');

    // Another sign-in with a recovery code instead.
    const other = await newPage(PHONE);
    await other.goto('/login');
    await other.getByLabel('Email').fill(member.email);
    await other.getByLabel('Password', { exact: true }).fill(member.password);
    await other.getByRole('button', { name: 'Sign In' }).click();
    await other.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await other.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.waitForURL('**/dashboard');
    await other.goto('/settings');
    await other.getByText('9 of 10 recovery codes left.').waitFor();
  });

  describe('when the cooperative requires it of admins', () => {
    const admin = { email: 'strict.admin@letsema.test', password: 'an admin passphrase for tests' };
    let server: RunningServer;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-e2e-mfa-'));
      server = await startServer({
        dataDir,
        env: { MFA_REQUIRED_FOR_ADMINS: 'true', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      });
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('takes an admin without it to enrolment before the back office, and asks for the code next time', async () => {
      const page = await newPage({ ...PHONE, baseURL: server.baseUrl });
      await signIn(page, admin.email, admin.password);
      await page.waitForURL('**/setup-two-factor');
      await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
      // The back office stays closed until it is done.
      await page.goto('/admin/staff');
      await page.waitForURL('**/setup-two-factor');
      await expectNoSideScroll(page);

      const { secret, firstCode } = await enrolOnPage(page, 'Start set-up');
      await page.waitForURL((url) => url.pathname === '/admin');

      const next = await newPage({ ...PHONE, baseURL: server.baseUrl });
      await next.goto('/login');
      await next.getByLabel('Email').fill(admin.email);
      await next.getByLabel('Password', { exact: true }).fill(admin.password);
      await next.getByRole('button', { name: 'Sign In' }).click();
      await next.getByLabel('Authentication code').fill(appCode(secret, firstCode));
      await next.getByRole('button', { name: 'Verify' }).click();
      await next.waitForURL((url) => url.pathname === '/admin');
      await next.goto('/admin/settings');
      await next.getByText('Admin accounts must keep it on.', { exact: false }).waitFor();
      expect(await next.getByRole('button', { name: 'Turn off' }).count()).toBe(0);
    });
  });
});
