/**
 * A server that cannot start says why on the last line of stderr, in one line and without a stack, and
 * leaves nothing behind that stands in the way of the next start once the cause is fixed: a full disk,
 * a file-size limit, a DATA_DIR it may not write, data files it may not read and write, a DATA_DIR held
 * by another server, an empty lock left by a failed start, a migration that fails, a database it
 * cannot reach.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { LOCK_FILE, lockDataDir } from './db/data-dir-lock';
import { failedStart, freePort, lastErrorLine, startServer, type ServerProcess, type SpawnOptions } from './test/server-process';

const isRoot = process.getuid?.() === 0;
/** The user the server runs as in the permission tests: root may read and write anything, so as root they run it as nobody. */
const OTHER_UID = 65534;
const asServerUser: SpawnOptions = isRoot ? { through: ['setpriv', `--reuid=${OTHER_UID}`, `--regid=${OTHER_UID}`, '--clear-groups'] } : {};
const canSwitchUser = !isRoot || spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']).status === 0;

let root: string;
const running: ServerProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dealmarket-start-'));
  // Passable for the user the server runs as.
  chmodSync(root, 0o755);
});

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop(5_000)));
  rmSync(root, { recursive: true, force: true });
}, 30_000);

/** A fresh DATA_DIR for one test, owned by the user the server will run as. */
function dataDir(name: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir);
  if (isRoot) chownSync(dir, OTHER_UID, OTHER_UID);
  return dir;
}

/** PGlite in `dir`, whatever the test run's own database is. */
const pgliteIn = (dir: string) => ({ DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' });

/** Starts a server that must fail, and returns the one line it said; it exited with 1, with no stack on stderr. */
async function whyItFails(env: Record<string, string>, options: SpawnOptions = {}): Promise<string> {
  const { server, code } = await failedStart(env, options);
  const stderr = server.stderr.join('');
  expect(code, server.log.join('')).toBe(1);
  expect(stderr, 'a stack on stderr').not.toMatch(/^\s+at /m);
  return lastErrorLine(server);
}

/** Starts a server that must serve, checks it does, and stops it. */
async function startsAndServes(env: Record<string, string>, options: SpawnOptions = {}): Promise<void> {
  const server = await startServer(env, options);
  running.push(server);
  expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  expect((await fetch(`${server.base}/api/deals`)).status).toBe(200);
  await server.stop();
  expect(server.process.exitCode).toBe(0);
}

/** Mounts a tmpfs of `size` on `dir`, when this machine lets the test mount one (as root); says whether it did. */
function mountTmpfs(dir: string, size: string): boolean {
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0777`, 'tmpfs', dir]).status === 0;
}

describe('a failed start', () => {
  it('on a DATA_DIR another server holds names it; once it is let go, an empty lock left by a failed start does not block the next', async () => {
    const dir = dataDir('held');
    const lock = lockDataDir(dir);
    try {
      expect(await whyItFails(pgliteIn(dir))).toBe(
        `DATA_DIR ${dir} is in use by another server process (pid ${process.pid}); stop it first or set DATABASE_URL. If no such server runs, delete ${lock.file}.`,
      );
    } finally {
      lock.release();
    }
    // What a start that failed while writing its lock used to leave: an empty file.
    writeFileSync(path.join(dir, LOCK_FILE), '');
    await startsAndServes(pgliteIn(dir));
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 180_000);

  it.skipIf(!isRoot)('on a full disk says so, leaves no lock, and the next start after space is freed works', async (context) => {
    const dir = path.join(root, 'full');
    mkdirSync(dir);
    // Room for the lock and the first files, not for the database's 16 MB write-ahead log.
    if (!mountTmpfs(dir, '8m')) context.skip('no tmpfs can be mounted here');
    try {
      expect(await whyItFails(pgliteIn(dir))).toBe(`DATA_DIR ${dir}: the disk is full (ENOSPC); free some space and start again`);
      expect(readdirSync(dir)).toEqual([]);
      expect(spawnSync('mount', ['-o', 'remount,size=256m', dir]).status).toBe(0);
      await startsAndServes(pgliteIn(dir));
    } finally {
      spawnSync('umount', [dir]);
    }
  }, 180_000);

  it('under a file-size limit says so, leaves nothing behind, and the next start without it works', async () => {
    const dir = dataDir('file-size-limit');
    // Below the 16 MB files of the write-ahead log, in the shell's blocks of 512 or 1024 bytes.
    const limited: SpawnOptions = { through: ['/bin/sh', '-c', 'ulimit -f 8192 && exec "$0" "$@"'] };
    expect(await whyItFails(pgliteIn(dir), limited)).toBe(
      `DATA_DIR ${dir}: a file-size limit stops the database's files from growing (EFBIG; see ulimit -f); lift it and start again`,
    );
    // PGlite cannot open a database whose creation was cut short: what it wrote is gone again.
    expect(readdirSync(dir)).toEqual([]);
    await startsAndServes(pgliteIn(dir));
  }, 180_000);

  it.skipIf(!canSwitchUser)('on a DATA_DIR it may not write, or data files it may not read and write, says so; fixed, the next start works', async () => {
    const dir = dataDir('permissions');
    // Read-only for the server's user.
    if (isRoot) chownSync(dir, 0, 0);
    chmodSync(dir, 0o555);
    const line = await whyItFails(pgliteIn(dir), asServerUser);
    expect(line).toMatch(new RegExp(`^DATA_DIR ${dir} is not writable by the user the server runs as \\(.*\\) \\(EACCES\\); make it writable or choose another DATA_DIR$`));
    if (isRoot) expect(line).toContain(`(nobody, uid ${OTHER_UID})`);
    if (isRoot) chownSync(dir, OTHER_UID, OTHER_UID);
    chmodSync(dir, 0o755);
    await startsAndServes(pgliteIn(dir), asServerUser);

    // The database's files, copied in by someone else (restored from a backup as root, say).
    const relation = path.join(dir, 'base');
    const files = readdirSync(relation, { recursive: true }).map((f) => path.join(relation, String(f))).filter((f) => statSync(f).isFile());
    for (const file of files) {
      if (isRoot) chownSync(file, 0, 0);
      chmodSync(file, isRoot ? 0o600 : 0o000);
    }
    expect(await whyItFails(pgliteIn(dir), asServerUser)).toMatch(
      new RegExp(`^DATA_DIR ${dir}: the server may not read and write its file base/\\S+ \\(EACCES\\); the directory and its files must belong to the user the server runs as \\(.*\\)$`),
    );
    // Given back to the server's user (the failed start removed a file or two of its own meanwhile).
    for (const file of files.filter((f) => existsSync(f))) {
      if (isRoot) chownSync(file, OTHER_UID, OTHER_UID);
      chmodSync(file, 0o600);
    }
    await startsAndServes(pgliteIn(dir), asServerUser);
  }, 240_000);

  it('when a migration fails names it and the database reason; fixed, the next start works', async () => {
    const dir = dataDir('migration');
    // A database that already has a table the first migration creates.
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await database.db.execute(sql`create table "deals" ("id" integer)`);
    await database.close();

    expect(await whyItFails(pgliteIn(dir))).toBe('A database migration failed (0000_init): relation "deals" already exists');

    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    await again.db.execute(sql`drop table "deals"`);
    await again.close();
    await startsAndServes(pgliteIn(dir));
  }, 180_000);

  it('against a database nobody listens at says it could not reach it', async () => {
    const port = await freePort();
    expect(await whyItFails({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/dealmarket`, DB_CONNECT_TIMEOUT_MS: '2000' })).toBe(
      `Could not reach the database at DATABASE_URL: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });
});
