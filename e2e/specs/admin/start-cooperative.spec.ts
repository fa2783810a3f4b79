import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MEMBER_PASSWORD, newEmail } from '../../fixtures/accounts.js';
import { describeViolations, findAccessibilityViolations } from '../../fixtures/axe.js';
import { api, registerOverApi, useBrowser, useServerUrl } from '../../fixtures/browser.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const newPage = useBrowser();
const PHONE = { width: 375, height: 740 };
const adminUrl = process.env.TEST_DATABASE_URL;

/** A server of the spec's own on `databaseUrl` (PostgreSQL), or on the embedded database when none. */
function useServer(name: string, databaseUrl?: () => string) {
  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `letsema-e2e-${name}-`));
    server = await startServer({
      dataDir,
      env: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // Instances sharing a database share their secrets, so the server asks for them.
        ...(databaseUrl
          ? {
              DATABASE_URL: databaseUrl(),
              JWT_SECRET: randomBytes(32).toString('hex'),
              MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
            }
          : {}),
      },
    });
    useServerUrl(server.baseUrl);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    useServerUrl(undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => server!.baseUrl;
}

describe.runIf(Boolean(adminUrl))('starting a cooperative on PostgreSQL', () => {
  const database = `letsema_e2e_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl ?? 'postgres://localhost/x');
  url.pathname = `/${database}`;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
  });
  // Hooks after a file run last-registered first: the database goes once the server has stopped.
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });
  const baseUrl = useServer('start', () => url.toString());

  it('lets a founder start one on a phone, land in its back office and invite a member of another', async () => {
    const page = await newPage({ ...PHONE, baseURL: baseUrl() });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Starting a new cooperative? Set it up here' }).click();
    await page.getByRole('heading', { name: 'Start a cooperative' }).waitFor();
    await expectNoSideScroll(page);

    // The browser checks what the server checks, with the same words.
    await page.getByRole('button', { name: 'Start the cooperative' }).click();
    await page.getByText("Enter the cooperative's name (2 to 120 characters)").waitFor();
    const findings = await findAccessibilityViolations(page);
    expect(findings, describeViolations('/start', findings)).toEqual([]);

    await page.getByLabel("Cooperative's name").fill('Kopano Savings Club');
    await page.getByLabel('Province').selectOption('Gauteng');
    await page.getByLabel('Your full name').fill('Lerato Dlamini');
    await page.getByLabel('Your email').fill(newEmail('founder'));
    await page.getByLabel('Password', { exact: true }).fill('a long founder password');
    await page.getByLabel('Confirm password').fill('a long founder password');
    await page.getByRole('button', { name: 'Start the cooperative' }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/admin'));

    await page.goto('/admin/settings');
    const name = page.getByLabel('Name', { exact: true });
    await name.waitFor();
    expect(await name.inputValue()).toBe('Kopano Savings Club');
    await expectNoSideScroll(page);

    // The invitation link, and a member of the installation's first cooperative joining by it.
    const link = (await page.getByTestId('invitation-url').textContent())!;
    expect(link).toMatch(/\/join\/kopano-savings-club$/);
    const email = newEmail('joiner');
    await registerOverApi(email, MEMBER_PASSWORD);
    const member = await newPage({ ...PHONE, baseURL: baseUrl() });
    await member.goto(new URL(link).pathname);
    await member.getByRole('heading', { name: 'Join Kopano Savings Club' }).waitFor();
    await member.getByRole('link', { name: 'Sign in', exact: true }).first().click();
    await member.getByLabel('Email').fill(email);
    await member.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await member.getByRole('button', { name: 'Sign In' }).click();
    await member.getByRole('button', { name: 'Join Kopano Savings Club' }).click();
    await member.waitForURL((address) => !address.pathname.startsWith('/join'));
    const token = await member.evaluate(() => localStorage.getItem('token'));
    const mine = await api<{ name: string; isCurrent: boolean }[]>('GET', '/api/auth/cooperatives', undefined, token!);
    expect(mine.find((cooperative) => cooperative.isCurrent)?.name).toBe('Kopano Savings Club');
    expect(mine).toHaveLength(2);
  });
});

describe('starting a cooperative on the embedded database', () => {
  const baseUrl = useServer('start-embedded');

  it('is not offered: the installation serves one cooperative', async () => {
    const page = await newPage({ ...PHONE, baseURL: baseUrl() });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('link', { name: /Starting a new cooperative/ }).count()).toBe(0);
    await page.goto('/start');
    await page.getByText('This installation of Letsema serves one cooperative.').waitFor();
  });
});
