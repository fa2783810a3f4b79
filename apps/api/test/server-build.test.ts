import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './api-process.js';
import { modesUnder } from './files.js';

interface TemplateBuild {
  buildDatabaseTemplate(dist?: string): Promise<void>;
}

const work = mkdtempSync(path.join(tmpdir(), 'letsema-server-build-'));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the server build', () => {
  // The image builds as root and runs as an account of its own; a template only root could read
  // stopped the server at its first start ("EACCES: permission denied, opendir").
  it('makes the embedded database template readable by an account other than the one that built it', async () => {
    const build = (await import(
      pathToFileURL(path.join(repoRoot, 'scripts', 'build-server.mjs')).href
    )) as TemplateBuild;
    await build.buildDatabaseTemplate(work);
    const modes = modesUnder(path.join(work, 'pglite-template'));
    expect(modes.length).toBeGreaterThan(100);
    expect(modes.filter((entry) => entry.mode !== (entry.folder ? 0o755 : 0o644))).toEqual([]);
    expect(statSync(path.join(work, 'pglite-template.json')).mode & 0o004).toBe(0o004);
  });
});
