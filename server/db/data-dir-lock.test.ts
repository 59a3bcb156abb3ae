import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUse, LOCK_FILE, lockDataDir, type DataDirLock } from './data-dir-lock';

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

  it('takes over a damaged lock only once it is old', () => {
    const file = path.join(dir, LOCK_FILE);
    // Empty: a server writing it this instant.
    writeFileSync(file, '');
    expect(() => take()).toThrow(DataDirInUse);
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(file, old, old);
    take();
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
