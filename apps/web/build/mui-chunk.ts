import path from 'node:path';
import type { ManualChunkMeta } from 'rollup';

/** The chunk of MUI and the sign-in pages' parts. */
export const MUI_CHUNK = 'mui';

/** The sign-in page and the theme's provider: what the MUI chunk is made around. */
export const MUI_CHUNK_ROOTS = ['src/features/auth/login-page.tsx', 'src/components/mui-theme.tsx'];
/** The modules of the screens drawn without MUI, which must never wait for the MUI chunk. */
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
 * Chooses the MUI chunk's modules; `isElsewhere` tells a module of another manual chunk.
 *
 * The first download holds no MUI, so that the dashboard, drawn with plain parts, does without it.
 * Left to itself, Rollup would then split MUI and the sign-in pages' parts by the sets of pages each
 * is used on: the sign-in page waited for some thirty files, most under 1 KB. The chunk holds what the
 * sign-in pages and the theme's provider import (MUI's components and styles, emotion, the form parts)
 * less what the entry or the screens without MUI need; every page that draws MUI's components shares
 * it. MUI's parts that only later pages use (dialogs, tables) stay with those pages.
 *
 * A module in a manual chunk takes along every module it imports that is in no manual chunk, even one
 * the entry needs (the entry would then wait for the chunk). So a module is chosen only if everything
 * it imports is chosen too or is in another manual chunk; the others are left to Rollup.
 */
export function muiChunk(root: string, entry: string, isElsewhere: (id: string) => boolean) {
  let chosen: Set<string> | undefined;
  const resolve = (modules: string[], meta: ManualChunkMeta) =>
    modules.map((module) => {
      const id = path.resolve(root, module);
      if (!meta.getModuleInfo(id)) throw new Error(`${module} is not in the build: fix build/mui-chunk.ts`);
      return id;
    });
  return (id: string, meta: ManualChunkMeta): boolean => {
    if (!chosen) {
      const needed = new Set([
        ...staticClosure(resolve([entry], meta), meta),
        ...staticClosure(resolve(WITHOUT_MUI, meta), meta),
      ]);
      const forSignIn = staticClosure(resolve(MUI_CHUNK_ROOTS, meta), meta);
      const candidates = [...forSignIn].filter((m) => !needed.has(m) && !isElsewhere(m));
      const picked = new Set(candidates);
      // A module that would take along a needed module, or a candidate left out, is left out itself.
      // Rollup's helpers for CommonJS modules go with the vendor chunks, which need them first.
      const wouldTakeAlong = (i: string) =>
        !picked.has(i) && !isElsewhere(i) && forSignIn.has(i) && i !== COMMONJS_HELPERS;
      for (let changed = true; changed;) {
        changed = false;
        for (const module of picked) {
          if ((meta.getModuleInfo(module)?.importedIds ?? []).some(wouldTakeAlong)) {
            picked.delete(module);
            changed = true;
          }
        }
      }
      chosen = picked;
    }
    return chosen.has(id);
  };
}
