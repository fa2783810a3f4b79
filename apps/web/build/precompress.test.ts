import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress';

let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('precompressFolder', () => {
  it('writes brotli and gzip copies of text files that decompress to the original', () => {
    folder = mkdtempSync(path.join(tmpdir(), 'letsema-precompress-'));
    mkdirSync(path.join(folder, 'assets'));
    const script = 'export const members = [];\n'.repeat(200);
    writeFileSync(path.join(folder, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(folder, 'index.html'), `<!doctype html>${'<p>Letsema</p>'.repeat(100)}`);
    writeFileSync(path.join(folder, 'tiny.css'), 'a{}');
    writeFileSync(path.join(folder, 'photo.png'), Buffer.alloc(4096, 1));

    const written = precompressFolder(folder).sort();

    expect(written).toEqual([path.join('assets', 'index-abc.js'), 'index.html']);
    const brotli = readFileSync(path.join(folder, 'assets', 'index-abc.js.br'));
    expect(brotli.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(brotli).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(folder, 'assets', 'index-abc.js.gz'))).toString()).toBe(script);
    expect(existsSync(path.join(folder, 'tiny.css.br'))).toBe(false);
    expect(existsSync(path.join(folder, 'photo.png.br'))).toBe(false);
  });
});
