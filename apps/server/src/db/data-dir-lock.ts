// One process at a time on an embedded (PGlite) data directory. PGlite is PostgreSQL inside
// the process that opens it, with no shared memory between processes: a second opener (the
// admin CLI while `npm start` runs) reads a stale copy and its writes are lost or clobber
// the server's. The opener writes a lock file beside the data; another opener finds it,
// and refuses while the process named in it is alive.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'pglite.lock';

interface LockHolder {
  pid: number;
  host: string;
  /** What holds it ('npm start', 'npm run admin -- settings'): never a command's arguments. */
  holder: string;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, held: LockHolder) {
    super(
      `The embedded database in ${dataDir} is open in another process (pid ${held.pid}: ${held.holder}). ` +
        'PGlite takes one process at a time: stop the server first (Ctrl-C in its terminal), ' +
        'then run this command again, or use the admin console at /admin while it runs. ' +
        `If no such process runs, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}

/**
 * Takes the data directory for this process, or throws DataDirLockedError naming the live
 * process that has it. A lock left by a process that is gone (killed, crashed) is taken
 * over. Returns the release, which also runs when the process exits.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, host: hostname(), holder };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // 'wx' creates the file or fails if it exists: two openers cannot both succeed.
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return releaser(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readHolder(file);
    if (held ? held.host !== mine.host || alive(held.pid) : justCreated(file)) {
      // Another host's pid says nothing here (a shared disk): its lock is trusted.
      throw new DataDirLockedError(dataDir, held ?? UNKNOWN);
    }
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(dataDir, readHolder(file) ?? UNKNOWN);
}

const UNKNOWN: LockHolder = { pid: 0, host: '', holder: 'starting' };

/** An unreadable lock is one being written right now, unless it has stayed so. */
function justCreated(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

function releaser(file: string): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
