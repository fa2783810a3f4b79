import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** Where the pages written for the first screens go, inside the build (the server serves them). */
export const FIRST_SCREENS_DIR = 'first-screens';

/**
 * The pages a member opens first, each with the modules its route loads on demand (the layout, then
 * the page). A visit that starts on one of them gets a copy of `index.html` that also names those
 * chunks (`<link rel="modulepreload">`), so the browser fetches them while it fetches the entry
 * script, instead of in waves once the entry has run and the router has asked for them. A module
 * the build no longer holds fails it.
 */
export const FIRST_SCREENS: Record<string, string[]> = {
  '/dashboard': ['src/shell/member-shell.tsx', 'src/features/dashboard/dashboard-page.tsx'],
  '/complete-registration': [
    'src/shell/registration-layout.tsx',
    'src/features/registration/complete-registration-page.tsx',
  ],
  '/pools': ['src/shell/member-shell.tsx', 'src/features/pools/pools-page.tsx'],
  '/investments': ['src/shell/member-shell.tsx', 'src/features/investments/investments-page.tsx'],
  '/payments': ['src/shell/member-shell.tsx', 'src/features/payments/payments-page.tsx'],
  '/notifications': ['src/shell/member-shell.tsx', 'src/features/notifications/notifications-page.tsx'],
  '/profile': ['src/shell/member-shell.tsx', 'src/features/profile/profile-page.tsx'],
};

/** The file a first screen's page is written to: `/complete-registration` -> `first-screens/complete-registration.html`. */
export function firstScreenFile(pathname: string): string {
  return `${FIRST_SCREENS_DIR}/${pathname.slice(1)}.html`;
}

/** A chunk and every chunk it imports statically, by file name. */
function withStaticImports(bundle: OutputBundle, chunk: OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') withStaticImports(bundle, imported, into);
  }
  return into;
}

/**
 * The scripts a first screen needs beyond what `index.html` already loads: the chunks of its
 * modules and what they import, less the entry and its own imports.
 */
export function firstScreenScripts(bundle: OutputBundle, root: string, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const loaded = withStaticImports(bundle, entry);
  const needed = new Set<string>();
  for (const module of modules) {
    const id = path.resolve(root, module);
    const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`${module} is in no chunk of the build: fix FIRST_SCREENS`);
    for (const file of withStaticImports(bundle, chunk)) if (!loaded.has(file)) needed.add(file);
  }
  return [...needed].sort();
}

/** `html` with a module preload for each script, at the end of its head. */
export function withPreloads(html: string, scripts: string[]): string {
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  const links = scripts.map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return html.replace(/\s*<\/head>/, (end) => `${links}${end}`);
}

/** The Vite plugin: writes a page for each first screen beside `index.html`. */
export function firstScreens(root: string): Plugin {
  return {
    name: 'letsema-first-screens',
    apply: 'build',
    // After Vite has written index.html into the bundle, before the files are written and compressed.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') {
        this.error('index.html is not in the bundle yet');
      }
      for (const [pathname, modules] of Object.entries(FIRST_SCREENS)) {
        this.emitFile({
          type: 'asset',
          fileName: firstScreenFile(pathname),
          source: withPreloads(index.source, firstScreenScripts(bundle, root, modules)),
        });
      }
    },
  };
}
