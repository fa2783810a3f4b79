import { describe, expect, it } from 'vitest';
import { SEEDED_MEMBER } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { useBrowser } from '../../fixtures/browser.js';

const newPage = useBrowser();

/**
 * The most files the dashboard's first drawing may wait for, all preloaded together from the first
 * download. Small shared modules are chunks of their own: the form messages (registration, the staff
 * invitation and the e-mail banner), the cooperative's date formatter (the dashboard's loan
 * instalment and the papers) and the books' periods (the rehearsal notice of every page).
 */
const MAX_FIRST_SCREEN_FILES = 17;

describe('member shell', () => {
  it('shows the bottom bar with the first three entries at 375 px, and no sidebar', async () => {
    const page = await newPage({ width: 375, height: 740 });
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await page.waitForURL('**/dashboard');
    const bottom = page.getByRole('navigation', { name: 'Quick navigation' });
    await bottom.waitFor();
    expect(await bottom.getByRole('link').allInnerTexts()).toEqual(['Dashboard', 'My Investments', 'Payments']);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    await bottom.getByRole('link', { name: 'Payments' }).click();
    await page.waitForURL('**/payments');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('keeps each bottom bar label on one line at 360 px, and shows the transactions tabs go on', async () => {
    const page = await newPage({ width: 360, height: 740 });
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await page.waitForURL('**/dashboard');
    const bottom = page.getByRole('navigation', { name: 'Quick navigation' });
    await bottom.getByRole('link', { name: 'My Investments' }).click();
    await page.waitForURL('**/investments');
    // "My Investments" wrapped onto two lines, its icon out of line with the others.
    for (const link of await bottom.getByRole('link').all()) {
      const [label, icon] = await Promise.all([
        link.locator('span').last().boundingBox(),
        link.locator('span').first().boundingBox(),
      ]);
      expect(label!.height, await link.innerText()).toBeLessThan(24);
      const firstIcon = await bottom.getByRole('link').first().locator('span').first().boundingBox();
      // In line within a few pixels (the selected entry's label is a little larger).
      expect(Math.abs(icon!.y - firstIcon!.y)).toBeLessThan(3);
    }

    // Fees, Withdrawals and Refunds lay past the edge with no sign of them: an arrow shows there is more.
    await page.goto('/transactions');
    const tabs = page.getByRole('tablist', { name: 'Transaction types' });
    await tabs.getByRole('tab', { name: /^All/ }).waitFor();
    const refunds = await tabs.getByRole('tab', { name: /^Refunds/ }).boundingBox();
    expect(refunds!.x + refunds!.width).toBeGreaterThan(360);
    const more = page.locator('.MuiTabs-root:has([aria-label="Transaction types"]) .MuiTabs-scrollButtons').last();
    expect(await more.isVisible()).toBe(true);
  });

  it('shows the sidebar with every entry on a wide screen', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await page.waitForURL('**/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.waitFor();
    for (const entry of ['Dashboard', 'My Investments', 'Payments', 'Transactions', 'Statements', 'Profile']) {
      expect(await sidebar.getByText(entry, { exact: true }).isVisible(), entry).toBe(true);
    }
    expect(await page.getByRole('navigation', { name: 'Quick navigation' }).isVisible()).toBe(false);
  });

  it('opens the dashboard with its own chunks preloaded and its style sheets linked, each loaded once, and draws it', async () => {
    const page = await newPage({ width: 375, height: 740 });
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await page.waitForURL('**/dashboard');
    // The signed-in page's own loads end before counting starts: only the reload's are counted.
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts: string[] = [];
    const styles: string[] = [];
    let accountLoads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/me') accountLoads += 1;
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      if (request.resourceType() === 'stylesheet') styles.push(new URL(request.url()).pathname);
    });
    await page.reload();
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    // The guard's load of the account is the dashboard's too: it is not asked for twice.
    expect(accountLoads).toBe(1);
    const preloaded = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="modulepreload"]')).map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      ),
    );
    expect(preloaded.some((file) => /\/assets\/dashboard-page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(preloaded.some((file) => /\/assets\/member-shell-[\w-]+\.js$/.test(file))).toBe(true);
    // The page's chunks come from the preloads: none is fetched a second time by the router.
    expect(scripts.length).toBe(new Set(scripts).size);
    // The dashboard is drawn with plain parts: neither the first download nor its own chunks hold MUI
    // (apps/web/build/mui-chunk.ts). The chunk made of MUI is fetched only by pages that draw it.
    expect(scripts.filter((file) => /\/assets\/mui-[\w-]+\.js$/.test(file))).toEqual([]);
    // Their style sheets are linked from the page itself, before any script runs, and fetched once.
    const linked = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map((link) => link.getAttribute('href')),
    );
    // The shell's and the dashboard's styles are in the plain parts' sheet (apps/web/build/plain-chunk.ts).
    expect(linked.some((href) => /^\/assets\/plain-[\w-]+\.css$/.test(href ?? ''))).toBe(true);
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.length).toBe(new Set(styles).size);
    expect(linked.length).toBe(new Set(linked).size);
    // What the first drawing waits for: the entry's scripts, the preloaded chunks and the linked sheets.
    // Every request is a round trip more on a phone's network; the plain parts share one chunk and one
    // sheet (34 files before, 13 since).
    const entryScripts = await page.evaluate(() => document.querySelectorAll('script[src]').length);
    expect(entryScripts + preloaded.length + linked.length).toBeLessThanOrEqual(MAX_FIRST_SCREEN_FILES);
  });

  it('tells a failed load of the account on the dashboard, then sends the member to sign in after 2 seconds', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    const failAccountLoads = () =>
      page.route('**/api/auth/me', (route) =>
        route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service unavailable' }),
      );
    const expectSentToSignIn = async () => {
      await page.getByText('Failed to load user information', { exact: true }).waitFor();
      const shownAt = Date.now();
      await page.waitForURL('**/login');
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    };

    // Back on the dashboard from another page, the account is loaded again, and its failure is told.
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.getByRole('link', { name: 'Transactions' }).click();
    await page.waitForURL('**/transactions');
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    await failAccountLoads();
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await expectSentToSignIn();

    // Opening the dashboard afresh while the account cannot be loaded says the same.
    await page.unroute('**/api/auth/me');
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await page.waitForURL('**/dashboard');
    await failAccountLoads();
    await page.goto('/dashboard');
    await expectSentToSignIn();
  });
});
