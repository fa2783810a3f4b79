import path from 'node:path';
import type { OutputBundle } from 'rollup';
import { describe, expect, it } from 'vitest';
import { chunk } from './test-chunks';
import { FIRST_SCREENS, firstScreenFile, firstScreenFiles, withPreloads } from './first-screens';

const root = path.resolve('/app');

/** An entry with its vendor chunks, a shell and a page loaded on demand, and what they share. */
const bundle: OutputBundle = {
  'assets/index-a.js': chunk('assets/index-a.js', {
    isEntry: true,
    imports: ['assets/react-b.js'],
    dynamicImports: ['assets/member-shell-c.js', 'assets/dashboard-page-d.js'],
    moduleIds: [path.join(root, 'src/main.tsx'), path.join(root, 'src/lib/api-client.ts')],
    css: ['assets/index-a.css'],
  }),
  'assets/react-b.js': chunk('assets/react-b.js'),
  'assets/member-shell-c.js': chunk('assets/member-shell-c.js', {
    isDynamicEntry: true,
    facadeModuleId: path.join(root, 'src/shell/member-shell.tsx'),
    imports: ['assets/react-b.js', 'assets/Avatar-e.js'],
    css: ['assets/member-shell-c.css'],
  }),
  'assets/dashboard-page-d.js': chunk('assets/dashboard-page-d.js', {
    isDynamicEntry: true,
    facadeModuleId: path.join(root, 'src/features/dashboard/dashboard-page.tsx'),
    imports: ['assets/Avatar-e.js', 'assets/chart-f.js'],
  }),
  'assets/Avatar-e.js': chunk('assets/Avatar-e.js', {
    imports: ['assets/react-b.js'],
    css: ['assets/Avatar-e.css', 'assets/index-a.css'],
  }),
  'assets/chart-f.js': chunk('assets/chart-f.js'),
};

describe('the pages of the first screens', () => {
  it("names the chunks of the screen's modules and all they import, and their styles, less what the entry loads already", () => {
    const files = firstScreenFiles(bundle, root, [
      'src/shell/member-shell.tsx',
      'src/features/dashboard/dashboard-page.tsx',
    ]);
    expect(files.scripts).toEqual([
      'assets/Avatar-e.js',
      'assets/chart-f.js',
      'assets/dashboard-page-d.js',
      'assets/member-shell-c.js',
    ]);
    expect(files.styles).toEqual(['assets/Avatar-e.css', 'assets/member-shell-c.css']);
  });

  it('needs nothing more for a module the entry holds, and fails the build for a module no chunk holds', () => {
    expect(firstScreenFiles(bundle, root, ['src/lib/api-client.ts'])).toEqual({ scripts: [], styles: [] });
    expect(() => firstScreenFiles(bundle, root, ['src/features/gone/gone-page.tsx'])).toThrow(
      'src/features/gone/gone-page.tsx is in no chunk of the build',
    );
  });

  it('adds a style sheet per style and a module preload per script at the end of the head, the rest of the page unchanged', () => {
    const index =
      '<!doctype html>\n<html>\n  <head>\n    <script type="module" crossorigin src="/assets/index-a.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
    const page = withPreloads(index, {
      scripts: ['assets/chart-f.js', 'assets/dashboard-page-d.js'],
      styles: ['assets/member-shell-c.css'],
    });
    expect(page).toBe(
      '<!doctype html>\n<html>\n  <head>\n    <script type="module" crossorigin src="/assets/index-a.js"></script>' +
        '\n    <link rel="stylesheet" crossorigin href="/assets/member-shell-c.css">' +
        '\n    <link rel="modulepreload" crossorigin href="/assets/chart-f.js">' +
        '\n    <link rel="modulepreload" crossorigin href="/assets/dashboard-page-d.js">' +
        '\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
  });

  it('writes each screen to a file named by its path, and names only pages of the member area', () => {
    expect(firstScreenFile('/complete-registration')).toBe('first-screens/complete-registration.html');
    for (const [pathname, modules] of Object.entries(FIRST_SCREENS)) {
      expect(pathname).toMatch(/^\/[a-z-]+$/);
      expect(modules.length).toBeGreaterThan(0);
    }
  });
});
