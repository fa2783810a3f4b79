import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalStorage,
  createS3Storage,
  isStorageKey,
  newStorageKey,
  parseStorageUrl,
  type Storage,
} from './storage.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The contract every storage driver passes. */
function storageContract(name: string, make: () => Storage) {
  describe(`${name} storage`, () => {
    it('stores, reads back and deletes a file', async () => {
      const storage = make();
      const key = newStorageKey('pdf');
      const body = Buffer.from('%PDF-1.4 test document');
      await storage.put(key, body, 'application/pdf');
      const found = await storage.get(key);
      expect(found).not.toBeNull();
      expect(found!.size).toBe(body.length);
      expect((await readAll(found!.body)).equals(body)).toBe(true);
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
    });

    it('answers null for a key that was never stored', async () => {
      expect(await make().get(newStorageKey('jpg'))).toBeNull();
    });

    it('refuses keys that are not its own', async () => {
      const storage = make();
      await expect(storage.put('../escape.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow();
      expect(await storage.get('../../etc/passwd')).toBeNull();
    });

    it('overwrites a key in place', async () => {
      const storage = make();
      const key = newStorageKey('png');
      await storage.put(key, Buffer.from('first'), 'image/png');
      await storage.put(key, Buffer.from('second'), 'image/png');
      expect((await readAll((await storage.get(key))!.body)).toString()).toBe('second');
    });
  });
}

describe('storage keys', () => {
  it('makes random keys that pass the key check, and refuses others', () => {
    const key = newStorageKey('webp');
    expect(isStorageKey(key)).toBe(true);
    expect(newStorageKey('webp')).not.toBe(key);
    for (const bad of [
      '../x.pdf',
      'ab/../x.pdf',
      'ab/x.exe',
      'ab/x',
      '/ab/x.pdf',
      'ab/c/d.pdf',
      'AB/x.pdf',
      'ab/x.pdf\0',
    ]) {
      expect(isStorageKey(bad), bad).toBe(false);
    }
  });

  it('parses s3 URLs', () => {
    expect(parseStorageUrl('s3://bucket/some/prefix/')).toEqual({ bucket: 'bucket', prefix: 'some/prefix/' });
    expect(parseStorageUrl('s3://bucket')).toEqual({ bucket: 'bucket', prefix: '' });
  });
});

const localRoot = mkdtempSync(path.join(tmpdir(), 'letsema-storage-'));
afterAll(() => rmSync(localRoot, { recursive: true, force: true }));
storageContract('local', () => createLocalStorage(localRoot));

// S3-compatible server on loopback (s3rver), with the AWS SDK talking to it as it would to AWS.
let s3Endpoint = '';
let stopS3: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(path.join(tmpdir(), 'letsema-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'letsema-test', configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  s3Endpoint = `http://127.0.0.1:${port}`;
  stopS3 = async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await stopS3?.();
});
storageContract('s3', () =>
  createS3Storage({
    bucket: 'letsema-test',
    prefix: 'uploads/',
    endpoint: s3Endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  }),
);
