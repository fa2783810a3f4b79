import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';

/** Where uploaded files live: the local disk by default, or S3-compatible object storage. */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

/** Storage keys are ours, never user-chosen: lower-case letters, digits, dashes, one slash level, an extension. */
const KEY = /^[a-z0-9-]+\/[a-z0-9-]+\.(jpg|png|webp|pdf|csv)$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** A new random key for a file of the given extension, spread over 256 folders. */
export function newStorageKey(extension: 'jpg' | 'png' | 'webp' | 'pdf' | 'csv'): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}.${extension}`;
}

function assertKey(key: string): void {
  if (!isStorageKey(key)) throw new Error('Invalid storage key');
}

/** Files under a folder of the local disk; writes go through a temporary file and a rename. */
export function createLocalStorage(root: string): Storage {
  return {
    kind: 'local',
    async put(key, body) {
      assertKey(key);
      const target = path.join(root, key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      await writeFile(temp, body, { mode: 0o600 });
      await rename(temp, target);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const file = path.join(root, key);
      try {
        const info = await stat(file);
        return { body: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(path.join(root, key), { force: true });
    },
  };
}

export interface S3Options {
  bucket: string;
  prefix: string;
  endpoint?: string | undefined;
  region?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** Parses `s3://bucket/prefix` into a bucket and a key prefix ending in a slash (or empty). */
export function parseStorageUrl(url: string): { bucket: string; prefix: string } {
  const parsed = new URL(url);
  const prefix = parsed.pathname.replace(/^\/+|\/+$/g, '');
  return { bucket: parsed.hostname, prefix: prefix ? `${prefix}/` : '' };
}

/** Files in an S3-compatible bucket (AWS, MinIO, R2 and the like). */
export function createS3Storage(options: S3Options): Storage {
  // The SDK is loaded when the bucket is first used, not at every start: it is a fifth of a
  // second of loading, and most installations keep their files in DATA_DIR.
  let connecting: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region ?? 'us-east-1',
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
      }),
    })));
  const objectKey = (key: string) => `${options.prefix}${key}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: options.bucket, Key: objectKey(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const { sdk, client } = await connect();
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        if (!result.Body) return null;
        return { body: result.Body as Readable, size: result.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}

/** The storage the configuration names: S3-compatible when STORAGE_URL is set, else DATA_DIR/uploads. */
export function createStorage(config: {
  dataDir: string;
  storageUrl: string | undefined;
  s3: { endpoint: string | undefined; region: string | undefined; credentials: S3Options['credentials'] };
}): Storage {
  if (!config.storageUrl) return createLocalStorage(path.join(config.dataDir, 'uploads'));
  return createS3Storage({ ...parseStorageUrl(config.storageUrl), ...config.s3 });
}
