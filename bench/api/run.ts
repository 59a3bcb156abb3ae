/**
 * GET /api/deals against bare Node yardsticks, measured as ratios in one run (npm run bench:api).
 *
 * The built server (node .tmp/dist-bench/server/main.js, or BENCH_DIST) runs on core 0, autocannon on core 1.
 * Our server runs with its default settings (LOG_LEVEL info: a line per request, as a newcomer runs
 * it). Three configurations of it are compared with two bare node:http servers on the same core:
 *   - list cache on (CATALOG_CACHE_MS default) vs a bare server answering the same bytes;
 *   - PostgreSQL, cache off vs a bare server running the same query as a prepared statement and
 *     writing the same JSON with JSON.stringify;
 *   - PGlite (no DATABASE_URL), cache off, reported beside the PostgreSQL figures;
 *   - `detail`: the deal page's data, GET /api/deals/{id} of the seeded deal with a group offer, a gallery, reviews
 *     and a limited offer, against the list's first page of the same server (PostgreSQL, cache off).
 * Each run measures each comparison at each connection count in turns of `--slice` seconds (bare,
 * ours, bare, ours, ...), so both sides meet the same machine; the verdict is the median of the
 * runs' ratios.
 *
 *   npx tsx bench/api/run.ts [--runs=3] [--duration=10] [--warmup=3] [--slice=1] [--connections=10,100] [--skip-build]
 *                            [--only=cached,pg,pglite,detail] [--log-level=<level>] [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *
 * --only measures some of the comparisons (by default all but `detail`, which has its own verdict) and starts
 * only the servers they need; --log-level runs our servers at another LOG_LEVEL than their default (warn: no
 * request log), to price the log; neither is for a verdict of the list's. BENCH_DIST=<dir> builds and runs the
 * server in another directory than .tmp/dist-bench.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { shopperFirstPageSql } from '../../server/catalog/deal-list';
import { dealEndpoints, type Deal } from '../../contract/deals';
import { pathOf } from '../../contract/endpoint';
import type { BareSettings } from './bare-server';
import type { LoadResult } from './load';
import { DEAL_COUNT, seedCatalog } from './seed';
import {
  buildDist,
  capture,
  createDatabase,
  DEFAULT_ADMIN_URL,
  describeMachine,
  fixed,
  freePort,
  LOAD_CPU,
  loadAverage,
  machine,
  markdownTable,
  median,
  options,
  ROOT,
  runMain,
  scratchDir,
  SERVER_BUNDLE,
  SERVER_CPU,
  startPinned,
  startServer,
  verdict,
  waitForHttp,
  whole,
  type Started,
} from './harness';

const LIST_PATH = `/api/deals?limit=${DEAL_COUNT}`;
/** The targets, at every connection count. */
const CACHED_RPS_RATIO = 0.85;
const CACHED_P99_RATIO = 1.5;
const DATABASE_RPS_RATIO = 0.8;
/** The deal page's data against the list's first page of the same server, both read from PostgreSQL. */
const DETAIL_RPS_RATIO = 1.0;
const DETAIL_P99_RATIO = 1.5;

/** The comparisons, by their --only names: the servers measured in turns. */
const COMPARISONS = new Map<string, Target['key'][]>([
  ['cached', ['bare-bytes', 'ours-cached']],
  ['pg', ['bare-pg', 'ours-pg']],
  ['pglite', ['ours-pglite']],
  ['detail', ['ours-pg-list', 'ours-pg-detail']],
]);

interface Target {
  key: 'bare-bytes' | 'ours-cached' | 'bare-pg' | 'ours-pg' | 'ours-pglite' | 'ours-pg-list' | 'ours-pg-detail';
  label: string;
  origin: string;
  /** The address asked for: the list's first page, or one deal for `detail`. */
  path: string;
  /** The server process, whose CPU time is read around each measurement. */
  pid: number | undefined;
}

/** CPU seconds (user + system) a process has used so far, from /proc; NaN where that cannot be read. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Runs the load generator on its own core over a group of URLs, taking turns, and reads its JSON line. */
async function load(urls: string[], o: { connections: number; duration: number; warmup: number; slice: number }): Promise<LoadResult[]> {
  const request = JSON.stringify({ urls, ...o });
  const out = await capture('taskset', ['-c', String(LOAD_CPU), process.execPath, '--import', 'tsx', path.join(ROOT, 'bench/api/load.ts'), request]);
  if (out.code !== 0) throw new Error(`load generator failed (${out.code}): ${out.stderr.slice(-2000)}`);
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as LoadResult[];
}


async function startBare(config: BareSettings, dir: string, label: string): Promise<Started & { origin: string }> {
  const port = await freePort();
  const file = path.join(dir, `${label}.json`);
  writeFileSync(file, JSON.stringify({ ...config, port }));
  const logFile = path.join(dir, `${label}.log`);
  const started = startPinned(SERVER_CPU, process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/api/bare-server.ts'), file], {
    env: process.env,
    cwd: ROOT,
    logFile,
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/api/health`, started, logFile);
  return { ...started, origin };
}

async function main(): Promise<void> {
  const opt = options(process.argv.slice(2));
  const runs = opt.int('runs', 3);
  const connectionCounts = opt.text('connections', '10,100').split(',').map(Number);
  if (connectionCounts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--connections must be positive whole numbers, separated by commas');
  const loadOptions = {
    duration: opt.int('duration', 10),
    warmup: opt.int('warmup', 3),
    slice: opt.int('slice', 1),
  };
  const adminUrl = opt.text('admin-url', DEFAULT_ADMIN_URL);
  const only = new Set(opt.text('only', 'cached,pg,pglite').split(','));
  // The servers the chosen comparisons need; the uncached PostgreSQL one is always started (its list is the one checked).
  const needCached = only.has('cached');
  const needLite = only.has('pglite');
  const needBarePg = only.has('pg') || only.has('pglite');
  if ([...only].some((c) => !COMPARISONS.has(c))) throw new Error(`--only takes ${[...COMPARISONS.keys()].join(', ')}, separated by commas`);
  const logLevel = opt.text('log-level', '');
  const logEnv: Record<string, string> = logLevel ? { LOG_LEVEL: logLevel } : {};
  const m = machine();
  console.log(`machine: ${describeMachine(m)}`);
  if (!opt.flag('skip-build') || !existsSync(SERVER_BUNDLE)) await buildDist();
  const dir = scratchDir('bench-api');

  // One PostgreSQL database and one PGlite directory, seeded alike before any server opens them.
  const database = await createDatabase(adminUrl, 'dealmarket_bench_api');
  const pgDb = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  await pgDb.migrate();
  await seedCatalog(pgDb.db);
  // The statement our list runs for the first page (the page with its figures), for a page of DEAL_COUNT.
  const firstPage = shopperFirstPageSql(pgDb.db, DEAL_COUNT + 1);
  const pageQuery = { text: firstPage.sql, values: firstPage.params, limit: DEAL_COUNT };
  await pgDb.close();
  const pgliteDir = path.join(dir, 'pglite');
  if (needLite) {
    const liteDb = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    await liteDb.migrate();
    await seedCatalog(liteDb.db);
    await liteDb.close();
  }

  // Our server as it runs by default, with its request log on (LOG_LEVEL info); the lines go to a file.
  const cached = needCached ? await startServer({ label: 'ours-cached', logDir: dir, defaultLogLevel: true, env: { DATABASE_URL: database.url, ...logEnv } }) : null;
  // --cpu-prof=<dir>: a V8 CPU profile of this server (the list read from PostgreSQL), written there when it stops.
  const cpuProf = opt.text('cpu-prof', '');
  const uncached = await startServer({
    label: 'ours-pg',
    logDir: dir,
    defaultLogLevel: true,
    env: { DATABASE_URL: database.url, CATALOG_CACHE_MS: '0', ...logEnv },
    ...(cpuProf ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf)}`] } : {}),
  });
  const lite = needLite
    ? await startServer({ label: 'ours-pglite', logDir: dir, defaultLogLevel: true, env: { DATA_DIR: pgliteDir, CATALOG_CACHE_MS: '0', ...logEnv } })
    : null;

  // The bare server answers with exactly what ours sends for the page.
  const sample = await fetch(`${(cached ?? uncached).origin}${LIST_PATH}`);
  const body = Buffer.from(await sample.arrayBuffer());
  const contentType = sample.headers.get('content-type') ?? 'application/json; charset=utf-8';
  // Same bytes on the wire: every header ours sends too, but those Node adds itself (date,
  // connection, keep-alive) and with a fixed request id in place of a fresh one.
  const answerHeaders = Object.fromEntries([...sample.headers.entries()].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type'].includes(name)));
  const listed = JSON.parse(body.toString('utf8')) as Deal[];
  if (sample.status !== 200 || listed.length !== DEAL_COUNT) throw new Error(`expected ${DEAL_COUNT} deals, got ${sample.status} with ${listed.length}`);
  const bodyFile = path.join(dir, 'deals.json');
  writeFileSync(bodyFile, body);
  for (const other of [uncached, lite]) {
    if (!other) continue;
    const again = Buffer.from(await (await fetch(`${other.origin}${LIST_PATH}`)).arrayBuffer());
    if (again.length !== body.length) throw new Error(`${other.logFile}: list body differs in size (${again.length} vs ${body.length} bytes)`);
  }
  const bareBytes = needCached ? await startBare({ mode: 'bytes', contentType, headers: answerHeaders, bodyFile }, dir, 'bare-bytes') : null;
  const barePg = needBarePg ? await startBare({ mode: 'pg', databaseUrl: database.url, poolSize: 10, page: pageQuery }, dir, 'bare-pg') : null;
  if (barePg) {
    const probe = await fetch(`${barePg.origin}${LIST_PATH}`);
    if (probe.status !== 200) throw new Error(`bare pg server answered ${probe.status}`);
    if ((await probe.text()) !== body.toString('utf8')) throw new Error('the bare pg server answers other bytes than ours');
    console.log(`list body ${body.length} bytes (${contentType}), the same from the bare pg server`);
  }

  // The deal page's richest case: a group offer, a gallery, reviews and a limited offer.
  const rich = listed.find((d) => d.groupSize !== null && d.galleryUrls.length > 0 && d.reviewCount > 0 && d.remaining !== null);
  if (!rich) throw new Error('the seeded catalogue has no deal with a group offer, a gallery, reviews and a limited offer');
  const detailPath = pathOf(dealEndpoints.get, { id: rich.id });
  const detail = await fetch(`${uncached.origin}${detailPath}`);
  const detailBody = await detail.text();
  if (detail.status !== 200 || detailBody !== JSON.stringify(rich)) throw new Error(`${detailPath} answered ${detail.status}, not the deal the list shows`);
  if (only.has('detail')) console.log(`detail ${detailPath}: ${detailBody.length} bytes, the deal as the list shows it`);

  const none = { origin: '', child: { pid: undefined } };
  const targets: Target[] = [
    { key: 'bare-bytes', label: 'bare node:http, same bytes', path: LIST_PATH, origin: (bareBytes ?? none).origin, pid: (bareBytes ?? none).child.pid },
    { key: 'ours-cached', label: 'our server, list cache on (CATALOG_CACHE_MS=1000)', path: LIST_PATH, origin: (cached ?? none).origin, pid: (cached ?? none).child.pid },
    { key: 'bare-pg', label: 'bare node:http + pg, prepared statement', path: LIST_PATH, origin: (barePg ?? none).origin, pid: (barePg ?? none).child.pid },
    { key: 'ours-pg', label: 'our server, PostgreSQL, CATALOG_CACHE_MS=0', path: LIST_PATH, origin: uncached.origin, pid: uncached.child.pid },
    { key: 'ours-pglite', label: 'our server, PGlite, CATALOG_CACHE_MS=0', path: LIST_PATH, origin: (lite ?? none).origin, pid: (lite ?? none).child.pid },
    { key: 'ours-pg-list', label: 'GET /api/deals?limit=20 (20 deals)', path: LIST_PATH, origin: uncached.origin, pid: uncached.child.pid },
    { key: 'ours-pg-detail', label: 'GET /api/deals/{id} (one deal)', path: detailPath, origin: uncached.origin, pid: uncached.child.pid },
  ];
  console.log(
    `autocannon: ${connectionCounts.join(' and ')} connections, ${loadOptions.warmup} s warm-up, then ${loadOptions.duration} s per server ` +
      `in turns of ${loadOptions.slice} s with the server it is compared with, ${runs} runs`,
  );
  // Each comparison is measured in turns (bare, ours, bare, ours, ...), so both meet the same machine.
  const groups = [...only].map((c) => COMPARISONS.get(c)!);
  const byKey = new Map(targets.map((t) => [t.key, t]));
  /** Results by connection count, then by server. */
  const results = new Map(connectionCounts.map((c) => [c, new Map<Target['key'], LoadResult[]>(targets.map((t) => [t.key, []]))]));
  const loads: string[] = [];
  for (let r = 1; r <= runs; r++) {
    for (const connections of connectionCounts) {
      for (const group of groups) {
        const members = group.map((key) => byKey.get(key)!);
        loads.push(loadAverage().split(' ')[0]!);
        const cpuBefore = members.map((t) => cpuSeconds(t.pid));
        const measured = await load(members.map((t) => `${t.origin}${t.path}`), { ...loadOptions, connections });
        for (const [i, t] of members.entries()) {
          const res = measured[i]!;
          // A diagnostic beside the rates, less sensitive to other work on the machine: the server's
          // CPU time over its warm-up and turns, per request answered.
          const cpuPerRequest = ((cpuSeconds(t.pid) - cpuBefore[i]!) / (res.requests + res.warmupRequests)) * 1e6;
          results.get(connections)!.get(t.key)!.push(res);
          console.log(
            `run ${r} c=${String(connections).padEnd(3)} ${t.label.padEnd(52)} ${whole(res.rps).padStart(7)} req/s  p50 ${fixed(res.p50, 2)} ms  p99 ${fixed(res.p99, 2)} ms  non-2xx ${res.non2xx}  errors ${res.errors}  server CPU ~${whole(cpuPerRequest)} us/request  (load ${loadAverage()})`,
          );
        }
      }
    }
  }
  for (const s of [cached, uncached, lite, bareBytes, barePg]) await s?.stop();
  await database.drop();

  console.log(`\nmachine: ${describeMachine(m)}; 1-minute load average before each comparison: ${loads.join(', ')}`);
  const settings = logLevel ? `LOG_LEVEL ${logLevel}` : 'default settings (LOG_LEVEL info, request log to a file)';
  console.log(`server: node ${path.relative(ROOT, SERVER_BUNDLE)} on core ${SERVER_CPU} (taskset), ${settings}, WRITE_RATE_LIMIT=0, DB_POOL_SIZE=10; autocannon on core ${LOAD_CPU}`);
  for (const connections of connectionCounts) {
    const byServer = results.get(connections)!;
    const med = (key: Target['key']) => {
      const rs = byServer.get(key)!;
      return {
        rps: median(rs.map((x) => x.rps)),
        p50: median(rs.map((x) => x.p50)),
        p99: median(rs.map((x) => x.p99)),
        runs: rs.map((x) => whole(x.rps)).join(' / '),
        failures: rs.reduce((n, x) => n + x.non2xx + x.errors, 0),
      };
    };
    // Each run's ratio compares two measurements taken back to back, so a change in the machine's
    // background load between runs cancels out; the verdict uses the median of the runs' ratios.
    const ratio = (key: Target['key'], base: Target['key'], f: (r: LoadResult) => number) => {
      const ours = byServer.get(key)!;
      const theirs = byServer.get(base)!;
      const each = ours.map((r, i) => f(r) / f(theirs[i]!));
      return { median: median(each), each: each.map((x) => fixed(x, 2)).join(' / ') };
    };
    const row = (t: Target, base: Target['key'] | null, target: (rps: number, p99: number) => string): (string | number)[] => {
      const m = med(t.key);
      const rps = base ? ratio(t.key, base, (r) => r.rps) : null;
      const p99 = base ? ratio(t.key, base, (r) => r.p99) : null;
      return [
        t.label, whole(m.rps), fixed(m.p50, 2), fixed(m.p99, 2), m.runs, m.failures,
        rps ? `${fixed(rps.median, 2)}x (${rps.each})` : '1.00x',
        p99 ? `${fixed(p99.median, 2)}x (${p99.each})` : '1.00x',
        target(rps?.median ?? 1, p99?.median ?? 1),
      ];
    };
    const measured = (key: Target['key']) => byServer.get(key)!.length > 0;
    const rows = [
      measured('bare-bytes') && row(targets[0]!, null, () => 'yardstick'),
      measured('ours-cached') &&
        row(targets[1]!, 'bare-bytes', (rps, p99) =>
          `req/s >= ${CACHED_RPS_RATIO}x: ${verdict(rps >= CACHED_RPS_RATIO)}; p99 <= ${CACHED_P99_RATIO}x: ${verdict(p99 <= CACHED_P99_RATIO)}`),
      measured('bare-pg') && row(targets[2]!, null, () => 'yardstick'),
      measured('ours-pg') && row(targets[3]!, 'bare-pg', (rps) => `req/s >= ${DATABASE_RPS_RATIO}x: ${verdict(rps >= DATABASE_RPS_RATIO)}`),
      measured('ours-pglite') && row(targets[4]!, measured('bare-pg') ? 'bare-pg' : null, () => 'reported only (vs bare + pg)'),
    ].filter((r) => r !== false);
    const head = ['req/s (median)', 'p50 ms', 'p99 ms', 'req/s of each run', 'non-2xx + errors', 'req/s ratio, median (each run)', 'p99 ratio, median (each run)', 'target'];
    if (rows.length > 0) console.log(`\n${markdownTable([`GET /api/deals?limit=20 (20 deals), ${connections} connections`, ...head], rows)}`);
    if (measured('ours-pg-detail')) {
      const detailRows = [
        row(targets[5]!, null, () => 'yardstick'),
        row(targets[6]!, 'ours-pg-list', (rps, p99) =>
          `req/s >= ${fixed(DETAIL_RPS_RATIO)}x: ${verdict(rps >= DETAIL_RPS_RATIO)}; p99 <= ${DETAIL_P99_RATIO}x: ${verdict(p99 <= DETAIL_P99_RATIO)}`),
      ];
      console.log(`\n${markdownTable([`our server, PostgreSQL, CATALOG_CACHE_MS=0, ${connections} connections`, ...head], detailRows)}`);
    }
  }
  console.log('');
}

runMain(main);
