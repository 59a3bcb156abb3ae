/** Starts the real server (`node --import tsx server/main.ts`) as a child process, for tests that need a whole process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export interface ServerProcess {
  process: ChildProcess;
  base: string;
  /** Everything the process wrote to stdout and stderr so far. */
  log: string[];
  /** What it wrote to stderr alone. */
  stderr: string[];
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has ended. */
  stop(graceMs?: number): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface SpawnOptions {
  /**
   * A command the server is started through, given the server's own command line after it: e.g.
   * `['setpriv', '--reuid=65534', ...]` to run it as another user, or a shell that sets a limit first.
   */
  through?: string[];
}

/** Spawns the server with `env` on top of this process's environment; does not wait for it to listen. */
export async function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const root = path.resolve(import.meta.dirname, '../..');
  const command = [...(options.through ?? []), process.execPath, '--import', 'tsx', 'server/main.ts'];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const stderr: string[] = [];
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => {
    log.push(d.toString());
    stderr.push(d.toString());
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return { process: child, base: `http://127.0.0.1:${port}`, log, stderr, exited, stop };
}

/** The last line the process wrote to stderr (what a failed start says). */
export function lastErrorLine(server: ServerProcess): string {
  return server.stderr.join('').trimEnd().split('\n').at(-1) ?? '';
}

/** Starts the server expecting it to fail: resolves with its exit code once it has ended, or throws if it starts serving. */
export async function failedStart(env: Record<string, string>, options: SpawnOptions = {}, timeoutMs = 120_000): Promise<{ server: ServerProcess; code: number | string }> {
  const server = await spawnServer(env, options);
  const serving = waitUntilHealthy(server, timeoutMs).then(
    () => 'serving' as const,
    () => 'not serving' as const,
  );
  const outcome = await Promise.race([server.exited, serving]);
  if (outcome === 'serving') {
    await server.stop(2_000);
    throw new Error(`the server started, but should have failed:\n${server.log.join('')}`);
  }
  if (server.process.exitCode === null && server.process.signalCode === null) {
    await server.stop(2_000);
    throw new Error(`the server neither served nor stopped:\n${server.log.join('')}`);
  }
  return { server, code: await server.exited };
}

/** Waits until `GET /api/health` answers 200; throws with the process's log when it exits or takes too long. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`server exited early (${server.process.exitCode}):\n${server.log.join('')}`);
    try {
      if ((await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${server.log.join('')}`);
}

/** Starts the server and waits until it is healthy. */
export async function startServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<ServerProcess> {
  const server = await spawnServer(env, options);
  try {
    await waitUntilHealthy(server);
  } catch (err) {
    await server.stop(1_000);
    throw err;
  }
  return server;
}
