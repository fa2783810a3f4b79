import path from 'node:path';
import type { OutputBundle } from 'rollup';
import { describe, expect, it } from 'vitest';
import { chunk } from './test-chunks';
import { isPlainModule, plainChunkStrays } from './plain-chunk';

const root = path.resolve('/repo/apps/web');
const at = (file: string) => path.join(root, file);

describe('the plain chunk', () => {
  it('takes the plain folder and the named plain parts, with or without a query', () => {
    expect(isPlainModule(root, at('src/components/plain/plain-icon.tsx'))).toBe(true);
    expect(isPlainModule(root, at('src/components/plain/plain.module.css?used'))).toBe(true);
    expect(isPlainModule(root, at('src/components/status-chips.tsx'))).toBe(true);
    expect(isPlainModule(root, at('src/lib/class-names.ts'))).toBe(true);
    expect(isPlainModule(root, path.resolve(root, '../../packages/domain/src/money.ts'))).toBe(true);
  });

  it('leaves everything else, even a name that starts like a plain part', () => {
    expect(isPlainModule(root, at('src/components/plain-other.tsx'))).toBe(false);
    expect(isPlainModule(root, at('src/components/status-chips.test.tsx'))).toBe(false);
    expect(isPlainModule(root, at('src/components/retry-alert.tsx'))).toBe(false);
    expect(isPlainModule(root, path.resolve(root, '../../packages/domain/src/index.ts'))).toBe(false);
    expect(isPlainModule(root, path.resolve('/elsewhere/src/components/plain/plain-icon.tsx'))).toBe(false);
  });

  it('names the modules a build put in the plain chunk that are not plain parts', () => {
    const bundle: OutputBundle = {
      'assets/plain-a.js': chunk('assets/plain-a.js', {
        name: 'plain',
        moduleIds: [at('src/components/plain/plain-icon.tsx'), '\0vite/preload-helper.js', at('src/lib/api-client.ts')],
      }),
      'assets/index-b.js': chunk('assets/index-b.js', { name: 'index', moduleIds: [at('src/main.tsx')] }),
    };
    expect(plainChunkStrays(root, bundle)).toEqual([at('src/lib/api-client.ts')]);
    delete bundle['assets/plain-a.js'];
    expect(plainChunkStrays(root, bundle)).toEqual([]);
  });
});
