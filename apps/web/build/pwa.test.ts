import type { OutputAsset, OutputBundle } from 'rollup';
import { describe, expect, it } from 'vitest';
import { chunk } from './test-chunks';
import { listShellScripts } from './pwa';

describe('listShellScripts', () => {
  it('keeps the entry, what it imports statically (also indirectly) and their CSS, not chunks loaded later', () => {
    const bundle: OutputBundle = {
      'assets/index-a.js': chunk('assets/index-a.js', {
        isEntry: true,
        imports: ['assets/react-b.js', 'assets/data-c.js'],
        dynamicImports: ['assets/dashboard-d.js'],
        css: ['assets/index-a.css'],
      }),
      'assets/react-b.js': chunk('assets/react-b.js'),
      'assets/data-c.js': chunk('assets/data-c.js', { imports: ['assets/shared-e.js', 'assets/react-b.js'] }),
      'assets/shared-e.js': chunk('assets/shared-e.js'),
      'assets/dashboard-d.js': chunk('assets/dashboard-d.js', {
        isDynamicEntry: true,
        imports: ['assets/shared-e.js', 'assets/chart-f.js'],
      }),
      'assets/chart-f.js': chunk('assets/chart-f.js'),
      'assets/index-a.css': { type: 'asset', fileName: 'assets/index-a.css' } as OutputAsset,
    };
    expect([...listShellScripts(bundle)].sort()).toEqual([
      'assets/data-c.js',
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/shared-e.js',
    ]);
  });
});
