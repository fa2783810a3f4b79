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
  // The sign-in pages are drawn without MUI, but fetch its chunk with them (it is not run): the pages
  // after sign-in that draw MUI's components then find it downloaded.
  '/login': ['src/features/auth/login-page.tsx', 'src/components/mui-theme.tsx'],
  '/register': ['src/features/auth/register-page.tsx', 'src/components/mui-theme.tsx'],
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

/** The files a first screen needs beyond what `index.html` already loads. */
export interface FirstScreenFiles {
  /** The chunks of its modules and what they import, less the entry and its own imports. */
  scripts: string[];
  /** Those chunks' style sheets, which the router would otherwise ask for only once the chunks have run. */
  styles: string[];
}

/** What a first screen needs beyond `index.html`: its modules' chunks, what they import, and their styles. */
export function firstScreenFiles(bundle: OutputBundle, root: string, modules: string[]): FirstScreenFiles {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const loaded = withStaticImports(bundle, entry);
  const loadedStyles = new Set([...loaded].flatMap((file) => stylesOf(bundle, file)));
  const scripts = new Set<string>();
  for (const module of modules) {
    const id = path.resolve(root, module);
    const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`${module} is in no chunk of the build: fix FIRST_SCREENS`);
    for (const file of withStaticImports(bundle, chunk)) if (!loaded.has(file)) scripts.add(file);
  }
  const styles = new Set(
    [...scripts].flatMap((file) => stylesOf(bundle, file)).filter((css) => !loadedStyles.has(css)),
  );
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

/** The style sheets a chunk imports. */
function stylesOf(bundle: OutputBundle, fileName: string): string[] {
  const chunk = bundle[fileName];
  return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
}

/**
 * `html` with a module preload for each script and a style sheet link for each style, at the end of its
 * head. The router's loader sees the sheets already linked and does not ask for them again.
 */
export function withPreloads(html: string, { scripts, styles }: FirstScreenFiles): string {
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  const links = [
    ...styles.map((file) => `\n    <link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
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
          source: withPreloads(index.source, firstScreenFiles(bundle, root, modules)),
        });
      }
    },
  };
}
