/**
 * One server process per PGlite DATA_DIR: a second one refuses to start (two would overwrite each
 * other's files and lose what the other committed), while a lock left by a server that crashed does
 * not stand in the way of the next start.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './db/data-dir-lock';
import { spawnServer, startServer, waitUntilHealthy, type ServerProcess } from './test/server-process';

let dataDir: string;
let env: Record<string, string>;
const started: ServerProcess[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dealmarket-data-dir-'));
  // PGlite with this directory, whatever the test run's own database is.
  env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
});

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop(5_000)));
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const lockHolder = () => (JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid;

describe('two servers on one DATA_DIR', () => {
  it('the second refuses to start, naming the directory and the first, which keeps serving', async () => {
    const first = await startServer(env);
    started.push(first);

    const second = await spawnServer(env);
    started.push(second);
    const code = await Promise.race([second.exited, waitUntilHealthy(second).then(() => 'started and serving')]);
    expect(code, second.log.join('')).toBe(1);
    expect(second.log.join('')).toContain(`DATA_DIR ${dataDir} is in use by another server process (pid ${first.process.pid}); stop it first or set DATABASE_URL`);

    expect(first.process.exitCode).toBeNull();
    expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
    expect((await fetch(`${first.base}/api/deals`)).status).toBe(200);
    expect(lockHolder()).toBe(first.process.pid);
  }, 240_000);

  it('a lock left by a server that crashed does not block the next start, and a clean stop removes the lock', async () => {
    const first = started[0]!;
    first.process.kill('SIGKILL');
    await first.exited;
    // The crashed server's lock is still there, naming a process that no longer runs.
    expect(lockHolder()).toBe(first.process.pid);

    const next = await startServer(env);
    started.push(next);
    expect(lockHolder()).toBe(next.process.pid);
    expect((await fetch(`${next.base}/api/health`)).status).toBe(200);

    await next.stop();
    expect(next.process.exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 240_000);
});
