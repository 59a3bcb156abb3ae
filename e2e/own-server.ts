// A second built server for journeys that need a world of their own (say, one with no superadmin yet): a free port,
// a fresh PGlite directory (with or without the demo data), development mode and a bootstrap secret. Stop it when done.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathOf } from '../contract/endpoint';
import { systemEndpoints } from '../contract/system';

const root = path.resolve(import.meta.dirname, '..');
const STARTUP_TIMEOUT_MS = 60_000;

export interface OwnServer {
  baseURL: string;
  bootstrapSecret: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

export async function startOwnServer(options: { bootstrapSecret: string; demoData?: boolean }): Promise<OwnServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dealmarket-own-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    SEED_DEMO_DATA: options.demoData === false ? 'false' : 'true',
    LOG_LEVEL: 'warn',
    BOOTSTRAP_SECRET: options.bootstrapSecret,
    WRITE_RATE_LIMIT: '0',
  };
  delete env.DATABASE_URL;
  delete env.WEB_DIST_DIR;
  delete env.PUBLIC_ORIGIN;

  const entry = path.join(path.resolve(root, process.env.OUT_DIR ?? 'dist'), 'server/main.js');
  const server = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  server.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // A hook that times out while the server is still starting never gets to stop it; the test process's exit does.
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await stop();
      throw new Error(`the server exited before it was healthy:\n${output.join('')}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not healthy at ${baseURL} after ${STARTUP_TIMEOUT_MS / 1000} s:\n${output.join('')}`);
    }
    const healthy = await fetch(`${baseURL}${pathOf(systemEndpoints.health)}`, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return { baseURL, bootstrapSecret: options.bootstrapSecret, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
