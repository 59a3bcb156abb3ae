/**
 * Plumbing shared by the API, flash-sale and web benchmarks: building the server once, starting
 * processes pinned to one core and stopping every one of them, throwaway PostgreSQL databases,
 * the machine's description, and small statistics and table helpers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** The benchmarks build here, apart from dist/ that other runs may be using (BENCH_DIST to choose another). */
const DIST_DIR = process.env.BENCH_DIST ?? '.tmp/dist-bench';
export const DIST = path.resolve(ROOT, DIST_DIR);
export const SERVER_BUNDLE = path.join(DIST, 'server/main.js');
export const DEFAULT_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server gets one core and the load generator the other, so neither steals the other's time. */
export const SERVER_CPU = 0;
export const LOAD_CPU = 1;

/** Reads `--name=value` options; numbers must be positive whole numbers. */
export function options(argv: string[]) {
  const raw = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return {
    flag: (name: string) => argv.includes(`--${name}`),
    text: (name: string, fallback: string) => raw(name) ?? fallback,
    int(name: string, fallback: number): number {
      const value = raw(name);
      const n = value === undefined ? fallback : Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
      return n;
    },
  };
}

export interface Machine {
  nproc: number;
  memory: string;
  cpu: string;
  node: string;
  load: string;
  date: string;
}

export function machine(): Machine {
  const meminfo = readFileSync('/proc/meminfo', 'utf8');
  const kb = Number(/MemTotal:\s+(\d+)/.exec(meminfo)?.[1] ?? 0);
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  return {
    nproc: cpus().length,
    memory: `${(kb / 2 ** 20).toFixed(1)} GiB`,
    cpu: /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? 'unknown',
    node: process.version,
    load: loadAverage(),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

export const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ');

export function describeMachine(m: Machine): string {
  return `nproc ${m.nproc}, memory ${m.memory}, CPU ${m.cpu}, node ${m.node}, load average ${m.load}, ${m.date}`;
}

/** CPU time used so far, in ms (Linux's /proc): the machine's busy and idle time over all cores, one process's, and PostgreSQL's. */
export interface CpuReading {
  busyMs: number;
  idleMs: number;
  processMs: number;
  /** Every process named postgres: the server's backends, its WAL writer, checkpointer and the rest. */
  postgresMs: number;
}

/** Clock ticks a second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** A process's user and system time in ms, and its command name; null for one that is gone. */
function processCpu(pid: number | string): { ms: number; comm: string } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name is in parentheses and may hold spaces; utime and stime are the 12th and 13th fields after it.
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  return { ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS, comm: stat.slice(stat.indexOf('(') + 1, close) };
}

/** The CPU time of the machine, of process `pid` and of PostgreSQL's processes, for CPU a request between two readings. */
export function readCpu(pid: number): CpuReading {
  const [, user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  let postgresMs = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const p = processCpu(entry);
    if (p?.comm === 'postgres') postgresMs += p.ms;
  }
  return {
    busyMs: (user! + nice! + system! + irq! + softirq! + steal!) * TICK_MS,
    idleMs: (idle! + iowait!) * TICK_MS,
    processMs: processCpu(pid)?.ms ?? 0,
    postgresMs,
  };
}

/** Builds web and server into DIST with the project's own build script. */
export async function buildDist(): Promise<void> {
  console.log(`building ${DIST_DIR} (node scripts/build.mjs)`);
  // With Vite's manifest, which bench/web reads to find each screen's chunk.
  await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { env: { ...process.env, OUT_DIR: DIST_DIR, BUILD_MANIFEST: 'true' }, cwd: ROOT });
}

/** Runs a command to completion, passing its output through; rejects on a non-zero exit. */
export function run(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: opts.env ?? process.env, cwd: opts.cwd ?? ROOT });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Runs a command to completion and returns what it printed. */
export function capture(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: opts.env ?? process.env, cwd: opts.cwd ?? ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A scratch directory under the system temp dir, removed by cleanup(). */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Clean-up: every process started and every database created is registered here and undone at the
// end, on an error and on Ctrl-C alike.

const cleanups: (() => Promise<void>)[] = [];

export function onCleanup(step: () => Promise<void>): () => void {
  cleanups.push(step);
  return () => {
    const i = cleanups.indexOf(step);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

export async function cleanup(): Promise<void> {
  while (cleanups.length > 0) {
    const step = cleanups.pop()!;
    await step().catch((err: unknown) => console.error('clean-up step failed:', err));
  }
}

/** Runs main, always cleaning up, and exits with its status. */
export function runMain(main: () => Promise<void>): void {
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    console.error('\ninterrupted: stopping processes and dropping databases');
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  main()
    .then(() => cleanup())
    .then(() => process.exit(0))
    .catch(async (err: unknown) => {
      console.error(err);
      await cleanup();
      process.exit(1);
    });
}

// ---------------------------------------------------------------------------------------------
// Processes

export interface Started {
  child: ChildProcess;
  /** Resolves once the process has exited (after SIGTERM, or SIGKILL 10 s later). */
  stop(): Promise<void>;
}

/**
 * Starts `command args` pinned to one core with taskset; its output goes to logFile, written by the
 * process itself (no pipe through this one, which would take CPU time of its own to copy it).
 */
export function startPinned(cpu: number, command: string, args: string[], opts: { env: NodeJS.ProcessEnv; cwd: string; logFile: string }): Started {
  const log = openSync(opts.logFile, 'a');
  const child = spawn('taskset', ['-c', String(cpu), command, ...args], { env: opts.env, cwd: opts.cwd, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    })();
    return stopping;
  };
  const forget = onCleanup(stop);
  void exited.then(forget);
  return { child, stop };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 200, or fails with the last part of the process log. */
export async function waitForHttp(url: string, started: Started, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) break;
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`${url} did not answer within ${timeoutMs} ms (exit code ${started.child.exitCode}):\n${tail}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerOptions {
  label: string;
  env: Record<string, string>;
  logDir: string;
  /** Leave LOG_LEVEL to the server's default (info: a line per request) rather than warn. */
  defaultLogLevel?: boolean;
  /** Extra node flags, e.g. --cpu-prof while looking into a result. */
  nodeArgs?: string[];
}

export interface RunningServer extends Started {
  origin: string;
  logFile: string;
}

/**
 * The built server (dist/server/main.js) on core 0, listening on a free loopback port. Its working
 * directory is a scratch one, so no local .env file changes its settings.
 */
export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const logFile = path.join(o.logDir, `${o.label}.log`);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? o.logDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    ...(o.defaultLogLevel ? {} : { LOG_LEVEL: 'warn' }),
    SEED_DEMO_DATA: 'false',
    WRITE_RATE_LIMIT: '0',
    ...o.env,
  };
  const started = startPinned(SERVER_CPU, process.execPath, [...(o.nodeArgs ?? []), SERVER_BUNDLE], { env, cwd: o.logDir, logFile });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/api/health`, started, logFile);
  return { ...started, origin, logFile };
}

// ---------------------------------------------------------------------------------------------
// Databases

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database for this run; drop() (or the final clean-up) removes it. */
export async function createDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await dropper.end();
    }
    console.log(`dropped database ${name}`);
  };
  const forget = onCleanup(drop);
  return {
    name,
    url: url.toString(),
    drop: async () => {
      forget();
      await drop();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Figures

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0-100) by nearest rank, of values that need not be sorted. */
export function percentile(values: Float64Array | number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export function markdownTable(head: string[], rows: (string | number)[][], align?: ('l' | 'r')[]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const rule = `|${head.map((_, i) => ((align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'r' ? '---:' : '---')).join('|')}|`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

export const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
export const whole = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
