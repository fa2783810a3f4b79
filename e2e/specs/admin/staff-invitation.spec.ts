import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEPUTY, newEmail } from '../../fixtures/accounts.js';
import { api, useBrowser, useServerUrl } from '../../fixtures/browser.js';
import { useMailFolder } from '../../fixtures/mail.js';
import { loginOverApi } from '../../fixtures/onboarding.js';
import { expectNoSideScroll, waitForStrength } from '../../fixtures/page-checks.js';
import { seedDeputy } from '../../fixtures/seed.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';
import { appCode, invitationLinkFor } from '../../fixtures/staff.js';

const newPage = useBrowser();
const PHONE = { width: 375, height: 740 };

/** Signs in (two-factor is not on yet) and turns it on over the API; answers the session. */
async function enrolOverApi(email: string, password: string): Promise<string> {
  const token = await loginOverApi(email, password);
  const setup = await api<{ secret: string }>('POST', '/api/auth/mfa/setup', {}, token);
  await api('POST', '/api/auth/mfa/enable', { code: appCode(setup.secret) }, token);
  return token;
}

describe('an admin invitation, with two-factor required', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-e2e-invitation-'));
    await seedDeputy(dataDir);
    server = await startServer({
      dataDir,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, MFA_REQUIRED_FOR_ADMINS: 'true' },
    });
    useServerUrl(server.baseUrl);
    useMailFolder(dataDir);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    useServerUrl(undefined);
    useMailFolder(undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is accepted on a phone with the invitee’s own password and two-factor; the roles wait for the second admin', async () => {
    const boss = await enrolOverApi(ADMIN.email, ADMIN.password);
    const deputy = await enrolOverApi(DEPUTY.email, DEPUTY.password);
    const email = newEmail('invited.admin.with.a.long.address');
    await api('POST', '/api/auth/reauthenticate', { password: ADMIN.password }, boss);
    const invited = await api<{ id: string; pendingGrant: { id: string } }>(
      'POST',
      '/api/admin/staff',
      { fullName: 'Palesa Mokoena', email, phoneNumber: '0831234567', roles: ['payment_management'] },
      boss,
    );
    expect(invited.pendingGrant).not.toBeNull();

    const page = await newPage({ ...PHONE, baseURL: server.baseUrl });
    await page.goto(await invitationLinkFor(email));
    await page.getByRole('heading', { name: 'Join Letsema as an admin' }).waitFor();
    // The token leaves the address bar at once.
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel(/^Your password/).fill('palesa chooses her own phrase');
    await waitForStrength(page, 'Strong');
    await page.getByText('Two-factor sign-in is required for admins.', { exact: false }).waitFor();
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSideScroll(page);
    // Without the app's code the invitation is not accepted.
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app').first().waitFor();
    await page.getByLabel(/^Code from the app/).fill(appCode(secret));
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await page.getByLabel('I have saved my recovery codes somewhere safe').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');

    // No roles until the second staff manager approves: no queue is theirs, then the payments one is.
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Nothing is waiting for review.', { exact: false }).waitFor();
    const paymentsLink = page.getByRole('link', { name: /Payments.*Proofs of payment/ });
    expect(await paymentsLink.count()).toBe(0);
    await api('POST', '/api/auth/reauthenticate', { password: DEPUTY.password }, deputy);
    await api('POST', `/api/admin/staff/grants/${invited.pendingGrant.id}/approve`, undefined, deputy);
    await page.reload();
    await paymentsLink.waitFor();

    // Signing in again asks for the code.
    const signIn = await api<{ mfaRequired?: boolean }>('POST', '/api/auth/login', {
      email,
      password: 'palesa chooses her own phrase',
    });
    expect(signIn.mfaRequired).toBe(true);
  }, 240_000);
});
