import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, openSync, readSync } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip, createGzip } from 'node:zlib';
import { Decrypter, Encrypter } from 'age-encryption';
import { extract, pack, type Pack } from 'tar-stream';
import { z } from 'zod';

/**
 * A backup is one gzip-compressed tar file: `database/<table>.ndjson` (one row per line, as
 * PostgreSQL's row_to_json writes it), `files/<storage key>` (each uploaded file's bytes),
 * `secrets/mfa-key` when the two-factor key lives in DATA_DIR, and `manifest.json` last, naming
 * every other entry with its size and SHA-256. Encrypted to one or more age recipients, the whole
 * file is an age file (https://age-encryption.org/v1) holding that gzip-compressed tar.
 */

/** The first line of every age file. */
const AGE_HEADER = 'age-encryption.org/v1\n';

/** An age recipient (`age1...`, as `age-keygen` prints it), checked before anything is read. */
export function checkRecipient(recipient: string): boolean {
  try {
    new Encrypter().addRecipient(recipient);
    return true;
  } catch {
    return false;
  }
}

/** The age identities (`AGE-SECRET-KEY-1...`) in an identity file's text; comments and blank lines skipped. */
export function identitiesIn(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('AGE-SECRET-KEY-'));
}

/** Whether the archive is encrypted (an age file) rather than a plain gzip-compressed tar. */
export function isEncryptedArchive(file: string): boolean {
  const handle = openSync(file, 'r');
  try {
    const head = Buffer.alloc(AGE_HEADER.length);
    const read = readSync(handle, head, 0, head.length, 0);
    return head.subarray(0, read).toString('latin1') === AGE_HEADER;
  } finally {
    closeSync(handle);
  }
}

/** Thrown when an encrypted archive is read without an identity that opens it. */
export class ArchiveKeyError extends Error {
  override name = 'ArchiveKeyError';
}

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

  /** With `recipients`, the compressed tar is encrypted to them as it is written: no plain copy touches the disk. */
  constructor(file: string, recipients: string[] = []) {
    const out = () => createWriteStream(file, { mode: 0o600, flags: 'wx' });
    this.done = recipients.length ? this.writeEncrypted(out, recipients) : pipeline(this.pack, createGzip(), out());
    // The failure is reported by finish(); until then it must not count as unhandled.
    this.done.catch(() => undefined);
  }

  private async writeEncrypted(out: () => NodeJS.WritableStream, recipients: string[]): Promise<void> {
    const encrypter = new Encrypter();
    for (const recipient of recipients) encrypter.addRecipient(recipient);
    const gzip = createGzip();
    const packed = pipeline(this.pack, gzip);
    packed.catch(() => undefined);
    const encrypted = await encrypter.encrypt(Readable.toWeb(gzip) as ReadableStream<Uint8Array>);
    await Promise.all([pipeline(Readable.fromWeb(encrypted as WebReadableStream<Uint8Array>), out()), packed]);
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

/** The archive's compressed bytes: the file itself, or what the identities decrypt of it. */
async function compressedBytes(file: string, identities: string[]): Promise<Readable> {
  if (!isEncryptedArchive(file)) return createReadStream(file);
  if (identities.length === 0)
    throw new ArchiveKeyError('The archive is encrypted: give its identity file with --identity.');
  const decrypter = new Decrypter();
  for (const identity of identities) {
    try {
      decrypter.addIdentity(identity);
    } catch {
      throw new ArchiveKeyError('The identity file holds no valid age identity (AGE-SECRET-KEY-1...).');
    }
  }
  let decrypted: ReadableStream<Uint8Array>;
  try {
    decrypted = await decrypter.decrypt(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  } catch (error) {
    if (/no identity matched/i.test((error as Error).message)) {
      throw new ArchiveKeyError('None of the identities given opens this archive: it was encrypted to another key.');
    }
    throw error;
  }
  return Readable.fromWeb(decrypted as WebReadableStream<Uint8Array>);
}

/**
 * Reads the archive's entries in order (decrypting it with `identities` when it is encrypted). Each
 * entry's body must be read to its end (or resumed) before the next one comes.
 */
export async function* readArchive(file: string, identities: string[] = []): AsyncGenerator<ArchiveEntry> {
  const reader = extract();
  const source = pipeline(
    await compressedBytes(file, identities),
    createGunzip(),
    reader as unknown as NodeJS.WritableStream,
  );
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
