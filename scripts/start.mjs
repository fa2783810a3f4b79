// Starts Letsema: builds the web app when no build exists, then runs the API, which serves it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const webDist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.log('Building the web app (first start)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@letsema/web'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_OUT_DIR: webDist },
  });
  if (build.status !== 0) {
    console.error('The web app could not be built.');
    process.exit(build.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/api/src/main.ts');
