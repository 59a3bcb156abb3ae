// Starts the built server for the browser journeys and returns the teardown that stops it and deletes its data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { E2E_ADMIN, E2E_BOOTSTRAP_SECRET } from './accounts';
import { pathOf } from '../contract/endpoint';
import { adminAccountEndpoints } from '../contract/admin';
import { authEndpoints } from '../contract/auth';
import { systemEndpoints } from '../contract/system';

const root = path.resolve(import.meta.dirname, '..');
const STARTUP_TIMEOUT_MS = 60_000;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set; run the journeys through playwright.config.ts');
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dealmarket-e2e-'));

  // A fresh embedded database every run: no DATABASE_URL, no leftovers, demo data loaded on start.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    BOOTSTRAP_SECRET: E2E_BOOTSTRAP_SECRET,
    // Every journey talks from one address; the per-address budgets have their own API tests.
    WRITE_RATE_LIMIT: '0',
    SMS_CODES_PER_ADDRESS_HOURLY: '100000',
    LOGINS_PER_ADDRESS_15_MIN: '100000',
  };
  delete env.DATABASE_URL;
  delete env.WEB_DIST_DIR;
  delete env.PUBLIC_ORIGIN;

  const entry = path.join(path.resolve(root, process.env.OUT_DIR ?? 'dist'), 'server/main.js');
  const server = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    // Warnings and errors while the journeys run explain failures such as a 500 behind an empty page.
    if (ready) process.stderr.write(text.replace(/^(?=.)/gm, '[server] '));
  };
  let ready = false;
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (!ready) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await stop();
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before it was healthy:\n${output.join('')}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not healthy at ${baseURL}${pathOf(systemEndpoints.health)} after ${STARTUP_TIMEOUT_MS / 1000} s (${lastProblem}):\n${output.join('')}`);
    }
    try {
      const res = await fetch(`${baseURL}${pathOf(systemEndpoints.health)}`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) ready = true;
      else lastProblem = `health answered ${res.status}`;
    } catch (err) {
      lastProblem = err instanceof Error ? err.message : String(err);
    }
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    await createSuperadmin(baseURL);
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}

/** The journeys share one superadmin, made the way a real install makes its first one: bootstrap, then a password. */
async function createSuperadmin(baseURL: string): Promise<void> {
  const boot = await fetch(`${baseURL}${pathOf(adminAccountEndpoints.bootstrap)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-bootstrap-secret': E2E_BOOTSTRAP_SECRET },
    body: JSON.stringify({ phone: E2E_ADMIN.phone }),
  });
  if (!boot.ok) throw new Error(`bootstrapping the journeys' superadmin failed: ${boot.status} ${await boot.text()}`);
  const { sessionId } = (await boot.json()) as { sessionId: string };
  const password = await fetch(`${baseURL}${pathOf(authEndpoints.changePassword)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionId}` },
    body: JSON.stringify({ newPassword: E2E_ADMIN.password }),
  });
  if (!password.ok) throw new Error(`setting the superadmin's password failed: ${password.status} ${await password.text()}`);
}
