import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (the one holding its package.json), found from this module whether it
 * runs as source under src/ or bundled into dist/, so files beside the code are found either way.
 */
export const apiRoot = findPackageFolder(path.dirname(fileURLToPath(import.meta.url)));

function findPackageFolder(start: string): string {
  let folder = start;
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${start}`);
    folder = parent;
  }
  return folder;
}
