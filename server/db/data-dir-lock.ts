/**
 * One server process per PGlite data directory. PGlite keeps its database in the process's memory and
 * writes files as it goes; two processes on one directory overwrite each other's files, and what one
 * of them committed (paid orders, say) is lost. The lock is a file in the directory naming its holder;
 * a lock whose holder is gone (a crash, a kill -9) is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmdirSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';

/** The holder refreshes the lock's time this often, so another machine sharing the directory can tell it is alive. */
const HEARTBEAT_MS = 10_000;
/** A lock from another machine not refreshed for this long is left from a server that is gone. */
const STALE_AFTER_MS = 6 * HEARTBEAT_MS;
/** A takeover that did not finish in this time was interrupted (its process died). */
const TAKEOVER_STALE_MS = 10_000;

export class DataDirInUse extends Error {}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
}

/** Directories this process holds, so a second open within one process is refused as well. */
const held = new Set<string>();

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? { pid: parsed.pid, host: parsed.host } : undefined;
  } catch {
    return undefined;
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Why the lock in `file` still holds, or undefined when its holder is gone. */
function liveHolder(file: string, dir: string): string | undefined {
  const holder = readHolder(file);
  // Unreadable: being written this instant, or damaged. Only an old one is taken over.
  if (!holder) return ageMs(file) > STALE_AFTER_MS ? undefined : 'a server process that is starting';
  if (holder.host !== hostname()) {
    return ageMs(file) > STALE_AFTER_MS ? undefined : `a server process on ${holder.host} (pid ${holder.pid})`;
  }
  // Our own pid in a lock this process does not hold: left by an earlier process that had the same pid (a container restart).
  if (holder.pid === process.pid) return held.has(dir) ? `this process (pid ${holder.pid})` : undefined;
  return processRuns(holder.pid) ? `another server process (pid ${holder.pid})` : undefined;
}

function createLock(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Removes the lock in `file` if its holder is gone. Removals happen only under a takeover marker (a
 * directory, created atomically), after the lock is read again, so two servers starting at once after a
 * crash cannot both take it, and a live server's lock is never removed.
 */
function removeIfStale(file: string, dir: string): void {
  const marker = `${file}.takeover`;
  try {
    mkdirSync(marker);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (ageMs(marker) > TAKEOVER_STALE_MS) {
      try {
        rmdirSync(marker);
      } catch {
        // Another server cleared it first.
      }
    }
    return;
  }
  try {
    if (!liveHolder(file, dir)) unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  } finally {
    rmdirSync(marker);
  }
}

/** Takes the directory for this process, or throws DataDirInUse naming `shownAs` and the holder. */
export function lockDataDir(dir: string, shownAs = dir): DataDirLock {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, LOCK_FILE);
  mkdirSync(resolved, { recursive: true });
  const deadline = Date.now() + 2 * TAKEOVER_STALE_MS;
  while (!(held.has(resolved) ? false : createLock(file))) {
    const holder = liveHolder(file, resolved);
    if (holder) {
      throw new DataDirInUse(
        `DATA_DIR ${shownAs} is in use by ${holder}; stop it first or set DATABASE_URL. ` +
          `If no such server runs, delete ${file}.`,
      );
    }
    if (Date.now() > deadline) throw new DataDirInUse(`DATA_DIR ${shownAs}: could not take over the lock ${file}; delete it if no server uses the directory`);
    removeIfStale(file, resolved);
  }
  held.add(resolved);

  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // The next beat tries again; a missing file only weakens the guard against other machines.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    held.delete(resolved);
    const holder = readHolder(file);
    if (holder && holder.pid === process.pid && holder.host === hostname()) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    }
  };
  // A process that exits without closing the database (a failed start, say) leaves no lock behind.
  process.on('exit', release);
  return { file, release };
}
