import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ManualChunkMeta } from 'rollup';
import { defineConfig } from 'vite';
import { firstScreens } from './build/first-screens';
import { signInChunks, signInChunksGuard } from './build/mui-chunk';
import { isPlainModule, PLAIN_CHUNK, plainChunkGuard } from './build/plain-chunk';
import { precompress } from './build/precompress';
import { pwa } from './build/pwa';
import { themeStyle } from './build/theme-style';

const root = fileURLToPath(new URL('.', import.meta.url));

// Libraries every page needs, split from the app code so they stay cached across releases. MUI stays with
// the code that uses it, so components only the back office uses remain in the admin chunk.
const vendorChunks: Record<string, RegExp> = {
  react: /[\\/]node_modules[\\/](preact|react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  data: /[\\/]node_modules[\\/](@tanstack|react-hook-form)[\\/]/,
};

// The vendor chunks, the first screens' plain parts in one chunk of their own (build/plain-chunk.ts),
// the sign-in pages' parts and MUI (build/mui-chunk.ts).
function vendorChunk(id: string): string | undefined {
  return Object.keys(vendorChunks).find((name) => vendorChunks[name]!.test(id));
}
const signInChunk = signInChunks(
  root,
  'src/main.tsx',
  (id) => isPlainModule(root, id) || vendorChunk(id) !== undefined,
);
function chooseChunk(id: string, meta: ManualChunkMeta): string | undefined {
  if (isPlainModule(root, id)) return PLAIN_CHUNK;
  return vendorChunk(id) ?? signInChunk(id, meta);
}

// The app is written against React's API and developed on React (its fast refresh and error overlay),
// but the build that phones download runs it on Preact's compatible implementation: 9 KB compressed
// where React DOM is 59 KB, a third of what the sign-in page used to download. The browser specs run
// against that build.
const preactInPlaceOfReact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  root,
  plugins: [
    react(),
    themeStyle(),
    firstScreens(root),
    plainChunkGuard(root),
    signInChunksGuard(),
    precompress(),
    pwa(),
  ],
  resolve: command === 'build' ? { alias: preactInPlaceOfReact } : {},
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000' },
    },
  },
  build: {
    // WEB_OUT_DIR lets a test run build into its own folder (the server reads it as WEB_DIST_DIR).
    outDir: process.env.WEB_OUT_DIR ?? fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which files each page needs, read by the size budget test.
    manifest: true,
    // Every browser the members use preloads modules itself (Chrome and Edge since 2018, Firefox 115,
    // Safari 17); Vite's polyfill for the others was half a kilobyte of every first download.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        manualChunks: chooseChunk,
        // Without MUI in the entry, the modules that the sign-in page and the dashboard both use (the
        // session's calls, the loaders) were files of a few hundred bytes each. Below 1 KB, a chunk is
        // merged into one that is loaded with it: each first screen waits for fewer files.
        experimentalMinChunkSize: 1000,
      },
    },
  },
}));
