/**
 * One server process per PGlite data directory. PGlite keeps its database in the process's memory and
 * writes files as it goes; two processes on one directory overwrite each other's files, and what one
 * of them committed (paid orders, say) is lost. The lock is a file in the directory naming its holder;
 * a lock whose holder is gone (a crash, a kill -9) is taken over.
 *
 * Also here: why a directory cannot be used (a full disk, a read-only directory, files the server may not
 * read or write), said in one line, since PGlite itself only reports `Aborted()` or an error object
 * without a message.
 */
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname, userInfo } from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';

/** The holder refreshes the lock's time this often, so another machine sharing the directory can tell it is alive. */
const HEARTBEAT_MS = 10_000;
/** A lock from another machine not refreshed for this long is left from a server that is gone. */
const STALE_AFTER_MS = 6 * HEARTBEAT_MS;
/** A takeover that did not finish in this time was interrupted (its process died). */
const TAKEOVER_STALE_MS = 10_000;

export class DataDirInUse extends Error {}

/** The directory cannot be used by this server: its message says why, in one line, and what to do. */
export class DataDirUnusable extends Error {}

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

/** The lock's holder, or undefined when the file is missing, empty or damaged (it is written whole, never in parts). */
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
  // A lock appears with its content (createLock), so an empty or damaged one names nobody: left by a
  // start that failed while writing it (a full disk) or by a damaged file system.
  if (!holder) return undefined;
  if (holder.host !== hostname()) {
    return ageMs(file) > STALE_AFTER_MS ? undefined : `a server process on ${holder.host} (pid ${holder.pid})`;
  }
  // Our own pid in a lock this process does not hold: left by an earlier process that had the same pid (a container restart).
  if (holder.pid === process.pid) return held.has(dir) ? `this process (pid ${holder.pid})` : undefined;
  return processRuns(holder.pid) ? `another server process (pid ${holder.pid})` : undefined;
}

/** File systems without hard links answer link() so; the lock is then created in place. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Creates the lock naming this process, whole: written under a temporary name, then linked to its own
 * name, which fails if a lock is there already. Nobody ever sees it empty or half written, and a write
 * that fails (a full disk) leaves no lock behind.
 */
function createLock(file: string): boolean {
  const content = JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, content, { flag: 'wx' });
    try {
      linkSync(temporary, file);
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') return false;
      if (!NO_HARD_LINKS.has(code)) throw err;
    }
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // Never written, or already gone.
    }
  }
  return createLockInPlace(file, content);
}

/** The lock created under its own name and written after (for file systems without hard links); removed if the write fails. */
function createLockInPlace(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, content);
  } catch (err) {
    closeSync(fd);
    unlinkSync(file);
    throw err;
  }
  closeSync(fd);
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

/**
 * Takes the directory for this process, or throws DataDirInUse naming `shownAs` and the holder, or
 * DataDirUnusable when the directory cannot be created or written (a full disk, a read-only directory).
 */
export function lockDataDir(dir: string, shownAs = dir): DataDirLock {
  try {
    return takeLock(dir, shownAs);
  } catch (err) {
    const problem = fileSystemProblem(err, shownAs);
    throw problem ? new DataDirUnusable(problem) : err;
  }
}

function takeLock(dir: string, shownAs: string): DataDirLock {
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

/** Emscripten's numbers for the errors PGlite's file system reports (an `ErrnoError` carries only the number). */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  22: 'EFBIG',
  29: 'EIO',
  31: 'EISDIR',
  44: 'ENOENT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/** The errno name of a file-system error, whether Node's (`code: 'ENOSPC'`) or PGlite's (`ErrnoError`, `errno: 51`). */
export function errnoOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, errno, name } = err as { code?: unknown; errno?: unknown; name?: unknown };
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`;
  return undefined;
}

/** Who the server runs as, for messages about files it may not use. */
function currentUser(): string {
  try {
    return `${userInfo().username}, uid ${process.getuid?.() ?? '?'}`;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

/**
 * The one line that says why the directory could not be used, from a file-system error, or undefined
 * when `err` is not one. `file` names the file it happened on, when that is known and is not the directory.
 */
export function fileSystemProblem(err: unknown, shownAs: string, file?: string): string | undefined {
  const code = errnoOf(err);
  switch (code) {
    case 'ENOSPC':
      return `DATA_DIR ${shownAs}: the disk is full (ENOSPC); free some space and start again`;
    case 'EDQUOT':
      return `DATA_DIR ${shownAs}: the disk quota is used up (EDQUOT); free some space or raise the quota and start again`;
    case 'EFBIG':
      return `DATA_DIR ${shownAs}: a file-size limit stops the database's files from growing (EFBIG; see ulimit -f); lift it and start again`;
    case 'EROFS':
      return `DATA_DIR ${shownAs} is on a read-only file system (EROFS); give the server a writable directory`;
    case 'EACCES':
    case 'EPERM':
      return file
        ? `DATA_DIR ${shownAs}: the server may not read and write its file ${file} (${code}); the directory and its files must belong to the user the server runs as (${currentUser()})`
        : `DATA_DIR ${shownAs} is not writable by the user the server runs as (${currentUser()}) (${code}); make it writable or choose another DATA_DIR`;
    case 'ENOTDIR':
      return `DATA_DIR ${shownAs} is not a directory, or a file stands in its path (ENOTDIR); choose another DATA_DIR`;
    case 'EIO':
      return `DATA_DIR ${shownAs}: the disk reported an input/output error (EIO)${file ? ` on ${file}` : ''}; check the disk`;
    default:
      return undefined;
  }
}

/** A WAL segment, the largest file PGlite writes at once: a probe this big finds a full disk or a file-size limit. */
const PROBE_BYTES = 16 * 1024 * 1024 + 1;
/** A data directory has about a thousand entries; the search for an unusable one stops at this many. */
const MOST_ENTRIES_CHECKED = 50_000;

/** Writes a probe file as large as PGlite's largest, then removes it; returns the error, if any. */
function probeWrite(dir: string): unknown {
  const probe = path.join(dir, `.write-check.${process.pid}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(probe, 'w');
    const chunk = Buffer.alloc(1024 * 1024);
    for (let written = 0; written < PROBE_BYTES; written += chunk.length) writeSync(fd, chunk, 0, Math.min(chunk.length, PROBE_BYTES - written));
    return undefined;
  } catch (err) {
    return err;
  } finally {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(probe);
    } catch {
      // Never created.
    }
  }
}

/** The first entry under `dir` the server may not read and write (or list and enter), with its error. */
function firstUnusableEntry(dir: string): { file: string; err: unknown } | undefined {
  const pending = [dir];
  let checked = 0;
  while (pending.length > 0 && checked < MOST_ENTRIES_CHECKED) {
    const current = pending.pop()!;
    let names: string[];
    try {
      accessSync(current, constants.R_OK | constants.W_OK | constants.X_OK);
      names = readdirSync(current);
    } catch (err) {
      return { file: path.relative(dir, current) || '.', err };
    }
    for (const name of names) {
      if (name === LOCK_FILE) continue;
      checked++;
      const entry = path.join(current, name);
      try {
        if (statSync(entry).isDirectory()) {
          pending.push(entry);
          continue;
        }
        closeSync(openSync(entry, 'r+'));
      } catch (err) {
        return { file: path.relative(dir, entry), err };
      }
    }
  }
  return undefined;
}

/**
 * Why PGlite could not open (or migrate) the database in `dir`, in one line: from the error itself when it
 * names a file-system error, else by looking (a probe write the size of PGlite's largest file, then every
 * file it must read and write). PGlite often reports no more than `Aborted()`. Undefined when nothing
 * is wrong with the directory, so the error lies elsewhere.
 */
export function diagnoseDataDir(dir: string, shownAs: string, err: unknown): string | undefined {
  const direct = fileSystemProblem(err, shownAs);
  if (direct && errnoOf(err) !== 'EACCES' && errnoOf(err) !== 'EPERM') return direct;
  const resolved = path.resolve(dir);
  const probe = probeWrite(resolved);
  if (probe) return fileSystemProblem(probe, shownAs) ?? `DATA_DIR ${shownAs}: cannot write to it (${describeError(probe)})`;
  const unusable = firstUnusableEntry(resolved);
  if (unusable) {
    const file = unusable.file === '.' ? undefined : unusable.file;
    return fileSystemProblem(unusable.err, shownAs, file) ?? `DATA_DIR ${shownAs}: cannot use ${unusable.file} (${describeError(unusable.err)})`;
  }
  return direct;
}

function describeError(err: unknown): string {
  if (err instanceof Error) return err.message.split('\n')[0] ?? err.name;
  return errnoOf(err) ?? String(err);
}
