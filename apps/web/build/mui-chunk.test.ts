import type { OutputBundle } from 'rollup';
import { describe, expect, it } from 'vitest';
import { signInChunksInEntry } from './mui-chunk';
import { chunk } from './test-chunks';

describe("the sign-in pages' chunks", () => {
  it('are named when the entry imports them, directly or through another chunk', () => {
    const bundle: OutputBundle = {
      'assets/index-a.js': chunk('assets/index-a.js', { isEntry: true, name: 'index', imports: ['assets/app-b.js'] }),
      'assets/app-b.js': chunk('assets/app-b.js', { name: 'app', imports: ['assets/mui-c.js'] }),
      'assets/mui-c.js': chunk('assets/mui-c.js', { name: 'mui' }),
      'assets/sign-up-d.js': chunk('assets/sign-up-d.js', { name: 'sign-up' }),
    };
    expect(signInChunksInEntry(bundle)).toEqual(['assets/mui-c.js']);
    bundle['assets/app-b.js'] = chunk('assets/app-b.js', { name: 'app', dynamicImports: ['assets/mui-c.js'] });
    expect(signInChunksInEntry(bundle)).toEqual([]);
  });
});
