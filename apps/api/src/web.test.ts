import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';

let t: TestContext;
const bigScript = 'export const members = [];\n'.repeat(500);
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'letsema-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Letsema</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Letsema', start_url: '/dashboard' }));
  writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>You are offline</title>');
  mkdirSync(path.join(dist, 'first-screens'));
  const dashboardPage =
    '<!doctype html><title>Letsema</title><link rel="modulepreload" crossorigin href="/assets/dashboard-page-x1.js"><div id="root"></div>';
  writeFileSync(path.join(dist, 'first-screens', 'dashboard.html'), dashboardPage);
  writeFileSync(path.join(dist, 'first-screens', 'dashboard.html.br'), brotliCompressSync(dashboardPage));
  writeFileSync(path.join(dist, 'assets', 'big-def456.js'), bigScript);
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(bigScript));
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(bigScript));
  t = await createTestApp({}, { webDist: dist });
});
afterAll(async () => {
  await t?.close();
});

describe('serving the web app', () => {
  it.each(['/', '/login', '/admin/members/pending', '/pools/123?tab=1'])('answers the page for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("answers a first screen's own page, which also preloads its chunks, and the plain page elsewhere", async () => {
    for (const encoding of ['br', 'identity']) {
      const dashboard = await t.app.inject({
        method: 'GET',
        url: '/dashboard?from=mail',
        headers: { 'accept-encoding': encoding },
      });
      expect(dashboard.statusCode).toBe(200);
      expect(dashboard.headers['content-type']).toContain('text/html');
      expect(dashboard.headers['cache-control']).toBe('no-cache');
      expect(dashboard.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      const html = encoding === 'br' ? brotliDecompressSync(dashboard.rawPayload).toString() : dashboard.body;
      expect(html).toContain('href="/assets/dashboard-page-x1.js"');
    }
    for (const url of ['/pools', '/dashboard/more', '/first-screens/dashboard']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('modulepreload');
    }
  });

  it('serves hashed assets for a year and other files as they are', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toContain('<svg');
  });

  it('sends a hashed asset without the policies only documents act on, and keeps nosniff, CORP and HSTS', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
    ]) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['strict-transport-security']).toContain('max-age=');
    // The page, the service worker and the other files keep them all.
    for (const url of ['/dashboard', '/sw.js', '/favicon.svg', '/manifest.webmanifest']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(other.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves the service worker as JavaScript checked on every use, and the manifest with its own type', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('addEventListener');

    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'Letsema', start_url: '/dashboard' });

    const offline = await t.app.inject({ method: 'GET', url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toContain('text/html');
  });

  it('lets pages register a worker and read a manifest from this origin only', async () => {
    const policy = String((await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).toContain("script-src 'self'");
    // The worker's own answer carries the policy too: it governs what the worker may fetch.
    const workerPolicy = (await t.app.inject({ method: 'GET', url: '/sw.js' })).headers['content-security-policy'];
    expect(workerPolicy).toContain("connect-src 'self'");
  });

  it('sends the precompressed copy the browser accepts, brotli first, with year-long caching', async () => {
    const url = '/assets/big-def456.js';
    const brotli = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['vary']).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.equals(brotliCompressSync(bigScript))).toBe(true);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('answers a missing asset with 404, and never a page for /api paths', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
  });

  it('does not leave the build folder', async () => {
    for (const url of ['/assets/..%2f..%2fetc%2fpasswd', '/assets/../../package.json', '/..%2fpackage.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('"workspaces"');
      expect(response.body).not.toContain('root:');
    }
  });
});
