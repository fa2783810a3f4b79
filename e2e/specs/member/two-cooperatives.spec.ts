import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../apps/api/src/db/client.js';
import { insertAccount } from '../../../apps/api/src/db/accounts.js';
import { cooperatives, notifications, users } from '../../../apps/api/src/db/schema.js';
import { hashPassword } from '../../../apps/api/src/modules/auth/passwords.js';
import { ADMIN, MEMBER_PASSWORD, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { useBrowser, useServerUrl } from '../../fixtures/browser.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const newPage = useBrowser();
const PHONE = { width: 375, height: 740 };
const email = newEmail('lerato.in.two');

/** A member of the installation's cooperative who also belongs to a second one, with one notice in each. */
async function seedPersonInTwo(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const [second] = await database.db
      .insert(cooperatives)
      .values({ name: 'Kopano Savings Club', slug: 'kopano' })
      .returning({ id: cooperatives.id });
    const first = await insertAccount(
      database.db,
      { email, passwordHash: await hashPassword(MEMBER_PASSWORD) },
      { fullName: 'Lerato Dlamini', phoneNumber: '0821234501', registrationStatus: 'active' },
    );
    const [other] = await database.db
      .insert(users)
      .values({
        cooperativeId: second!.id,
        loginId: first!.loginId,
        email,
        fullName: 'Lerato Dlamini',
        registrationStatus: 'active',
      })
      .returning({ id: users.id });
    await database.db.insert(notifications).values([
      { userId: first!.id, category: 'pool', title: 'News of the first club', message: 'Only for the first.' },
      {
        cooperativeId: second!.id,
        userId: other!.id,
        category: 'pool',
        title: 'News of Kopano',
        message: 'Only for Kopano.',
      },
    ]);
  } finally {
    await database.close();
  }
}

describe('a person in two cooperatives', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-e2e-two-cooperatives-'));
    // The server makes the installation's cooperative on its first start; the second comes after.
    server = await startServer({
      dataDir,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, MFA_REQUIRED_FOR_ADMINS: 'false' },
    });
    await server.stop();
    await seedPersonInTwo(dataDir);
    server = await startServer({
      dataDir,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, MFA_REQUIRED_FOR_ADMINS: 'false' },
    });
    useServerUrl(server.baseUrl);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    useServerUrl(undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('switches between them on a phone, each with its own notifications', async () => {
    const page = await newPage({ ...PHONE, baseURL: server.baseUrl });
    await signIn(page, email, MEMBER_PASSWORD);
    await page.goto('/notifications');
    await page.getByText('News of the first club').waitFor();
    expect(await page.getByText('News of Kopano').count()).toBe(0);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    const choices = page.getByRole('menu', { name: 'Your cooperatives' });
    await choices.waitFor();
    await expectNoSideScroll(page);
    await choices.getByRole('menuitem', { name: 'Kopano Savings Club' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto('/notifications');
    await page.getByText('News of Kopano').waitFor();
    expect(await page.getByText('News of the first club').count()).toBe(0);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    const current = page
      .getByRole('menu', { name: 'Your cooperatives' })
      .getByRole('menuitem', { name: 'Kopano Savings Club' });
    expect(await current.getAttribute('aria-current')).toBe('true');
  });

  it('shows no choice of cooperative to a person in one', async () => {
    const page = await newPage({ ...PHONE, baseURL: server.baseUrl });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('dialog', { name: 'User menu' }).getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await page.getByText('Your cooperatives').count()).toBe(0);
  });
});
