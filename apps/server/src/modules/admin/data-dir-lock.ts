import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The embedded database (PGlite) may be opened by one process at a time: a second one would not see the first's
 * changes and the two can corrupt the directory. The process that opens it first creates DATA_DIR/daybook.lock
 * with O_EXCL and its pid; the lock is stale when that process is gone (or the pid now names another process).
 */
export const LOCK_FILE = 'daybook.lock';
/** The role the server writes into the lock (server-control.ts); any other holder is a command run by hand. */
export const SERVER_LOCK_ROLE = 'Daybook server';

const LockContent = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  /** The kernel's start time of the process (Linux), so a reused pid does not look like the holder. */
  startTime: z.string().nullable(),
  role: z.string(),
  since: z.string(),
});
export type LockHolder = z.infer<typeof LockContent>;

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder | null,
  ) {
    super(
      holder
        ? `The data directory is in use by process ${holder.pid} (${holder.role}, since ${holder.since}); lock file ${lockPath}.`
        : `The data directory is locked (${lockPath}), by a process that is starting or has just stopped.`,
    );
  }
}

export type DataDirLock = { path: string; release(): void };

/** Field 22 of /proc/<pid>/stat: ticks since boot when the process started; null off Linux. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: LockHolder): boolean {
  // Another machine sharing the directory (NFS) cannot be checked from here: assume it is alive.
  if (holder.hostname !== hostname()) return true;
  // A restarted container often reuses the same pid: our own pid in the file is a lock from a previous life.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = processStartTime(holder.pid);
  return !(holder.startTime && startTime && holder.startTime !== startTime);
}

function readHolder(lockPath: string): LockHolder | null | 'missing' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    return LockContent.parse(JSON.parse(text));
  } catch {
    return null; // being written right now, or garbage
  }
}

/** Who holds the lock now, or null when it is free (a stale lock counts as free). */
export function lockHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  if (holder === 'missing') return null;
  if (holder === null) return { pid: 0, hostname: '', startTime: null, role: 'unknown', since: 'unknown' };
  return isAlive(holder) ? holder : null;
}

export function acquireDataDirLock(dataDir: string, role: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const content: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startTime: processStartTime(process.pid),
    role,
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(lockPath, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder === 'missing') continue;
      // An unreadable lock may be one being written this instant: never break it.
      if (holder === null || isAlive(holder)) throw new DataDirLockedError(lockPath, holder);
      rmSync(lockPath, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${JSON.stringify(content)}\n`);
    } finally {
      closeSync(fd);
    }
    let isReleased = false;
    return {
      path: lockPath,
      release() {
        if (isReleased) return;
        isReleased = true;
        // Only our own lock: never remove one another process took after a stale-lock break.
        const holder = readHolder(lockPath);
        if (holder !== 'missing' && holder?.pid === process.pid) rmSync(lockPath, { force: true });
      },
    };
  }
  throw new DataDirLockedError(lockPath, null);
}
