// Starts Letsema: builds the web app when no build exists and the server when its sources changed,
// then runs the API, which serves the web app.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, isServerBuildStale, serverEntry } from './build-server.mjs';

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

// The server runs as JavaScript built ahead of time (rebuilt when a source file changed since).
if (isServerBuildStale()) await buildServer();
await import(pathToFileURL(serverEntry).href);
