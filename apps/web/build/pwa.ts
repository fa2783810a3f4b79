import type { OutputBundle } from 'rollup';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The files of the app shell outside `assets/`; everything else is cached when first fetched. */
const SHELL_FILES = ['index.html', 'offline.html', 'manifest.webmanifest', 'favicon.svg', 'icons/*.png'];

/**
 * The entry script, the chunks it imports statically and their CSS: what the first page cannot start
 * without. Chunks loaded on demand (each page, the admin area) are left out.
 */
export function listShellScripts(bundle: OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
    chunk.imports.forEach(visit);
  };
  for (const file of Object.values(bundle)) {
    if (file.type === 'chunk' && file.isEntry) visit(file.fileName);
  }
  return files;
}

/**
 * The service worker (`sw/sw.ts`, built by vite-plugin-pwa with Workbox) and the list of files it
 * precaches: the shell above, not the whole build, so a fresh browser fetches little on install.
 */
export function pwa(): Array<Plugin | ReturnType<typeof VitePWA>> {
  let shellScripts = new Set<string>();
  const recordShellScripts: Plugin = {
    name: 'letsema-shell-scripts',
    apply: 'build',
    generateBundle(_options, bundle) {
      shellScripts = listShellScripts(bundle);
    },
  };
  return [
    recordShellScripts,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself (src/lib/service-worker.ts) and asks before updating.
      injectRegister: false,
      registerType: 'prompt',
      // The manifest is a file of its own in public/.
      manifest: false,
      injectManifest: {
        globPatterns: [...SHELL_FILES, 'assets/*.{js,css}'],
        // Hashed names change with their content, so they need no revision of their own.
        dontCacheBustURLsMatching: /^assets\//,
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shellScripts.has(entry.url)),
          }),
        ],
      },
    }),
  ];
}
