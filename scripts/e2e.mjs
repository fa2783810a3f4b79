// `npm run test:e2e [spec filters]`: builds the current web app into a folder of its own and runs the
// browser specs against it in Chromium (/usr/bin/chromium, or CHROMIUM_PATH). Filters are passed to
// Vitest, e.g. `npm run test:e2e -- specs/member/auth.spec.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

const webDist = mkdtempSync(path.join(tmpdir(), 'letsema-e2e-web-'));
const env = { ...process.env, WEB_OUT_DIR: webDist, WEB_DIST_DIR: webDist, CHROMIUM_PATH: chromium };
try {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const specs = spawnSync(npx, ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  process.exitCode = specs.status ?? 1;
} finally {
  rmSync(webDist, { recursive: true, force: true });
}
