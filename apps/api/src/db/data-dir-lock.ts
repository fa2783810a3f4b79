import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database serves one process at a time: two processes writing the same folder
 * corrupt it. The process that opens it writes `DATA_DIR/db.pid` (its process id and host) and
 * removes it on close; another process finding a live holder refuses to open the folder.
 */

interface Holder {
  pid: number;
  host: string;
}

/** Folders this process holds open, so that a second open in the same process is seen too. */
const heldHere = new Set<string>();

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

function lockFile(dataDir: string): string {
  return path.join(dataDir, 'db.pid');
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string')
      return { pid: parsed.pid, host: parsed.host };
  } catch {
    // Missing or unreadable: nobody holds the folder.
  }
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process holding the embedded database of `dataDir` open, or null when none does. */
export function findDatabaseHolder(dataDir: string): Holder | null {
  const resolved = path.resolve(dataDir);
  const holder = readHolder(lockFile(resolved));
  if (!holder) return null;
  if (holder.host !== hostname()) return holder;
  // A file naming this very process is left from an earlier run whose process id was reused,
  // unless this process really holds the folder.
  if (holder.pid === process.pid) return heldHere.has(resolved) ? holder : null;
  return isAlive(holder.pid) ? holder : null;
}

/**
 * Claims the embedded database of `dataDir` for this process and answers the release; throws
 * DatabaseInUseError when another live process holds it.
 */
export function holdDatabase(dataDir: string): () => void {
  const resolved = path.resolve(dataDir);
  const file = lockFile(resolved);
  const holder = findDatabaseHolder(resolved);
  if (holder) {
    throw new DatabaseInUseError(
      `The embedded database in ${resolved} is in use by process ${holder.pid} on ${holder.host}. ` +
        'Stop that process first (the embedded database serves one process at a time). ' +
        `If no such process runs any more, delete ${file}.`,
    );
  }
  // Exclusive creation after removing a stale file: of two processes starting at once, one wins.
  rmSync(file, { force: true });
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readHolder(file);
    throw new DatabaseInUseError(
      `The embedded database in ${resolved} was just opened by process ${winner?.pid ?? 'unknown'}; stop it first.`,
    );
  }
  writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname() }));
  closeSync(fd);
  heldHere.add(resolved);
  return () => {
    heldHere.delete(resolved);
    const current = readHolder(file);
    if (current && current.pid === process.pid && current.host === hostname()) rmSync(file, { force: true });
  };
}
