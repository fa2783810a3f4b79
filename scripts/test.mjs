// Runs every test suite the machine can run: lint, types, unit, API integration on PGlite (and on
// PostgreSQL when TEST_DATABASE_URL is set), and browser tests in Chromium. Ends with one line of
// totals and each part's wall-clock time. Under CI a missing browser is a failure, not a skip.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = mkdtempSync(path.join(tmpdir(), 'letsema-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each part's wall-clock time, printed in the summary so a slow part is seen at once. */
const timings = [];
const startedAt = performance.now();

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push({ title, ms: performance.now() - started });
  if (result.status !== 0) failures.push(title);
  return result.status === 0;
}

function vitest(title, args, env = {}) {
  const report = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  run(
    title,
    npx,
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
  }
}

run('lint', npx, ['eslint', '.']);
run('format', npx, ['prettier', '--check', '.']);
run('typecheck', 'npm', ['run', 'typecheck', '--silent']);

vitest('unit', ['--project', 'domain', '--project', 'web']);
vitest('api on PGlite', ['--project', 'api'], { TEST_ENGINE: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('api on PostgreSQL', ['--project', 'api'], { TEST_ENGINE: 'postgres' });
} else {
  console.log('\nNote: TEST_DATABASE_URL is not set, so the API tests ran on PGlite only.');
}

if (existsSync(chromium)) {
  // A fresh build of the current code, in a folder of its own, for the server the specs start.
  const webDist = path.join(reports, 'web-dist');
  if (run('build web app for browser tests', 'npm', ['run', 'build', '--silent'], { WEB_OUT_DIR: webDist })) {
    vitest('browser', ['--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium, WEB_DIST_DIR: webDist });
  }
} else {
  const banner = `BROWSER TESTS SKIPPED: no Chromium at ${chromium}. Install it (apt-get install chromium) to run them.`;
  console.log(`\n${'!'.repeat(banner.length)}\n${banner}\n${'!'.repeat(banner.length)}`);
  if (isCi) failures.push('browser tests (no Chromium under CI)');
}

rmSync(reports, { recursive: true, force: true });
console.log('');
for (const { title, ms } of timings) console.log(`${formatDuration(ms).padStart(9)}  ${title}`);
console.log(`${formatDuration(performance.now() - startedAt).padStart(9)}  total`);
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);

/** `12m 05s`, or `8.4s` under a minute. */
function formatDuration(ms) {
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}
