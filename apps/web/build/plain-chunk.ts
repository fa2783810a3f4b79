import path from 'node:path';
import type { OutputBundle } from 'rollup';
import type { Plugin } from 'vite';

/** The chunk that holds the plain parts of the first screens (see `isPlainModule`). */
export const PLAIN_CHUNK = 'plain';

/** The plain chunk's modules, relative to the web app's root: a folder ends with a slash. */
export const PLAIN_MODULES = [
  'src/components/plain/',
  'src/components/status-chips.tsx',
  'src/components/figure.tsx',
  'src/components/page-header.tsx',
  'src/lib/class-names.ts',
  'src/shell/shell-context.ts',
  // The domain's money and instalment rules, which import nothing and which the first screens and most
  // member pages show figures with.
  '../../packages/domain/src/money.ts',
  '../../packages/domain/src/instalments.ts',
  // The first screens' own style sheets: with the plain parts' sheet, one file to wait for instead of four.
  'src/shell/member-shell.module.css',
  'src/features/dashboard/dashboard-page.module.css',
  'src/features/registration/wizard.module.css',
];

/**
 * Whether a module is one of the plain parts that the first screens are drawn with (plain elements,
 * static style sheets, the icons' drawings), or one of the small modules they need with them. Left to itself, Rollup made nearly each a file of its own,
 * since different sets of pages use them: the dashboard waited for a dozen files under 1 KB. Together
 * they are one file of a few KB, which every member page loads anyway.
 *
 * They import nothing but each other and the libraries of the `react` chunk. A module put in a manual
 * chunk takes along every module it imports that is in no manual chunk, even one the entry needs, so
 * `plainChunkGuard` fails the build when the chunk holds anything else.
 */
export function isPlainModule(root: string, id: string): boolean {
  const relative = path.relative(root, id.split('?')[0]!).split(path.sep).join('/');
  return PLAIN_MODULES.some((module) => (module.endsWith('/') ? relative.startsWith(module) : relative === module));
}

/** The modules of the plain chunk that are not plain parts (Rollup's own, starting with a NUL, aside). */
export function plainChunkStrays(root: string, bundle: OutputBundle): string[] {
  return Object.values(bundle).flatMap((file) =>
    file.type === 'chunk' && file.name === PLAIN_CHUNK
      ? file.moduleIds.filter((id) => !id.startsWith('\0') && !isPlainModule(root, id))
      : [],
  );
}

/** Fails the build when the plain chunk holds a module that is not a plain part. */
export function plainChunkGuard(root: string): Plugin {
  return {
    name: 'letsema-plain-chunk-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const strays = plainChunkStrays(root, bundle);
      if (strays.length > 0) {
        this.error(`The ${PLAIN_CHUNK} chunk took in modules that are not plain parts: ${strays.join(', ')}`);
      }
    },
  };
}
