import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { pwa } from './build/pwa';

const root = fileURLToPath(new URL('.', import.meta.url));

// Libraries every page needs, split from the app code so they stay cached across releases. MUI stays with
// the code that uses it, so components only the back office uses remain in the admin chunk.
const vendorChunks: Record<string, RegExp> = {
  react: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  data: /[\\/]node_modules[\\/](@tanstack|react-hook-form)[\\/]/,
};

function chooseVendorChunk(id: string): string | undefined {
  return Object.keys(vendorChunks).find((name) => vendorChunks[name]!.test(id));
}

export default defineConfig({
  root,
  plugins: [react(), precompress(), pwa()],
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
    rollupOptions: {
      output: {
        manualChunks: chooseVendorChunk,
      },
    },
  },
});
