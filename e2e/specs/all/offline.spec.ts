import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SEEDED_MEMBER } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { describeViolations, findAccessibilityViolations } from '../../fixtures/axe.js';
import { baseUrl, useBrowser } from '../../fixtures/browser.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const newPage = useBrowser();

/** Waits until the page's service worker is active and controls the page. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    });
  });
}

/** Every cache of Cache Storage with the paths it holds. */
function readCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      contents[name] = requests.map((request) => new URL(request.url).pathname);
    }
    return contents;
  });
}

/** Width and height from a PNG's header. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installing and working offline', () => {
  it("keeps the app's own files, never an API answer, and shows the offline page without a network", async () => {
    const page = await newPage({ width: 375, height: 740 });
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await waitForServiceWorker(page);

    // With the worker in control, the app's calls (and one more, to be sure) pass through it.
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      return { status: response.status, email: ((await response.json()) as { data: { email: string } }).data.email };
    });
    expect(answer).toEqual({ status: 200, email: SEEDED_MEMBER.email });

    // The shell is precached; the chunk of the page opened after start is cached once fetched.
    let cached: Record<string, string[]> = {};
    await expect
      .poll(
        async () => {
          cached = await readCaches(page);
          return cached['letsema-assets']?.length ?? 0;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const paths = Object.values(cached).flat();
    expect(paths).toContain('/offline.html');
    expect(paths).toContain('/index.html');
    expect(paths).toContain('/manifest.webmanifest');
    expect(paths.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(2);
    expect(
      paths.filter((p) => p.startsWith('/api')),
      JSON.stringify(cached),
    ).toEqual([]);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/notifications');
    const text = await page.locator('main').innerText();
    expect(text).toContain('Nothing you enter can be sent until you are back online.');
    expect(text).toContain('Your money and your documents are never kept on this device');
    expect(text).toContain('Pages you already have open keep what they showed.');
    expect(text).toContain('press Retry');
    const findings = await findAccessibilityViolations(page);
    expect(findings, describeViolations('offline page', findings)).toEqual([]);

    // The API is not answered from a cache while offline either: the request simply fails.
    const offlineCall = await page.evaluate(() =>
      fetch('/api/health').then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    );
    expect(offlineCall).toBe('failed');

    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/notifications');
  });

  it('tells a page opened offline for the first time inside the app, with the navigation still there', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    await waitForServiceWorker(page);
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();

    // The statements page's code was never downloaded: offline, it cannot be drawn.
    await page.context().setOffline(true);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Statements' }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    expect(await main.innerText()).toContain('Connect, then press Retry.');
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    // The member can still move to a page already open before.
    expect(await navigation.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    const findings = await findAccessibilityViolations(page);
    expect(findings, describeViolations('offline inside the app', findings)).toEqual([]);

    await page.context().setOffline(false);
    await main.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Statements' }).waitFor();
  });

  it('links a manifest that parses, with icons that load', async () => {
    const page = await newPage();
    await page.goto('/login');
    const links = await page.evaluate(() => ({
      manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href,
      touchIcon: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href,
      themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
    }));
    expect(links.manifest).toBe(`${baseUrl()}/manifest.webmanifest`);

    const response = await fetch(links.manifest!);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Letsema',
      short_name: 'Letsema',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: links.themeColor,
      background_color: links.themeColor,
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, links.manifest));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toBe(icon.sizes);
    }
    const touchIcon = await fetch(links.touchIcon!);
    expect(pngSize(Buffer.from(await touchIcon.arrayBuffer()))).toBe('180x180');
  });
});

describe('a new release', () => {
  // A server of this file's own, on a copy of the build this test changes as a deployment would.
  const folders: string[] = [];
  let server: RunningServer | undefined;
  let dist = '';
  beforeAll(async () => {
    const built = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../../apps/web/dist');
    dist = mkdtempSync(path.join(tmpdir(), 'letsema-e2e-release-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-e2e-release-data-'));
    folders.push(dist, dataDir);
    cpSync(built, dist, { recursive: true });
    server = await startServer({
      dataDir,
      env: { WEB_DIST_DIR: dist, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
  });
  afterAll(async () => {
    await server?.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('offers to reload once a new version is waiting, and Reload brings it in', async () => {
    const page = await newPage({ baseURL: server!.baseUrl });
    await page.goto('/login');
    await waitForServiceWorker(page);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of Letsema is available.' });
    expect(await prompt.count()).toBe(0);

    // The next release's worker differs from the running one, and says so when asked.
    rmSync(path.join(dist, 'sw.js.br'), { force: true });
    rmSync(path.join(dist, 'sw.js.gz'), { force: true });
    appendFileSync(
      path.join(dist, 'sw.js'),
      '\nself.addEventListener("message", (e) => { if (e.data === "release?") e.source.postMessage("next"); });\n',
    );
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });

    await prompt.waitFor();
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);

    await page.getByLabel('Email').waitFor();
    await waitForServiceWorker(page);
    const release = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          navigator.serviceWorker.addEventListener('message', (event) => resolve(String(event.data)), { once: true });
          navigator.serviceWorker.controller!.postMessage('release?');
          setTimeout(() => resolve('no answer'), 3_000);
        }),
    );
    expect(release).toBe('next');
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false);
    expect(await prompt.count()).toBe(0);
  });
});
