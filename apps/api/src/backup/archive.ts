import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack, type Pack } from 'tar-stream';
import { z } from 'zod';

/**
 * A backup is one gzip-compressed tar file: `database/<table>.ndjson` (one row per line, as
 * PostgreSQL's row_to_json writes it), `files/<storage key>` (each uploaded file's bytes),
 * `secrets/mfa-key` when the two-factor key lives in DATA_DIR, and `manifest.json` last, naming
 * every other entry with its size and SHA-256.
 */

export const ARCHIVE_FORMAT = 'letsema-backup';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const entryFacts = { entry: z.string().min(1).max(300), bytes: z.number().int().min(0), sha256 };

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.iso.datetime(),
  engine: z.enum(['pglite', 'postgres']),
  serverVersion: z.string().max(300),
  migration: z.object({
    tag: z.string().min(1).max(200),
    createdAt: z.number().int(),
    hash: sha256,
  }),
  storage: z.enum(['local', 's3']),
  tables: z.array(z.object({ name: z.string().min(1).max(63), rows: z.number().int().min(0), ...entryFacts })),
  sequences: z.array(
    z.object({
      name: z.string().min(1).max(63),
      table: z.string().min(1).max(63).nullable(),
      column: z.string().min(1).max(63).nullable(),
      lastValue: z.string().regex(/^-?\d{1,19}$/),
      isCalled: z.boolean(),
    }),
  ),
  files: z.array(z.object({ key: z.string().min(1).max(200), contentType: z.string().min(1).max(200), ...entryFacts })),
  /** Keys the database names that storage no longer held when the backup read them. */
  missingFiles: z.array(z.string().max(200)),
  secrets: z.array(z.object({ name: z.literal('mfa-key'), ...entryFacts })),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A passthrough that hashes and counts what flows through it. */
export function hashingTap(): { tap: Transform; digest: () => { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { tap, digest: () => ({ sha256: hash.digest('hex'), bytes }) };
}

/** Writes the archive entry by entry, streaming into gzip and the file. */
export class ArchiveWriter {
  private readonly pack: Pack = pack();
  private readonly done: Promise<void>;
  private readonly mtime = new Date();

  constructor(file: string) {
    this.done = pipeline(this.pack, createGzip(), createWriteStream(file, { mode: 0o600, flags: 'wx' }));
    // The failure is reported by finish(); until then it must not count as unhandled.
    this.done.catch(() => undefined);
  }

  /** Adds an entry of exactly `size` bytes from `body`, answering their SHA-256. */
  async addStream(name: string, size: number, body: Readable): Promise<{ sha256: string; bytes: number }> {
    const { tap, digest } = hashingTap();
    let written!: () => void;
    let failed!: (error: Error) => void;
    const entryDone = new Promise<void>((resolve, reject) => {
      written = resolve;
      failed = reject;
    });
    const sink = this.pack.entry({ name, size, mode: 0o600, mtime: this.mtime }, (error) =>
      error ? failed(error) : written(),
    );
    await Promise.all([pipeline(body, tap, sink as unknown as NodeJS.WritableStream), entryDone]);
    return digest();
  }

  /** Adds an entry holding `body`, answering its SHA-256. */
  async addBuffer(name: string, body: Buffer): Promise<{ sha256: string; bytes: number }> {
    await new Promise<void>((resolve, reject) => {
      this.pack.entry({ name, size: body.length, mode: 0o600, mtime: this.mtime }, body, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    return { sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length };
  }

  async finish(): Promise<void> {
    this.pack.finalize();
    await this.done;
  }

  /** Stops writing after a failure. */
  abort(): void {
    this.pack.destroy();
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  body: Readable;
}

/**
 * Reads the archive's entries in order. Each entry's body must be read to its end (or resumed)
 * before the next one comes.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const reader = extract();
  const source = pipeline(createReadStream(file), createGunzip(), reader as unknown as NodeJS.WritableStream);
  source.catch(() => undefined);
  try {
    for await (const entry of reader) {
      if (entry.header.type !== 'file') {
        entry.resume();
        throw new Error(`unexpected ${entry.header.type} entry ${entry.header.name}`);
      }
      yield { name: entry.header.name, size: entry.header.size, body: entry as unknown as Readable };
    }
    await source;
  } finally {
    reader.destroy();
  }
}

/** Reads a whole stream into memory. */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
