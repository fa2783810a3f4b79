import path from 'node:path';
import type { ManualChunkMeta, OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * The chunks made around the sign-in pages, in the order they are chosen: each holds what its pages
 * import that no chunk before it holds.
 * - `sign-in`: the sign-in page and its parts (drawn with plain parts, without MUI).
 * - `sign-up`: what the registration page adds (the password strength meter and its bar).
 * - `mui`: MUI as the pages drawn with it use it (components, styles, emotion, the theme's provider)
 *   and its form parts; every page that draws MUI's components shares it.
 */
export const SIGN_IN_CHUNKS: ReadonlyArray<{ name: string; roots: string[] }> = [
  { name: 'sign-in', roots: ['src/features/auth/login-page.tsx'] },
  { name: 'sign-up', roots: ['src/features/auth/register-page.tsx'] },
  {
    name: 'mui',
    roots: [
      'src/components/mui-theme.tsx',
      'src/components/form-text-field.tsx',
      'src/components/form-password-field.tsx',
      'src/components/submit-button.tsx',
    ],
  },
];

/** The modules of the screens drawn without MUI that are no sign-in page: they never wait for those chunks. */
export const WITHOUT_MUI = ['src/shell/member-shell.tsx', 'src/features/dashboard/dashboard-page.tsx'];

const COMMONJS_HELPERS = '\0commonjsHelpers.js';

/** Every module `from` imports statically, directly or not, themselves included. */
function staticClosure(from: string[], meta: ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Chooses the modules of the sign-in pages' chunks (`SIGN_IN_CHUNKS`); `isElsewhere` tells a module of
 * another manual chunk (the vendor and plain chunks). Answers a module's chunk, or undefined.
 *
 * The first download holds no MUI, so that the dashboard, drawn with plain parts, does without it.
 * Left to itself, Rollup would then split MUI and the sign-in pages' parts by the sets of pages each
 * is used on: the sign-in page waited for some thirty files, most under 1 KB. A chunk holds what its
 * pages import, less what the entry or the screens without MUI need. MUI's parts that only later pages
 * use (dialogs, tables) stay with those pages.
 *
 * A module in a manual chunk takes along every module it imports that is in no manual chunk, even one
 * the entry needs (the entry would then wait for the chunk). So a module is chosen only if each module
 * of the pages' imports that it imports is chosen too or is in another manual chunk; the others are
 * left to Rollup. (Rollup's helpers for CommonJS modules go with the vendor chunks, which need them
 * first.)
 */
export function signInChunks(root: string, entry: string, isElsewhere: (id: string) => boolean) {
  let chosen: Map<string, string> | undefined;
  const resolve = (modules: string[], meta: ManualChunkMeta) =>
    modules.map((module) => {
      const id = path.resolve(root, module);
      if (!meta.getModuleInfo(id)) throw new Error(`${module} is not in the build: fix build/mui-chunk.ts`);
      return id;
    });

  function choose(meta: ManualChunkMeta): Map<string, string> {
    const taken = new Map<string, string>();
    const needed = staticClosure(resolve([entry, ...WITHOUT_MUI], meta), meta);
    for (const { name, roots } of SIGN_IN_CHUNKS) {
      const imported = staticClosure(resolve(roots, meta), meta);
      const elsewhere = (id: string) => isElsewhere(id) || taken.has(id) || id === COMMONJS_HELPERS;
      const picked = new Set([...imported].filter((id) => !needed.has(id) && !elsewhere(id)));
      const wouldTakeAlong = (id: string) => imported.has(id) && !picked.has(id) && !elsewhere(id);
      for (let changed = true; changed;) {
        changed = false;
        for (const id of picked) {
          if ((meta.getModuleInfo(id)?.importedIds ?? []).some(wouldTakeAlong)) {
            picked.delete(id);
            changed = true;
          }
        }
      }
      for (const id of picked) taken.set(id, name);
    }
    return taken;
  }

  return (id: string, meta: ManualChunkMeta): string | undefined => {
    chosen ??= choose(meta);
    return chosen.get(id);
  };
}

/** The sign-in pages' chunks that the entry imports statically, directly or not: none, if the choice held. */
export function signInChunksInEntry(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const entry = chunks.find((file) => file.isEntry);
  if (!entry) return [];
  const names = new Set(SIGN_IN_CHUNKS.map((c) => c.name));
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (file: OutputChunk) => {
    if (seen.has(file.fileName)) return;
    seen.add(file.fileName);
    if (names.has(file.name)) found.push(file.fileName);
    for (const imported of file.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(entry);
  return found;
}

/** Fails the build when the first download would wait for a sign-in page's chunk. */
export function signInChunksGuard(): Plugin {
  return {
    name: 'letsema-sign-in-chunks-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found = signInChunksInEntry(bundle);
      if (found.length > 0) this.error(`The entry imports the sign-in pages' chunks: ${found.join(', ')}`);
    },
  };
}
