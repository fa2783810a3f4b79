// Bundles the API's TypeScript (and the shared domain package) ahead of time into one JavaScript
// file for the server and one for the backup command (`dist/backup.js`), so production runs either
// without a transpiler. Packages from node_modules stay outside the bundles and load as usual.
import { chmodSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'apps/api/dist/main.js');
/** `node apps/api/dist/backup.js backup|restore ...`: the backup command, as production runs it. */
export const backupEntry = path.join(root, 'apps/api/dist/backup.js');
const sourceFolders = [
  path.join(root, 'apps/api/src'),
  path.join(root, 'apps/api/drizzle'),
  path.join(root, 'packages/domain/src'),
];
const packageFiles = [path.join(root, 'apps/api/package.json'), path.join(root, 'packages/domain/package.json')];

/** Builds the server bundle. */
export async function buildServer() {
  const { build } = await import('esbuild');
  const external = packageFiles.flatMap((file) => {
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
      (name) => !name.startsWith('@letsema/'),
    );
  });
  const result = await build({
    write: false,
    entryPoints: {
      main: path.join(root, 'apps/api/src/main.ts'),
      backup: path.join(root, 'apps/api/src/backup/cli.ts'),
    },
    outdir: path.dirname(serverEntry),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  // Each file is written beside its place and renamed into it, so a server starting at the same
  // moment never loads half a bundle.
  mkdirSync(path.dirname(serverEntry), { recursive: true });
  const outputs = [...result.outputFiles].sort((a) => (a.path === serverEntry ? 1 : -1));
  for (const output of outputs) {
    const temporary = `${output.path}.${process.pid}.tmp`;
    writeFileSync(temporary, output.contents);
    renameSync(temporary, output.path);
  }
  await buildDatabaseTemplate();
}

/**
 * Makes the embedded database's template beside the bundle: PostgreSQL initialised and migrated,
 * which a new data folder copies instead of initialising its own (seconds in WebAssembly). Made in a
 * folder of its own and renamed into place, with a stamp naming the PGlite that made it, into `dist`
 * (the bundle's folder unless a test names another).
 */
export async function buildDatabaseTemplate(dist = path.dirname(serverEntry)) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const folder = path.join(dist, 'pglite-template');
  const stamp = path.join(dist, 'pglite-template.json');
  const building = `${folder}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  const client = new PGlite(building);
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(root, 'apps/api/drizzle') });
    // The embedded server only ever opens template1: the two other databases initdb makes would be
    // half of every new data folder's copy (files a first start copies and never reads).
    await client.exec('drop database postgres');
    await client.exec("update pg_database set datistemplate = false where datname = 'template0'");
    await client.exec('drop database template0');
    await client.exec('checkpoint');
  } finally {
    await client.close();
  }
  // PostgreSQL keeps its folder to its owner, but the server may run as another account than the
  // build (the image's non-root user): the template holds no one's data, and each copy of it is kept
  // to its own owner again (openDatabase).
  openToAll(building);
  const manifest = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  // The stamp goes first: a server that finds a stamp without its folder starts the usual way.
  rmSync(stamp, { force: true });
  const old = `${folder}.${process.pid}.old`;
  try {
    renameSync(folder, old);
  } catch {
    // no template yet
  }
  renameSync(building, folder);
  rmSync(old, { recursive: true, force: true });
  writeFileSync(stamp, `${JSON.stringify({ pglite: manifest.version })}\n`);
}

/** Makes a folder readable by every account: folders 0755, files 0644. */
function openToAll(folder) {
  chmodSync(folder, 0o755);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) openToAll(file);
    else chmodSync(file, 0o644);
  }
}

/** True when a bundle is missing or older than any source file or package manifest. */
export function isServerBuildStale() {
  let built;
  try {
    built = Math.min(statSync(serverEntry).mtimeMs, statSync(backupEntry).mtimeMs);
  } catch {
    return true;
  }
  return [...packageFiles, ...sourceFolders.flatMap(listFiles)].some((file) => statSync(file).mtimeMs > built);
}

function listFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? listFiles(file) : [file];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Built ${path.relative(root, serverEntry)}`);
}
