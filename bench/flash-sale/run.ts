/**
 * Flash sale through the real endpoints (npm run bench:flash-sale): one deal with 10,000 units,
 * 100,000 checkout attempts (ten times oversubscribed) from 64 keep-alive connections over 10,000
 * customers, every successful checkout paid with the test card. The built server runs on core 0
 * against a fresh PostgreSQL database, the buyers on core 1. Each run is paired with pgbench
 * running the bare hold transaction at the same concurrency (bench/flash-sale/pgbench.ts), and the
 * medians of `--runs` pairs are compared. Each measurement starts after a CHECKPOINT, so none pays
 * for the previous one's dirty pages. Afterwards, the prototypes of pgbench.ts are measured once
 * each to show what a different stock layout would allow.
 *
 *   npx tsx bench/flash-sale/run.ts [--runs=3] [--units=10000] [--attempts=100000] [--concurrency=64]
 *        [--customers=10000] [--pool=10] [--pgbench-seconds=30] [--pgbench-slots=4000] [--no-variants]
 *        [--commit-delay=0] [--commit-siblings=5] [--skip-build] [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *
 * --commit-delay (microseconds, 0 = the server's own setting) turns on PostgreSQL's group commit
 * (docs/DEPLOY.md) for the sale's database and pgbench's alike, so the ratio compares like with like.
 *
 * --scenario=groups runs the group scenario instead (groups.ts: 1,000 groups of 3 filled at once by
 * 3,000 customers), without pgbench:
 *   npx tsx bench/flash-sale/run.ts --scenario=groups [--runs=3] [--groups=1000] [--group-size=3]
 *        [--concurrency=64] [--pool=10] [--skip-build] [--admin-url=...]
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { buildDeal, buildMerchant } from '../../server/db/factories';
import { customersWithSessions } from './customers';
import type { BuyersConfig, BuyersResult } from './buyers';
import { groupScenario } from './groups';
import { preparePgbench, runPgbench, VARIANTS, type PgbenchResult, type Variant } from './pgbench';
import {
  buildDist,
  capture,
  createDatabase,
  DEFAULT_ADMIN_URL,
  describeMachine,
  fixed,
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
  startServer,
  verdict,
  whole,
} from '../api/harness';

/** The targets. */
const P99_LIMIT_MS = 250;
const PGBENCH_RATIO = 0.6;

interface Settings {
  units: number;
  attempts: number;
  concurrency: number;
  customers: number;
  pool: number;
  /** Where the server writes a CPU profile of each sale (--cpu-prof=<dir>), or undefined. */
  cpuProfDir: string | undefined;
  adminUrl: string;
  dir: string;
  groupCommit: GroupCommit;
}

/** PostgreSQL's group commit for a database: commit_delay in microseconds (0: left as the server has it) and commit_siblings. */
interface GroupCommit {
  delay: number;
  siblings: number;
}

/** Sets commit_delay and commit_siblings for every later session of the database at `url` (a superuser's setting). */
async function setGroupCommit(url: string, g: GroupCommit): Promise<void> {
  if (g.delay === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select current_database() as name');
    const name = rows[0]!.name.replace(/"/g, '""');
    await client.query(`alter database "${name}" set commit_delay = ${g.delay}`);
    await client.query(`alter database "${name}" set commit_siblings = ${g.siblings}`);
  } finally {
    await client.end();
  }
}

interface SaleOutcome {
  buyers: BuyersResult;
  unitsTaken: number;
  vouchers: number;
  paidOrders: number;
  convertedHolds: number;
  overLimitCustomers: number;
  /** Checkouts per second while units lasted. */
  sellingRate: number;
  /** Checkout attempts per second over the whole run. */
  attemptRate: number;
  setupSeconds: number;
  load: string;
  /** Lines the server logged at error level or above. */
  serverLogErrors: number;
}

async function flashSale(s: Settings, run: number): Promise<SaleOutcome> {
  const setupStarted = performance.now();
  const database = await createDatabase(s.adminUrl, 'dealmarket_bench_flash');
  const app = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 10 });
  let dealId: string;
  const tokensFile = path.join(s.dir, `tokens-${run}.json`);
  const maxPerUser = Math.ceil(s.attempts / s.customers);
  try {
    await app.migrate();
    await setGroupCommit(database.url, s.groupCommit);
    const merchant = await buildMerchant(app.db, { name: 'Flash Sale Bistro' });
    const deal = await buildDeal(app.db, { merchantId: merchant.id, title: 'Flash sale dinner for two', priceCents: 2500, originalPriceCents: 6000, inventory: s.units, maxPerUser });
    dealId = deal.id;
    await customersWithSessions(app.db, database.url, s.customers, '+1777', tokensFile);
    // Written out now, so the sale does not pay for the set-up's or the last pgbench run's dirty pages.
    await app.db.execute(sql`checkpoint`);
  } finally {
    await app.close();
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const server = await startServer({
    label: `flash-${run}`,
    logDir: s.dir,
    env: { DATABASE_URL: database.url, DB_POOL_SIZE: String(s.pool), TEST_PROVIDER_SECRET: randomBytes(24).toString('hex') },
    // --cpu-prof=<dir>: a V8 CPU profile of the server for the whole sale, written there when it stops.
    ...(s.cpuProfDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${s.cpuProfDir}`] } : {}),
  });
  const load = loadAverage();
  const configFile = path.join(s.dir, `buyers-${run}.json`);
  const config: BuyersConfig = { origin: server.origin, dealId, tokensFile, attempts: s.attempts, concurrency: s.concurrency };
  writeFileSync(configFile, JSON.stringify(config));
  const out = await capture('taskset', ['-c', String(LOAD_CPU), process.execPath, '--import', 'tsx', path.join(ROOT, 'bench/flash-sale/buyers.ts'), configFile]);
  await server.stop();
  const serverLogErrors = readFileSync(server.logFile, 'utf8')
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line)).length;
  if (out.code !== 0) throw new Error(`buyers failed (${out.code}): ${out.stderr.slice(-2000)}`);
  const buyers = JSON.parse(out.stdout.trim().split('\n').pop()!) as BuyersResult;

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const one = async (text: string) => Number((await client.query<{ n: string }>(text, [dealId])).rows[0]?.n ?? Number.NaN);
  let outcome: Omit<SaleOutcome, 'buyers' | 'sellingRate' | 'attemptRate' | 'setupSeconds' | 'load' | 'serverLogErrors'>;
  try {
    outcome = {
      unitsTaken: await one('select coalesce(sum(taken), 0)::int as n from deal_stock where deal_id = $1'),
      vouchers: await one('select count(*) as n from vouchers where deal_id = $1'),
      paidOrders: await one(`select count(*) as n from orders o where o.status = 'paid' and exists (select 1 from order_items i where i.order_id = o.id and i.deal_id = $1)`),
      convertedHolds: await one(`select count(*) as n from holds where deal_id = $1 and status = 'converted'`),
      overLimitCustomers: await one(`select count(*) as n from user_deal_units u join deals d on d.id = u.deal_id where u.deal_id = $1 and u.units > d.max_per_user`),
    };
  } finally {
    await client.end();
  }
  await database.drop();
  return {
    ...outcome,
    buyers,
    sellingRate: buyers.held / buyers.sellingSeconds,
    attemptRate: buyers.checkouts / buyers.seconds,
    setupSeconds,
    load,
    serverLogErrors,
  };
}

function describeRun(run: number, o: SaleOutcome, p: PgbenchResult): string {
  const b = o.buyers;
  return [
    `run ${run} (load ${o.load}; set-up ${fixed(o.setupSeconds)} s)`,
    `  pgbench hold: ${whole(p.tps)} tps, latency ${fixed(p.latencyMs, 2)} ms, ${whole(p.transactions)} transactions`,
    `  sale: ${whole(b.checkouts)} checkouts in ${fixed(b.seconds)} s (${whole(o.attemptRate)}/s); ${whole(b.held)} held in the first ${fixed(b.sellingSeconds)} s (${whole(o.sellingRate)}/s); ${whole(b.paid)} paid`,
    `  checkout statuses ${JSON.stringify(b.statuses)}, pay statuses ${JSON.stringify(b.payStatuses)}, 5xx ${b.serverErrors}, network errors ${b.networkErrors}`,
    `  latency ms (p50 / p99 / max): checkout while selling ${fixed(b.sellingCheckoutLatency.p50)} / ${fixed(b.sellingCheckoutLatency.p99)} / ${fixed(b.sellingCheckoutLatency.max)}, ` +
      `after sold out ${fixed(b.soldOutCheckoutLatency.p50)} / ${fixed(b.soldOutCheckoutLatency.p99)} / ${fixed(b.soldOutCheckoutLatency.max)}, ` +
      `pay ${fixed(b.payLatency.p50)} / ${fixed(b.payLatency.p99)} / ${fixed(b.payLatency.max)}, all ${fixed(b.allLatency.p50)} / ${fixed(b.allLatency.p99)}`,
    `  database: units taken ${o.unitsTaken}, vouchers ${o.vouchers}, paid orders ${o.paidOrders}, converted holds ${o.convertedHolds}, customers over maxPerUser ${o.overLimitCustomers}; server log errors ${o.serverLogErrors}`,
    ...b.errorSamples.map((e) => `  5xx sample: ${e}`),
  ].join('\n');
}

async function main(): Promise<void> {
  const opt = options(process.argv.slice(2));
  const scenario = opt.text('scenario', 'sale');
  if (scenario === 'groups') return groupsMain(opt);
  if (scenario !== 'sale') throw new Error('--scenario must be sale (the default) or groups');
  const runs = opt.int('runs', 3);
  const pgbenchSeconds = opt.int('pgbench-seconds', 30);
  const settings: Settings = {
    units: opt.int('units', 10_000),
    attempts: opt.int('attempts', 100_000),
    concurrency: opt.int('concurrency', 64),
    customers: opt.int('customers', 10_000),
    pool: opt.int('pool', 10),
    cpuProfDir: opt.text('cpu-prof', '') ? path.resolve(opt.text('cpu-prof', '')) : undefined,
    adminUrl: opt.text('admin-url', DEFAULT_ADMIN_URL),
    dir: scratchDir('bench-flash-sale'),
    groupCommit: { delay: Number(opt.text('commit-delay', '0')), siblings: Number(opt.text('commit-siblings', '5')) },
  };
  const g = settings.groupCommit;
  if (!Number.isInteger(g.delay) || g.delay < 0 || g.delay > 100_000) throw new Error('--commit-delay must be 0 to 100000 (microseconds)');
  if (!Number.isInteger(g.siblings) || g.siblings < 0 || g.siblings > 1000) throw new Error('--commit-siblings must be 0 to 1000');
  const m = machine();
  console.log(`machine: ${describeMachine(m)}`);
  if (!opt.flag('skip-build') || !existsSync(SERVER_BUNDLE)) await buildDist();
  console.log(
    `flash sale: ${whole(settings.units)} units, ${whole(settings.attempts)} attempts, ${settings.concurrency} connections, ${whole(settings.customers)} customers, ` +
      `DB_POOL_SIZE=${settings.pool}; pgbench -c ${settings.concurrency} -j 1 -T ${pgbenchSeconds}` +
      (g.delay > 0 ? `; commit_delay=${g.delay} commit_siblings=${g.siblings}` : ''),
  );
  const bench = await preparePgbench(settings.adminUrl, settings.concurrency, opt.int('pgbench-slots', 4000), settings.dir);
  await setGroupCommit(bench.database.url, g);

  const sales: SaleOutcome[] = [];
  const holds: PgbenchResult[] = [];
  for (let r = 1; r <= runs; r++) {
    holds.push(await runPgbench(bench, 'hold', settings.concurrency, pgbenchSeconds));
    sales.push(await flashSale(settings, r));
    console.log(describeRun(r, sales[r - 1]!, holds[r - 1]!));
  }
  const prototypes: PgbenchResult[] = [];
  if (!opt.flag('no-variants')) {
    for (const variant of Object.keys(VARIANTS) as Variant[]) {
      if (variant === 'hold') continue;
      const p = await runPgbench(bench, variant, settings.concurrency, pgbenchSeconds);
      prototypes.push(p);
      console.log(`prototype ${variant}: ${whole(p.tps)} tps = ${whole(p.holdsPerSecond)} holds/s, latency ${fixed(p.latencyMs, 2)} ms (load ${loadAverage()})`);
    }
  }
  await bench.database.drop();

  const med = (f: (o: SaleOutcome) => number) => median(sales.map(f));
  const pgbenchTps = median(holds.map((h) => h.tps));
  const sellingRate = med((o) => o.sellingRate);
  const attemptRate = med((o) => o.attemptRate);
  const p99 = med((o) => o.buyers.allLatency.p99);
  const exact = sales.every((o) => o.unitsTaken === settings.units && o.vouchers === settings.units && o.paidOrders === settings.units && o.buyers.paid === settings.units && o.convertedHolds === settings.units && o.overLimitCustomers === 0);
  const errors = sales.reduce((n, o) => n + o.buyers.serverErrors + o.buyers.networkErrors, 0);
  const ratio = sellingRate / pgbenchTps;
  const each = (f: (o: SaleOutcome) => number, digits = 0) => sales.map((o) => (digits === 0 ? whole(f(o)) : fixed(f(o), digits))).join(' / ');

  const table = markdownTable(
    ['flash sale (median of runs)', 'value', 'each run', 'target', 'verdict'],
    [
      ['units sold (units taken in deal_stock = vouchers = paid orders)', whole(med((o) => o.vouchers)), each((o) => o.vouchers), `exactly ${whole(settings.units)}`, verdict(exact)],
      ['5xx answers and network errors', errors, each((o) => o.buyers.serverErrors + o.buyers.networkErrors), '0', verdict(errors === 0)],
      ['p99 latency, all requests (checkout + pay), ms', fixed(p99), each((o) => o.buyers.allLatency.p99, 1), `<= ${P99_LIMIT_MS}`, verdict(p99 <= P99_LIMIT_MS)],
      ['p99 checkout while selling / after sold out / pay, ms', `${fixed(med((o) => o.buyers.sellingCheckoutLatency.p99))} / ${fixed(med((o) => o.buyers.soldOutCheckoutLatency.p99))} / ${fixed(med((o) => o.buyers.payLatency.p99))}`, '', '', ''],
      ['checkouts/s while units lasted', whole(sellingRate), each((o) => o.sellingRate), `>= ${PGBENCH_RATIO}x pgbench = ${whole(PGBENCH_RATIO * pgbenchTps)}`, `${verdict(ratio >= PGBENCH_RATIO)} (${fixed(ratio, 2)}x)`],
      ['pgbench, hold transaction, tps', whole(pgbenchTps), holds.map((h) => whole(h.tps)).join(' / '), 'yardstick', ''],
      ['checkout attempts/s over the whole run', whole(attemptRate), each((o) => o.attemptRate), '', ''],
      ['seconds until sold out / whole run', `${fixed(med((o) => o.buyers.sellingSeconds))} / ${fixed(med((o) => o.buyers.seconds))}`, '', '', ''],
    ],
    ['l', 'r', 'r', 'l', 'l'],
  );
  console.log(`\nmachine: ${describeMachine(m)}; load average at each sale: ${sales.map((o) => o.load.split(' ')[0]).join(', ')}`);
  console.log(`server: node .tmp/dist-bench/server/main.js on core ${SERVER_CPU} (taskset), DB_POOL_SIZE=${settings.pool}, WRITE_RATE_LIMIT=0, LOG_LEVEL=warn; buyers and pgbench on core ${LOAD_CPU}`);
  console.log(`\n${table}\n`);
  if (prototypes.length > 0) {
    const base = pgbenchTps;
    console.log(
      markdownTable(
        ['pgbench prototype (same concurrency, once each)', 'tps', 'holds/s', 'vs hold transaction'],
        [
          [`hold: ${VARIANTS.hold} (median)`, whole(base), whole(base), '1.00x'],
          ...prototypes.map((p) => [`${p.variant}: ${VARIANTS[p.variant]}`, whole(p.tps), whole(p.holdsPerSecond), `${fixed(p.holdsPerSecond / base, 2)}x`]),
        ],
      ),
    );
  }
}

/** The group scenario (groups.ts), with its own options; the sale's pgbench pairing does not apply to it. */
async function groupsMain(opt: ReturnType<typeof options>): Promise<void> {
  const groupSize = opt.int('group-size', 3);
  if (groupSize < 2 || groupSize > 10) throw new Error('--group-size must be 2 to 10, as deals allow');
  const m = machine();
  console.log(`machine: ${describeMachine(m)}`);
  if (!opt.flag('skip-build') || !existsSync(SERVER_BUNDLE)) await buildDist();
  await groupScenario(
    {
      groups: opt.int('groups', 1000),
      groupSize,
      concurrency: opt.int('concurrency', 64),
      pool: opt.int('pool', 10),
      adminUrl: opt.text('admin-url', DEFAULT_ADMIN_URL),
      dir: scratchDir('bench-flash-groups'),
    },
    opt.int('runs', 3),
  );
  console.log(`machine: ${describeMachine(m)}`);
}

runMain(main);
