/**
 * Catalogue read benchmark: seeds a fresh database (PostgreSQL, then PGlite) with a large catalogue,
 * serves the real app in this process on 127.0.0.1, loads GET /api/deals with autocannon from a
 * child process (so the load generator does not share the server's event loop), prints requests/s,
 * p50 and p99 per scenario, and the EXPLAIN (ANALYZE) plans of the list and search queries.
 * The PostgreSQL database is created for the run and dropped at the end, unless --keep leaves it for
 * a later run's --reuse=<name> (which skips the seed, applies any new migration, and drops it at the end
 * unless --keep is given again).
 *
 *   npx tsx bench/catalog/run.ts [--engine=both|postgres|pglite] [--deals=100000] [--pglite-deals=100000]
 *                                [--duration=10] [--connections=10] [--target-p99=50] [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *                                [--keep] [--reuse=dealmarket_bench_...] [--only=<words of scenario names>]
 *
 * Each scenario is reported against the target: p99 at most --target-p99 milliseconds, no errors.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Result } from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/env';
import { MIGRATIONS_FOLDER, openDatabase, type Database, type Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { encodeCursor } from '../../server/db/keyset';
import { categoriesSql, CATEGORY_SLUGS, CENTRE, COMMON_WORD, DEAL_STOCK_SQL, dealsSql, merchantCount, MERCHANT_NAME, merchantsSql, RARE_WORD } from './seed';
import { NEXT_CURSOR_HEADER } from '../../contract/constants';

type Engine = 'postgres' | 'pglite';

interface Options {
  engines: Engine[];
  deals: number;
  pgliteDeals: number;
  duration: number;
  connections: number;
  targetP99: number;
  adminUrl: string;
  /** Leave the PostgreSQL database in place at the end. */
  keep: boolean;
  /** A database a --keep run left, used as it is instead of a fresh one. */
  reuse: string | undefined;
  /** Only the scenarios whose name contains one of these (comma-separated), for looking into a result. */
  only: string[];
}

function parseOptions(argv: string[]): Options {
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const int = (name: string, fallback: number) => {
    const raw = arg(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
    return n;
  };
  const engine = arg('engine') ?? 'both';
  if (!['both', 'postgres', 'pglite'].includes(engine)) throw new Error('--engine must be both, postgres or pglite');
  const deals = int('deals', 100_000);
  return {
    engines: engine === 'both' ? ['postgres', 'pglite'] : [engine as Engine],
    deals,
    pgliteDeals: int('pglite-deals', deals),
    duration: int('duration', 10),
    connections: int('connections', 10),
    targetP99: int('target-p99', 50),
    adminUrl: arg('admin-url') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    keep: argv.includes('--keep'),
    reuse: arg('reuse'),
    only: (arg('only') ?? '').split(',').filter((w) => w !== ''),
  };
}

/** A database handle for the app plus the raw access the benchmark needs: bulk SQL and EXPLAIN with parameters. */
interface BenchDatabase {
  database: Database;
  /** Whether it holds a catalogue already (--reuse). */
  seeded: boolean;
  exec(sqlText: string): Promise<void>;
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Runs `during` while recording every query the app's driver sends, whichever way the app sends it. */
  capturing(during: () => Promise<void>): Promise<CapturedQuery[]>;
  /** Closes everything and, on a server, drops the database. */
  dispose(): Promise<void>;
}

interface CapturedQuery {
  text: string;
  params: unknown[];
}

/**
 * Wraps `owner[method]` while `during` runs, recording the SQL text and parameters of each call: the
 * driver's own query method sees every statement, whether drizzle, a prepared statement or a named
 * one sent it.
 */
async function spyOn<O extends object>(owner: O, method: keyof O & string, during: () => Promise<void>): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const own = Object.prototype.hasOwnProperty.call(owner, method);
  const original = owner[method] as (...args: unknown[]) => unknown;
  (owner as Record<string, unknown>)[method] = function (this: unknown, first: unknown, second: unknown, ...rest: unknown[]) {
    if (typeof first === 'string') captured.push({ text: first, params: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      captured.push({ text: config.text, params: config.values ?? (Array.isArray(second) ? second : []) });
    }
    return original.call(this, first, second, ...rest);
  };
  try {
    await during();
  } finally {
    if (own) (owner as Record<string, unknown>)[method] = original;
    else delete (owner as Record<string, unknown>)[method];
  }
  return captured;
}

async function openPostgres(adminUrl: string, keep: boolean, reuse: string | undefined): Promise<BenchDatabase> {
  if (reuse !== undefined && !/^dealmarket_bench_\w+$/.test(reuse)) throw new Error('--reuse takes the name of a dealmarket_bench_* database');
  const name = reuse ?? `dealmarket_bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (reuse === undefined) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  // One connection, so the load's session settings (triggers off, memory for index builds) hold for all its steps.
  const raw = new pg.Client({ connectionString: url.toString() });
  await raw.connect();
  return {
    database,
    seeded: reuse !== undefined,
    exec: async (text) => void (await raw.query(text)),
    query: async <T>(text: string, params: unknown[] = []) => (await raw.query(text, params)).rows as T[],
    // The pool's own client class (server/db/client.ts may give it one), whose query every statement goes through.
    capturing: (during) => spyOn((database.db as unknown as { $client: { Client: typeof pg.Client } }).$client.Client.prototype, 'query', during),
    async dispose() {
      await raw.end();
      await database.close();
      if (keep) return console.log(`kept database ${name}: --reuse=${name}`);
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
      console.log(`dropped database ${name}`);
    },
  };
}

/** In-memory PGlite, built here rather than by openDatabase so the benchmark can reach the client for EXPLAIN. */
async function openPglite(): Promise<BenchDatabase> {
  const client = new PGlite({ extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'pglite',
    migrate: async () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => (await client.query('select 1')).rows.length === 1,
    close: () => client.close(),
  };
  return {
    database,
    seeded: false,
    exec: async (text) => void (await client.exec(text)),
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    capturing: (during) => spyOn(client, 'query', during),
    dispose: () => client.close(),
  };
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Migrates and loads the catalogue as a restore does: the indexes of `deals` and `deal_stock` are
 * dropped and built again afterwards from their own definitions, and the rows are written with
 * triggers off (session_replication_role = replica), the merchant's name and the stock buckets
 * written by the load itself as the triggers would (seed.ts), the foreign keys unchecked since the
 * load makes them hold. Then VACUUM ANALYZE, so the benchmark meets the statistics and visibility
 * map a live database has, and no autovacuum of the fresh rows runs during it, and a CHECKPOINT, so
 * the load's gigabytes are not written out during the measurements.
 */
async function seed(bench: BenchDatabase, deals: number): Promise<void> {
  const merchants = merchantCount(deals);
  await timed('migrate', () => bench.database.migrate());
  const started = performance.now();
  await timed(`insert ${merchants.toLocaleString('en-US')} merchants`, () => bench.exec(merchantsSql(merchants)));
  await timed(`insert ${CATEGORY_SLUGS.length} categories`, () => bench.exec(categoriesSql()));
  const indexes = await bench.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename in ('deals', 'deal_stock')
       and indexname not in (select conname from pg_constraint where conrelid in ('deals'::regclass, 'deal_stock'::regclass))`,
  );
  const [stockKey] = await bench.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'deal_stock'::regclass and contype = 'p'`,
  );
  for (const index of indexes) await bench.exec(`drop index "${index.name}"`);
  if (stockKey) await bench.exec(`alter table deal_stock drop constraint "${stockKey.name}"`);
  await bench.exec('set session_replication_role = replica');
  await timed(`insert ${deals.toLocaleString('en-US')} deals`, () => bench.exec(dealsSql(deals, merchants)));
  await timed(`insert ${(deals * 16).toLocaleString('en-US')} deal_stock rows`, () => bench.exec(DEAL_STOCK_SQL));
  await bench.exec('reset session_replication_role');
  await bench.exec(`set maintenance_work_mem = '512MB'`);
  await timed(`build ${indexes.length + (stockKey ? 1 : 0)} indexes`, async () => {
    for (const index of indexes) await bench.exec(index.definition);
    if (stockKey) await bench.exec(`alter table deal_stock add constraint "${stockKey.name}" ${stockKey.definition}`);
  });
  await bench.exec('reset maintenance_work_mem');
  await timed('vacuum analyze', () => bench.exec('vacuum analyze'));
  // The load's pages written out now, not by the checkpointer in the middle of the measurements.
  await timed('checkpoint', () => bench.exec('checkpoint'));
  console.log(`seed: ${((performance.now() - started) / 1000).toFixed(1)} s after the migrations`);
}

interface Scenario {
  name: string;
  path: string;
}

/** The cursor the API gives after `depth` rows of `path` (read a hundred at a time), for a deep page of an order other than newest. */
async function cursorAfter(origin: string, path: string, depth: number): Promise<string> {
  let cursor = '';
  for (let read = 0; read < depth; read += 100) {
    const res = await fetch(`${origin}${path}&limit=${Math.min(100, depth - read)}${cursor ? `&cursor=${cursor}` : ''}`);
    const next = res.headers.get(NEXT_CURSOR_HEADER);
    if (res.status !== 200 || !next) throw new Error(`${path} ran out before row ${depth} (${res.status})`);
    cursor = next;
  }
  return cursor;
}

async function scenarios(bench: BenchDatabase, origin: string, wanted: (name: string) => boolean): Promise<Scenario[]> {
  const [counted] = await bench.query<{ visible: number }>(
    `select count(*)::int as visible from deals d join merchants m on m.id = d.merchant_id where d.status = 'published' and m.status = 'active'`,
  );
  const visible = counted?.visible ?? 0;
  const depth = Math.floor(visible * 0.8);
  const [deep] = await bench.query<{ created_at: string; id: string }>(
    `select to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, d.id from deals d join merchants m on m.id = d.merchant_id
     where d.status = 'published' and m.status = 'active' order by d.created_at desc, d.id desc offset $1 limit 1`,
    [depth],
  );
  if (!deep) throw new Error('the catalogue is too small for a deep page');
  const position = { createdAt: deep.created_at, id: deep.id };
  const cursor = encodeCursor(position);
  const limit = 20;
  const nearest = `/api/deals?sort=nearest&lat=${CENTRE.lat}&lng=${CENTRE.lng}`;
  // Merchants without a position come last; the deep page is among the placed ones.
  const nearDepth = Math.floor(visible * 0.6);
  const nearDeep = `sort=nearest, deep cursor (row ${nearDepth.toLocaleString('en-US')})`;
  const all = [
    { name: 'first page', path: `/api/deals?limit=${limit}` },
    { name: `deep cursor (row ${depth.toLocaleString('en-US')} of ${visible.toLocaleString('en-US')})`, path: `/api/deals?limit=${limit}&cursor=${cursor}` },
    { name: `q=${COMMON_WORD} (common)`, path: `/api/deals?limit=${limit}&q=${COMMON_WORD}` },
    { name: `q=${RARE_WORD} (rare)`, path: `/api/deals?limit=${limit}&q=${RARE_WORD}` },
    { name: `q=${MERCHANT_NAME} (merchant)`, path: `/api/deals?limit=${limit}&q=${encodeURIComponent(MERCHANT_NAME)}` },
    { name: `category=${CATEGORY_SLUGS[0]} (1 in 5)`, path: `/api/deals?limit=${limit}&category=${CATEGORY_SLUGS[0]}` },
    { name: 'price $50-$80 (15%)', path: `/api/deals?limit=${limit}&minPriceCents=5000&maxPriceCents=8000` },
    { name: 'minRating=4.5', path: `/api/deals?limit=${limit}&minRating=4.5` },
    { name: 'sort=popular', path: `/api/deals?limit=${limit}&sort=popular` },
    { name: 'sort=price_asc', path: `/api/deals?limit=${limit}&sort=price_asc` },
    { name: 'sort=price_desc, category, price range', path: `/api/deals?limit=${limit}&sort=price_desc&category=${CATEGORY_SLUGS[1]}&maxPriceCents=10000` },
    { name: 'sort=ending_soon', path: `/api/deals?limit=${limit}&sort=ending_soon` },
    { name: 'sort=nearest', path: `${nearest}&limit=${limit}` },
    // Its cursor is walked to through the API only when the scenario runs.
    { name: nearDeep, path: '' },
    { name: 'sort=nearest, category, minRating=4', path: `${nearest}&limit=${limit}&category=${CATEGORY_SLUGS[2]}&minRating=4` },
  ].filter((s) => wanted(s.name));
  for (const s of all) if (s.name === nearDeep) s.path = `${nearest}&limit=${limit}&cursor=${await timed('walk to the deep nearest cursor', () => cursorAfter(origin, nearest, nearDepth))}`;
  return all;
}

interface Measured {
  scenario: string;
  /** What EXPLAIN ANALYZE says the query did, in a few words. */
  plan: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  rows: number;
}

const require = createRequire(import.meta.url);

/** Runs autocannon's CLI in a child process and reads its JSON result. */
function autocannon(url: string, duration: number, connections: number): Promise<Result> {
  const cli = require.resolve('autocannon/autocannon.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--json', '--duration', String(duration), '--connections', String(connections), url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      try {
        resolve(JSON.parse(out) as Result);
      } catch {
        reject(new Error(`autocannon printed no JSON: ${out.slice(0, 500)} ${err.slice(0, 500)}`));
      }
    });
  });
}

/** Indexes used, whether deals were read whole, and the execution time, from an EXPLAIN ANALYZE text. */
function summarisePlan(plan: string): string {
  const indexes = [...new Set([...plan.matchAll(/(?:Bitmap Index Scan on|Index Scan(?: Backward)? using|Index Only Scan(?: Backward)? using) (\w+)/g)].map((m) => m[1]!))];
  const parts = [indexes.length > 0 ? `indexes: ${indexes.join(', ')}` : 'no index'];
  if (/Seq Scan on deals/.test(plan)) parts.push('seq scan of deals');
  // The bought / sold-today counts are correlated subqueries: how often they ran shows whether they ran before or after the LIMIT.
  const loops = [...plan.matchAll(/on vouchers \w+ \(actual[^)]*loops=(\d+)\)/g)].map((m) => Number(m[1]));
  if (loops.length > 0) parts.push(`voucher counts run ${Math.max(...loops).toLocaleString('en-US')}x`);
  const time = /Execution Time: ([\d.]+) ms/.exec(plan);
  if (time) parts.push(`${Number(time[1]).toFixed(1)} ms`);
  return parts.join('; ');
}

/**
 * EXPLAIN ANALYZE of the query the API runs for the scenario: one request is served with the
 * driver watched (the list cache is off, so it reaches the database), and its deal-list query is
 * explained with the same parameters.
 */
async function explain(bench: BenchDatabase, origin: string, s: Scenario): Promise<string> {
  const captured = await bench.capturing(async () => {
    const res = await fetch(`${origin}${s.path}`);
    await res.arrayBuffer();
  });
  const main = captured.find((c) => /from "deals"/i.test(c.text) && /order by/i.test(c.text));
  if (!main) throw new Error(`no deal-list query captured for ${s.path}: ${captured.map((c) => c.text.slice(0, 80)).join(' | ')}`);
  const plan = await bench.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${main.text}`, main.params);
  return plan.map((r) => r['QUERY PLAN']).join('\n');
}

async function runEngine(engine: Engine, options: Options): Promise<{ measured: Measured[]; deals: number; plans: string[] }> {
  const bench = engine === 'postgres' ? await openPostgres(options.adminUrl, options.keep, options.reuse) : await openPglite();
  let deals = engine === 'postgres' ? options.deals : options.pgliteDeals;
  if (bench.seeded) deals = (await bench.query<{ n: number }>('select count(*)::int as n from deals'))[0]?.n ?? 0;
  // The machine may be shared: the load average says how much else was running.
  console.log(`\n=== ${engine}: ${deals.toLocaleString('en-US')} deals, ${merchantCount(deals).toLocaleString('en-US')} merchants (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}) ===`);
  // An interrupted run still drops its database.
  const onSignal = () => void bench.dispose().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (bench.seeded) await timed('migrate', () => bench.database.migrate());
    else await seed(bench, deals);
    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', CATALOG_CACHE_MS: '0', WRITE_RATE_LIMIT: '0' });
    const app = await buildApp({ config, database: bench.database });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const measured: Measured[] = [];
    const plans: string[] = [];
    try {
      for (const s of await scenarios(bench, origin, (name) => options.only.length === 0 || options.only.some((w) => name.includes(w)))) {
        const probe = await fetch(`${origin}${s.path}`);
        if (probe.status !== 200) throw new Error(`${s.path} answered ${probe.status}: ${await probe.text()}`);
        const rows = ((await probe.json()) as unknown[]).length;
        const r = await autocannon(`${origin}${s.path}`, options.duration, options.connections);
        const plan = await explain(bench, origin, s);
        plans.push(`--- ${engine}: ${s.name}\n${plan}`);
        const m = { scenario: s.name, plan: summarisePlan(plan), rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, rows };
        measured.push(m);
        console.log(`${s.name.padEnd(44)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  rows ${rows}  errors ${m.errors}  non-2xx ${m.non2xx}  ${verdict(m, options.targetP99)}  | ${m.plan}`);
      }
    } finally {
      await app.close();
    }
    return { measured, deals, plans };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await bench.dispose();
  }
}

/** Whether a scenario met the target: p99 within it and every request answered 2xx. */
function verdict(m: Measured, targetP99: number): string {
  return m.p99 <= targetP99 && m.errors + m.non2xx === 0 ? `meets p99 <= ${targetP99} ms` : `MISSES p99 <= ${targetP99} ms`;
}

function markdownTable(engine: Engine, deals: number, rows: Measured[], targetP99: number): string {
  const head = `| ${engine} (${deals.toLocaleString('en-US')} deals) | req/s | p50 ms | p99 ms | rows | errors | target | plan (EXPLAIN ANALYZE, unloaded) |\n|---|---:|---:|---:|---:|---:|---|---|`;
  return [head, ...rows.map((m) => `| ${m.scenario} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.rows} | ${m.errors + m.non2xx} | ${verdict(m, targetP99)} | ${m.plan} |`)].join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  console.log(`machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`);
  console.log(`autocannon: ${options.connections} connections, ${options.duration} s per scenario; started ${new Date().toISOString()}`);
  const tables: string[] = [];
  const plans: string[] = [];
  for (const engine of options.engines) {
    const result = await runEngine(engine, options);
    tables.push(markdownTable(engine, result.deals, result.measured, options.targetP99));
    plans.push(...result.plans);
  }
  console.log(`\n${tables.join('\n\n')}\n`);
  console.log(plans.join('\n\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
