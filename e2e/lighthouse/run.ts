// `npm run lighthouse`: builds the web app, starts the real server on a fresh embedded database,
// and runs Lighthouse's mobile audit (simulated slow 4G and a slowed CPU) in the system Chromium on
// the sign-in, registration, dashboard and wizard pages, signed in as the account each page is for.
// Prints each page's scores, its timings and what it downloaded, and exits non-zero below the goals.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { insertAccount } from '../../apps/api/src/db/accounts.js';
import { hashPassword } from '../../apps/api/src/modules/auth/passwords.js';
import { startServer } from '../fixtures/server.js';

const root = path.resolve(import.meta.dirname, '../..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where each page's whole Lighthouse report is written as JSON, when set (to open in the Lighthouse viewer). */
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR ? path.resolve(process.env.LIGHTHOUSE_REPORT_DIR) : undefined;
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const member = { email: 'lighthouse.member@letsema.test', password: 'lighthouse-member-password' };
const registrant = { email: 'lighthouse.registrant@letsema.test', password: 'lighthouse-registrant-password' };

/** The goals each page must meet. */
export const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;

interface PageReport {
  path: string;
  scores: Record<keyof typeof GOALS, number>;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  scriptAndStyleBytes: number;
  allBytes: number;
  failedAudits: string[];
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'letsema-lighthouse-'));
  const webDist = path.join(work, 'web');
  const dataDir = path.join(work, 'data');
  try {
    console.log('Building the web app...');
    const build = spawnSync('npm', ['run', 'build', '-w', '@letsema/web', '--silent'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, WEB_OUT_DIR: webDist },
    });
    if (build.status !== 0) throw new Error('The web app did not build');
    await seedActiveMember(dataDir);
    const server = await startServer({ dataDir, env: { WEB_DIST_DIR: webDist, LOG_LEVEL: 'error' } });
    try {
      const memberToken = await signInOverApi(server.baseUrl, member);
      const registrantToken = await registerOverApi(server.baseUrl, registrant);
      const pages: Array<{ path: string; token?: string }> = [
        { path: '/login' },
        { path: '/register' },
        { path: '/dashboard', token: memberToken },
        { path: '/complete-registration', token: registrantToken },
      ];
      const only = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
      const unknown = only.filter((name) => !pages.some((page) => page.path === name));
      if (unknown.length) {
        throw new Error(
          `LIGHTHOUSE_PAGES names no audited page: ${unknown.join(', ')} (audited: ${pages.map((p) => p.path).join(', ')})`,
        );
      }
      const reports: PageReport[] = [];
      for (const page of pages.filter((p) => only.length === 0 || only.includes(p.path))) {
        reports.push(await audit(server.baseUrl, page.path, page.token));
      }
      printReports(reports);
      const misses = reports.flatMap((report) =>
        (Object.keys(GOALS) as Array<keyof typeof GOALS>)
          .filter((category) => report.scores[category] < GOALS[category])
          .map((category) => `${report.path}: ${category} ${report.scores[category]} < ${GOALS[category]}`),
      );
      if (misses.length) {
        console.log(`\nBelow the goals:\n  ${misses.join('\n  ')}`);
        for (const report of reports.filter((r) => r.failedAudits.length)) {
          console.log(`\n${report.path} audits that did not pass:\n  ${report.failedAudits.join('\n  ')}`);
        }
        process.exitCode = 1;
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** One Lighthouse mobile run in a fresh Chromium profile, the session token stored first if given. */
async function audit(baseUrl: string, pagePath: string, token?: string): Promise<PageReport> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    if (token) await storeToken(chrome.port, baseUrl, token);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(GOALS),
      // Keeps the token stored above; the profile is new, so the HTTP cache is empty all the same.
      disableStorageReset: Boolean(token),
    };
    const result = (await lighthouse(`${baseUrl}${pagePath}`, flags)) as RunnerResult | undefined;
    if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
    const { lhr } = result;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(path.join(reportDir, `${pagePath.slice(1).replaceAll('/', '_')}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${pagePath}: ${lhr.runtimeError.message}`);
    const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
    if (landedOn !== pagePath)
      throw new Error(`${pagePath} was sent on to ${landedOn}: the audit would be of the wrong page`);
    const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    const failedAudits = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .filter((a) => a.scoreDisplayMode === 'binary' || (a.score ?? 1) < 0.9)
      .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}${describeItems(a.details)}`);
    return {
      path: pagePath,
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
      },
      firstContentfulPaintMs: numeric('first-contentful-paint'),
      largestContentfulPaintMs: numeric('largest-contentful-paint'),
      totalBlockingTimeMs: numeric('total-blocking-time'),
      scriptAndStyleBytes: requests
        .filter((r) => r.resourceType === 'Script' || r.resourceType === 'Stylesheet')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      allBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      failedAudits,
    };
  } finally {
    chrome.kill();
  }
}

/** The first few findings of an audit (which issue, which request), for a readable report. */
function describeItems(details: unknown): string {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const described = items.slice(0, 3).map((item) => {
    const sub = (item.subItems as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
    const text = [
      item.issueType,
      item.description,
      item.url,
      item.source,
      ...sub.slice(0, 2).map((s) => s.url ?? JSON.stringify(s)),
    ]
      .filter((part) => typeof part === 'string' && part)
      .join(' ');
    return text.slice(0, 240);
  });
  return described.length ? `\n      ${described.join('\n      ')}` : '';
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** Writes the session token into the origin's storage from a page that loads none of the app. */
async function storeToken(port: number, baseUrl: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function seedActiveMember(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await insertAccount(
      database.db,
      { email: member.email, passwordHash: await hashPassword(member.password) },
      { fullName: 'Refilwe Mokoena', phoneNumber: '0821234567', registrationStatus: 'active' },
    );
  } finally {
    await database.close();
  }
}

async function signInOverApi(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  return tokenFrom(await post(`${baseUrl}/api/auth/login`, account));
}

async function registerOverApi(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  await post(`${baseUrl}/api/auth/register`, account);
  return signInOverApi(baseUrl, account);
}

async function post(url: string, body: unknown): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function tokenFrom(response: Response): Promise<string> {
  const body = (await response.json()) as { data: { token?: string } };
  if (!body.data.token) throw new Error('The sign-in answered no token');
  return body.data.token;
}

function printReports(reports: PageReport[]) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows = reports.map((r) => [
    r.path,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores['best-practices']),
    `${(r.firstContentfulPaintMs / 1000).toFixed(2)} s`,
    `${(r.largestContentfulPaintMs / 1000).toFixed(2)} s`,
    `${r.totalBlockingTimeMs} ms`,
    kb(r.scriptAndStyleBytes),
    kb(r.allBytes),
  ]);
  const header = ['page', 'perf', 'a11y', 'best', 'FCP', 'LCP', 'TBT', 'JS+CSS', 'all'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`\nLighthouse ${'mobile'} (simulated slow 4G, 4x CPU slowdown), bytes as transferred:`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

await main();
