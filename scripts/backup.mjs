// `npm run backup` and `npm run restore`: runs the backup command's bundle (apps/api/dist/backup.js),
// rebuilding it first in a checkout whose sources changed since; an image holds only the bundle, so
// it needs neither the sources nor a transpiler.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'apps/api/dist/backup.js');

if (existsSync(path.join(root, 'apps/api/src'))) {
  const { buildServer, isServerBuildStale } = await import('./build-server.mjs');
  if (isServerBuildStale()) await buildServer();
}
await import(pathToFileURL(bundle).href);
