import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this size the saving does not pay for the extra header and file. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of a build, at the
 * highest levels: they are made once at build time, so the server never compresses on a request.
 * Answers the files it compressed, relative to the folder.
 */
export function precompressFolder(folder: string): string[] {
  const written: string[] = [];
  for (const file of listFiles(folder)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    written.push(path.relative(folder, file));
  }
  return written;
}

function listFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}

/** The Vite plugin: precompresses the output folder once the build is written. */
export function precompress(): Plugin {
  return {
    name: 'letsema-precompress',
    apply: 'build',
    writeBundle(options) {
      if (options.dir) precompressFolder(options.dir);
    },
  };
}
