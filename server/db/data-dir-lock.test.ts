import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUse, DataDirUnusable, diagnoseDataDir, errnoOf, fileSystemProblem, LOCK_FILE, lockDataDir, type DataDirLock } from './data-dir-lock';

let dir: string;
const held: DataDirLock[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dealmarket-lock-'));
});

afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
  rmSync(dir, { recursive: true, force: true });
});

const take = (shownAs?: string) => {
  const lock = lockDataDir(dir, shownAs);
  held.push(lock);
  return lock;
};

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

const writeLock = (holder: { pid: number; host: string }, ageMs = 0) => {
  const file = path.join(dir, LOCK_FILE);
  writeFileSync(file, JSON.stringify(holder));
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
};

describe('lockDataDir', () => {
  it('writes a lock naming this process and removes it on release', () => {
    const lock = take();
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    // Free again.
    take();
  });

  it('refuses a directory that a running process holds, naming the directory and the process', () => {
    // This test runner's parent runs for as long as the test does.
    writeLock({ pid: process.ppid, host: hostname() });
    expect(() => take('./data')).toThrow(DataDirInUse);
    expect(() => take('./data')).toThrow(`DATA_DIR ./data is in use by another server process (pid ${process.ppid}); stop it first or set DATABASE_URL`);
    // The holder's lock is left alone.
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.ppid);
  });

  it('refuses a second lock within one process', () => {
    take();
    expect(() => lockDataDir(dir)).toThrow(/in use by this process/);
  });

  it('takes over a lock whose process has ended', () => {
    writeLock({ pid: deadPid(), host: hostname() });
    const lock = take();
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
  });

  it("takes over a lock with this process's pid that this process does not hold (an earlier process with the same pid)", () => {
    writeLock({ pid: process.pid, host: hostname() });
    expect(take().file).toBe(path.join(dir, LOCK_FILE));
  });

  it('refuses a fresh lock from another machine, and takes over one that stopped being refreshed', () => {
    writeLock({ pid: 4242, host: 'elsewhere' });
    expect(() => take('/shared/data')).toThrow('DATA_DIR /shared/data is in use by a server process on elsewhere (pid 4242)');
    writeLock({ pid: 4242, host: 'elsewhere' }, 5 * 60_000);
    take();
  });

  it('takes over an empty or damaged lock at once: it names no holder (a start that failed writing it left it)', () => {
    const file = path.join(dir, LOCK_FILE);
    for (const content of ['', '{"pid":', 'not json', '{"pid":"1234"}']) {
      writeFileSync(file, content);
      const lock = take();
      expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
      lock.release();
    }
  });

  it('never shows a lock half written, and leaves no temporary file behind', () => {
    const lock = take();
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    // A second taker sees a whole lock naming this process.
    expect(() => lockDataDir(dir)).toThrow(/in use by this process/);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says in one line when the directory cannot be made: a file stands where it should be', () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, '');
    expect(() => lockDataDir(path.join(file, 'data'), './a-file/data')).toThrow(DataDirUnusable);
    expect(() => lockDataDir(path.join(file, 'data'), './a-file/data')).toThrow(
      'DATA_DIR ./a-file/data is not a directory, or a file stands in its path (ENOTDIR); choose another DATA_DIR',
    );
  });
});

describe('what a file-system error means for DATA_DIR', () => {
  /** PGlite's file system reports an error as an object with emscripten's number and no message. */
  const pgliteError = (errno: number) => Object.assign(Object.create(null) as object, { name: 'ErrnoError', errno });
  const nodeError = (code: string) => Object.assign(new Error(`${code}: something, write`), { code });

  it.each([
    ['a full disk, from PGlite', pgliteError(51), 'DATA_DIR ./data: the disk is full (ENOSPC); free some space and start again'],
    ['a full disk, from Node', nodeError('ENOSPC'), 'DATA_DIR ./data: the disk is full (ENOSPC); free some space and start again'],
    ['a spent quota', pgliteError(19), 'DATA_DIR ./data: the disk quota is used up (EDQUOT); free some space or raise the quota and start again'],
    ['a file-size limit', nodeError('EFBIG'), "DATA_DIR ./data: a file-size limit stops the database's files from growing (EFBIG; see ulimit -f); lift it and start again"],
    ['a read-only file system', pgliteError(69), 'DATA_DIR ./data is on a read-only file system (EROFS); give the server a writable directory'],
    ['a file in the way', nodeError('ENOTDIR'), 'DATA_DIR ./data is not a directory, or a file stands in its path (ENOTDIR); choose another DATA_DIR'],
  ])('%s', (_what, err, line) => {
    expect(fileSystemProblem(err, './data')).toBe(line);
  });

  it('names the file the server may not use, or else the directory, and the user it runs as', () => {
    expect(fileSystemProblem(pgliteError(2), './data', 'base/5/1259')).toMatch(
      /^DATA_DIR \.\/data: the server may not read and write its file base\/5\/1259 \(EACCES\); the directory and its files must belong to the user the server runs as \(.*uid \d+\)$/,
    );
    expect(fileSystemProblem(nodeError('EACCES'), './data')).toMatch(/^DATA_DIR \.\/data is not writable by the user the server runs as \(.*\) \(EACCES\); make it writable or choose another DATA_DIR$/);
  });

  it('is nothing for errors that are not about files', () => {
    expect(fileSystemProblem(new Error('Aborted(). Build with -sASSERTIONS for more info.'), './data')).toBeUndefined();
    expect(fileSystemProblem(Object.assign(new Error('duplicate key'), { code: '23505' }), './data')).toBeUndefined();
    expect(errnoOf(pgliteError(999))).toBe('errno 999');
  });

  it('finds nothing wrong with a directory the server may use, so the error lies elsewhere', () => {
    writeFileSync(path.join(dir, 'PG_VERSION'), '17');
    expect(diagnoseDataDir(dir, './data', new Error('Aborted(). Build with -sASSERTIONS for more info.'))).toBeUndefined();
    // The probe left nothing behind.
    expect(readdirSync(dir)).toEqual(['PG_VERSION']);
  });
});

describe('openDatabase on a PGlite directory', () => {
  it('holds the directory until closed', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir: dir, dataDirShownAs: 'the-dir' });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir: dir, dataDirShownAs: 'the-dir' })).rejects.toThrow(/^DATA_DIR the-dir is in use by this process/);
      expect(await first.ping()).toBe(true);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    await second.close();
  }, 60_000);
});
