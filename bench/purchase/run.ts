/**
 * The whole purchase at ten buyers on PostgreSQL, and the group join at ten joiners, for two builds in
 * one run, in turns: today's build (a commit, `--base`, read out of git into .tmp/purchase-base-src with
 * `git archive`) and the working tree's. Each turn gets a fresh database made by its own build's
 * migrations and factories (seed.ts, run inside that build's tree), its own server bundle (esbuild, as
 * scripts/build.mjs makes it; no web app) on core 0, and the buyers (buyers.ts, or the group scenario's
 * group-buyers.ts) on core 1. After each turn the database is checked: every paid purchase has its
 * vouchers, its converted holds, its units taken and its ledger row, and no order is left pending.
 *
 *   npx tsx bench/purchase/run.ts [--base=bfff91c] [--rounds=3] [--seconds=15] [--warmup=3] [--concurrency=10]
 *        [--deals=8] [--customers=3000] [--pool=10] [--groups=300] [--group-size=3] [--no-groups]
 *        [--only=base|changed] [--cpu-prof=<dir>] [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 * Each purchase turn also prints the CPU time a purchase of the server, PostgreSQL, the buyers and the rest of the
 * machine over the measured seconds, and the rate the cores would allow were the server to take none.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import type { GroupBuyersConfig, GroupBuyersResult } from '../flash-sale/group-buyers';
import type { CpuSplit, PurchaseBuyersConfig, PurchaseBuyersResult } from './buyers';
import type { SeedConfig } from './seed';
import {
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
  SERVER_CPU,
  startPinned,
  verdict,
  waitForHttp,
  whole,
} from '../api/harness';

/** The product's targets: twice today's purchase rate, and p99s under 150 ms. */
const RATE_RATIO = 2;
const P99_LIMIT_MS = 150;

interface Build {
  label: 'base' | 'changed';
  /** The source tree: seed.ts runs there with its own code. */
  tree: string;
  bundle: string;
  describe: string;
}

interface Settings {
  seconds: number;
  warmup: number;
  concurrency: number;
  deals: number;
  customers: number;
  pool: number;
  groups: number;
  groupSize: number;
  adminUrl: string;
  dir: string;
  cpuProfDir: string | undefined;
}

/** Today's build: the commit's files, out of git, with the working tree's node_modules. */
function baseTree(commit: string): string {
  const tree = path.join(ROOT, '.tmp/purchase-base-src');
  const marker = path.join(tree, '.commit');
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== commit) {
    rmSync(tree, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    execFileSync('sh', ['-c', `git -C "${ROOT}" archive "${commit}" | tar -x -C "${tree}"`], { stdio: 'inherit' });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
    writeFileSync(marker, commit);
  }
  // The seed script is the benchmark's, not the build's: the same one for both.
  mkdirSync(path.join(tree, 'bench/purchase'), { recursive: true });
  cpSync(path.join(ROOT, 'bench/purchase/seed.ts'), path.join(tree, 'bench/purchase/seed.ts'));
  return tree;
}

/** The server bundle of a tree, as scripts/build.mjs makes it (the web app left out: the API does not need it). */
async function buildServer(label: string, tree: string): Promise<string> {
  const out = path.join(ROOT, `.tmp/purchase-dist-${label}`);
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(tree, 'server/main.ts')],
    outfile: path.join(out, 'server/main.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(path.join(tree, 'server/db/migrations'), path.join(out, 'server/migrations'), { recursive: true });
  return path.join(out, 'server/main.js');
}

interface Turn {
  build: Build['label'];
  load: string;
  serverLogErrors: number;
  /** The first line the server logged at error level, if any. */
  serverLogSample: string;
  problems: string[];
}

interface PurchaseTurn extends Turn {
  buyers: PurchaseBuyersResult;
  rate: number;
}

interface GroupTurn extends Turn {
  buyers: GroupBuyersResult;
}

/** A fresh database filled by the build's own seed.ts; answers it and the deals' ids. */
async function seeded(s: Settings, b: Build, kind: SeedConfig['kind'], n: number) {
  const database = await createDatabase(s.adminUrl, `dealmarket_bench_purchase_${b.label}`);
  const tokensFile = path.join(s.dir, `tokens-${kind}-${b.label}-${n}.json`);
  const config: SeedConfig = { url: database.url, kind, deals: s.deals, customers: s.customers, groups: s.groups, groupSize: s.groupSize, tokensFile };
  const configFile = path.join(s.dir, `seed-${kind}-${b.label}-${n}.json`);
  writeFileSync(configFile, JSON.stringify(config));
  const out = await capture(process.execPath, ['--import', 'tsx', path.join(b.tree, 'bench/purchase/seed.ts'), configFile], { cwd: b.tree });
  if (out.code !== 0) throw new Error(`seed failed in ${b.tree} (${out.code}): ${out.stderr.slice(-2000)}`);
  const { dealIds } = JSON.parse(out.stdout.trim().split('\n').pop()!) as { dealIds: string[] };
  return { database, dealIds, tokensFile };
}

/** The build's server on core 0, as bench/api/harness.ts's startServer starts the shared one. */
async function serve(s: Settings, b: Build, url: string, label: string) {
  const port = await freePort();
  const logFile = path.join(s.dir, `${label}.log`);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? s.dir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    WRITE_RATE_LIMIT: '0',
    DATABASE_URL: url,
    DB_POOL_SIZE: String(s.pool),
    TEST_PROVIDER_SECRET: randomBytes(24).toString('hex'),
  };
  const profile = s.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(s.cpuProfDir, label)}`] : [];
  const started = startPinned(SERVER_CPU, process.execPath, [...profile, b.bundle], { env, cwd: s.dir, logFile });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/api/health`, started, logFile);
  /**
   * Stops the server; answers the lines it logged at error level or above before it was told to stop (a
   * background job cut short by the stop is not the turn's).
   */
  const stop = async () => {
    const stopping = Date.now();
    await started.stop();
    return readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line) && Number(/"time":(\d+)/.exec(line)?.[1] ?? 0) < stopping);
  };
  return { origin, stop, pid: started.child.pid ?? 0 };
}

async function buyersRun<T>(script: string, configFile: string): Promise<T> {
  const out = await capture('taskset', ['-c', String(LOAD_CPU), process.execPath, '--import', 'tsx', path.join(ROOT, script), configFile]);
  if (out.code !== 0) throw new Error(`${script} failed (${out.code}): ${out.stderr.slice(-2000)}`);
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as T;
}

async function counts(url: string, queries: Record<string, string>): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const answer: Record<string, number> = {};
    for (const [name, text] of Object.entries(queries)) answer[name] = Number((await client.query<{ n: string }>(text)).rows[0]?.n ?? Number.NaN);
    return answer;
  } finally {
    await client.end();
  }
}

async function purchaseTurn(s: Settings, b: Build, n: number): Promise<PurchaseTurn> {
  const { database, dealIds, tokensFile } = await seeded(s, b, 'purchase', n);
  const server = await serve(s, b, database.url, `purchase-${b.label}-${n}`);
  const load = loadAverage();
  const configFile = path.join(s.dir, `buyers-${b.label}-${n}.json`);
  const config: PurchaseBuyersConfig = { origin: server.origin, dealIds, tokensFile, concurrency: s.concurrency, seconds: s.seconds, warmupSeconds: s.warmup, serverPid: server.pid };
  writeFileSync(configFile, JSON.stringify(config));
  const buyers = await buyersRun<PurchaseBuyersResult>('bench/purchase/buyers.ts', configFile);
  const logged = await server.stop();
  const serverLogErrors = logged.length;
  const serverLogSample = logged[0]?.slice(0, 600) ?? '';
  const c = await counts(database.url, {
    vouchers: 'select count(*) as n from vouchers',
    paidOrders: `select count(*) as n from orders where status = 'paid' and fulfilled_at is not null`,
    otherOrders: `select count(*) as n from orders where status <> 'paid'`,
    convertedHolds: `select count(*) as n from holds where status = 'converted'`,
    otherHolds: `select count(*) as n from holds where status <> 'converted'`,
    unitsTaken: 'select coalesce(sum(taken), 0) as n from deal_stock',
    ledgerPayments: `select count(*) as n from ledger_entries where kind = 'payment'`,
    ledgerCents: `select coalesce(sum(amount_cents), 0) as n from ledger_entries where kind = 'payment'`,
    paidCents: `select coalesce(sum(total_cents), 0) as n from orders where status = 'paid'`,
  });
  await database.drop();
  const paid = buyers.paidAll;
  const problems = [
    ...(['vouchers', 'paidOrders', 'convertedHolds', 'unitsTaken', 'ledgerPayments'] as const).filter((k) => c[k] !== paid).map((k) => `${k} ${c[k]} <> ${paid} paid`),
    ...(c.otherOrders !== 0 ? [`${c.otherOrders} orders not paid`] : []),
    ...(c.otherHolds !== 0 ? [`${c.otherHolds} holds not converted`] : []),
    ...(c.ledgerCents !== c.paidCents ? [`ledger ${c.ledgerCents} cents <> paid orders ${c.paidCents} cents`] : []),
  ];
  return { build: b.label, load, serverLogErrors, serverLogSample, problems, buyers, rate: buyers.purchases / buyers.seconds };
}

async function groupTurn(s: Settings, b: Build, n: number): Promise<GroupTurn> {
  const { database, dealIds, tokensFile } = await seeded(s, b, 'groups', n);
  const server = await serve(s, b, database.url, `groups-${b.label}-${n}`);
  const load = loadAverage();
  const configFile = path.join(s.dir, `group-buyers-${b.label}-${n}.json`);
  const config: GroupBuyersConfig = { origin: server.origin, dealId: dealIds[0]!, tokensFile, groups: s.groups, groupSize: s.groupSize, concurrency: s.concurrency };
  writeFileSync(configFile, JSON.stringify(config));
  const buyers = await buyersRun<GroupBuyersResult>('bench/flash-sale/group-buyers.ts', configFile);
  const logged = await server.stop();
  const serverLogErrors = logged.length;
  const serverLogSample = logged[0]?.slice(0, 600) ?? '';
  const customers = s.groups * s.groupSize;
  const c = await counts(database.url, {
    formed: `select count(*) as n from deal_groups where status = 'formed'`,
    notFormed: `select count(*) as n from deal_groups where status <> 'formed'`,
    vouchers: 'select count(*) as n from vouchers',
    paidOrders: `select count(*) as n from orders where status = 'paid'`,
    paidMembers: `select count(*) as n from group_members where status = 'paid'`,
    unitsTaken: 'select coalesce(sum(taken), 0) as n from deal_stock',
    ledgerPayments: `select count(*) as n from ledger_entries where kind = 'payment'`,
    refunds: 'select count(*) as n from refunds',
    twoVouchers: 'select count(*) as n from (select user_id from vouchers group by user_id having count(*) > 1) v',
  });
  await database.drop();
  const problems = [
    ...(c.formed !== s.groups || c.notFormed !== 0 ? [`groups formed ${c.formed}, others ${c.notFormed}`] : []),
    ...(['vouchers', 'paidOrders', 'paidMembers', 'unitsTaken', 'ledgerPayments'] as const).filter((k) => c[k] !== customers).map((k) => `${k} ${c[k]} <> ${customers}`),
    ...(c.refunds !== 0 ? [`${c.refunds} refunds`] : []),
    ...(c.twoVouchers !== 0 ? [`${c.twoVouchers} customers with two vouchers`] : []),
  ];
  return { build: b.label, load, serverLogErrors, serverLogSample, problems, buyers };
}

const lat = (l: { p50: number; p99: number }) => `${fixed(l.p50)} / ${fixed(l.p99)}`;

/** CPU time of one kind, in ms a purchase of the measured seconds. */
const perPurchase = (t: PurchaseTurn, kind: keyof CpuSplit) => t.buyers.cpu[kind] / t.buyers.purchases;
const cpuOf = (t: PurchaseTurn, kind: keyof CpuSplit) => fixed(perPurchase(t, kind), 2);

/**
 * The most purchases a second the machine's cores could give if the server took no CPU at all: what PostgreSQL, the
 * buyers and the rest of the machine spend on a purchase, against every core's time.
 */
const withoutServer = (t: PurchaseTurn) => (cpus().length * 1000) / (perPurchase(t, 'postgresMs') + perPurchase(t, 'buyersMs') + perPurchase(t, 'otherMs'));

function describeTurn(n: number, t: PurchaseTurn | GroupTurn): string {
  const head = `round ${n}, ${t.build} (load ${t.load})`;
  const errors = `5xx ${t.buyers.serverErrors}, network errors ${t.buyers.networkErrors}, server log errors ${t.serverLogErrors}; database ${t.problems.length === 0 ? 'as it must be' : t.problems.join('; ')}`;
  const samples = [...t.buyers.errorSamples.map((e) => `  5xx sample: ${e}`), ...(t.serverLogSample ? [`  server log: ${t.serverLogSample}`] : [])];
  if ('rate' in t) {
    const b = t.buyers;
    return [
      `${head}: ${whole(b.purchases)} purchases in ${b.seconds} s = ${fixed(t.rate)}/s (${whole(b.paidAll)} paid with the warm-up)`,
      `  p50 / p99 ms: purchase ${lat(b.purchase)}, checkout ${lat(b.checkout)}, pay ${lat(b.pay)}; statuses checkout ${JSON.stringify(b.statuses.checkout)}, pay ${JSON.stringify(b.statuses.pay)}`,
      `  CPU ms a purchase: server ${cpuOf(t, 'serverMs')}, PostgreSQL ${cpuOf(t, 'postgresMs')}, buyers ${cpuOf(t, 'buyersMs')}, other ${cpuOf(t, 'otherMs')}; idle ${cpuOf(t, 'idleMs')}`,
      `  ${errors}`,
      ...samples,
    ].join('\n');
  }
  const b = t.buyers;
  return [
    `${head}: groups ${whole(b.started)} started, ${whole(b.startersPaid)} starters paid in ${fixed(b.startSeconds)} s; ${whole(b.joined)} joined, ${whole(b.joinersPaid)} joiners paid in ${fixed(b.joinSeconds)} s`,
    `  p50 / p99 ms: start + pay ${lat(b.startAndPayLatency)} (start ${lat(b.startLatency)}, pay ${lat(b.startPayLatency)}); join + pay ${lat(b.joinAndPayLatency)} (join ${lat(b.joinLatency)}, pay ${lat(b.joinPayLatency)})`,
    `  ${errors}`,
    ...samples,
  ].join('\n');
}

async function main(): Promise<void> {
  const opt = options(process.argv.slice(2));
  const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', opt.text('base', 'bfff91c')], { encoding: 'utf8' }).trim();
  const rounds = opt.int('rounds', 3);
  const only = opt.text('only', '');
  const s: Settings = {
    seconds: opt.int('seconds', 15),
    warmup: opt.int('warmup', 3),
    concurrency: opt.int('concurrency', 10),
    deals: opt.int('deals', 8),
    customers: opt.int('customers', 3000),
    pool: opt.int('pool', 10),
    groups: opt.int('groups', 300),
    groupSize: opt.int('group-size', 3),
    adminUrl: opt.text('admin-url', DEFAULT_ADMIN_URL),
    dir: scratchDir('bench-purchase'),
    cpuProfDir: opt.text('cpu-prof', '') ? path.resolve(opt.text('cpu-prof', '')) : undefined,
  };
  const m = machine();
  console.log(`machine: ${describeMachine(m)}`);
  const head = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['-C', ROOT, 'status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
  const builds: Build[] = [];
  if (only !== 'changed') {
    const tree = baseTree(commit);
    builds.push({ label: 'base', tree, bundle: await buildServer('base', tree), describe: `today's build, commit ${commit}` });
  }
  if (only !== 'base') {
    builds.push({ label: 'changed', tree: ROOT, bundle: await buildServer('changed', ROOT), describe: `the working tree, commit ${head}${dirty ? ' with uncommitted changes' : ''}` });
  }
  console.log(builds.map((b) => `${b.label}: ${b.describe}`).join('\n'));
  console.log(
    `purchase: ${s.concurrency} buyers for ${s.seconds} s (after ${s.warmup} s of warm-up) a turn, ${s.deals} deals, ${whole(s.customers)} customers, DB_POOL_SIZE=${s.pool}; ` +
      `groups: ${whole(s.groups)} groups of ${s.groupSize} at ${s.concurrency} connections; ${rounds} rounds, the builds in turns`,
  );

  const purchases: PurchaseTurn[] = [];
  const groups: GroupTurn[] = [];
  for (let n = 1; n <= rounds; n++) {
    // Each round alternates which build goes first, so neither always meets the machine as the other left it.
    const order = n % 2 === 1 ? builds : [...builds].reverse();
    for (const b of order) {
      const t = await purchaseTurn(s, b, n);
      purchases.push(t);
      console.log(describeTurn(n, t));
    }
    if (opt.flag('no-groups')) continue;
    for (const b of order) {
      const t = await groupTurn(s, b, n);
      groups.push(t);
      console.log(describeTurn(n, t));
    }
  }

  const of = <T extends Turn>(turns: T[], label: string) => turns.filter((t) => t.build === label);
  const med = <T extends Turn>(turns: T[], label: string, f: (t: T) => number) => median(of(turns, label).map(f));
  const each = <T extends Turn>(turns: T[], label: string, f: (t: T) => number, digits = 1) => of(turns, label).map((t) => fixed(f(t), digits)).join(' / ');
  const sound = (turns: Turn[]) => turns.every((t) => t.problems.length === 0 && t.serverLogErrors === 0);
  const errors = (turns: (PurchaseTurn | GroupTurn)[]) => turns.reduce((x, t) => x + t.buyers.serverErrors + t.buyers.networkErrors, 0);
  const labels = builds.map((b) => b.label);
  const rows: (string | number)[][] = [];
  for (const label of labels) {
    const rate = med(purchases, label, (t) => t.rate);
    const p99 = med(purchases, label, (t) => t.buyers.purchase.p99);
    rows.push([`${label}: purchases/s`, fixed(rate), each(purchases, label, (t) => t.rate), '', '']);
    rows.push([`${label}: p50 / p99 whole purchase, ms`, `${fixed(med(purchases, label, (t) => t.buyers.purchase.p50))} / ${fixed(p99)}`, each(purchases, label, (t) => t.buyers.purchase.p99), `p99 < ${P99_LIMIT_MS}`, verdict(p99 < P99_LIMIT_MS)]);
    rows.push([`${label}: p50 / p99 checkout, ms`, `${fixed(med(purchases, label, (t) => t.buyers.checkout.p50))} / ${fixed(med(purchases, label, (t) => t.buyers.checkout.p99))}`, each(purchases, label, (t) => t.buyers.checkout.p99), '', '']);
    rows.push([`${label}: p50 / p99 pay, ms`, `${fixed(med(purchases, label, (t) => t.buyers.pay.p50))} / ${fixed(med(purchases, label, (t) => t.buyers.pay.p99))}`, each(purchases, label, (t) => t.buyers.pay.p99), '', '']);
    rows.push([
      `${label}: CPU ms a purchase: server / PostgreSQL / buyers / other (idle)`,
      (['serverMs', 'postgresMs', 'buyersMs', 'otherMs'] as const).map((k) => fixed(med(purchases, label, (t) => perPurchase(t, k)), 2)).join(' / ') + ` (${fixed(med(purchases, label, (t) => perPurchase(t, 'idleMs')), 2)})`,
      '',
      '',
      '',
    ]);
    rows.push([`${label}: purchases/s the cores allow were the server's CPU free`, fixed(med(purchases, label, withoutServer)), each(purchases, label, withoutServer), '', '']);
  }
  if (labels.length === 2) {
    const ratio = med(purchases, 'changed', (t) => t.rate) / med(purchases, 'base', (t) => t.rate);
    const perRound = Array.from({ length: rounds }, (_, i) => fixed(of(purchases, 'changed')[i]!.rate / of(purchases, 'base')[i]!.rate, 2)).join(' / ');
    rows.push(['purchases/s, changed / base', `${fixed(ratio, 2)}x`, perRound, `>= ${RATE_RATIO}x`, verdict(ratio >= RATE_RATIO)]);
  }
  rows.push(['database after each turn as it must be, no 5xx, no server errors', '', '', 'all', verdict(sound(purchases) && errors(purchases) === 0)]);
  console.log(`\nload average at each turn: ${purchases.map((t) => `${t.build} ${t.load.split(' ')[0]}`).join(', ')}`);
  console.log(`\n${markdownTable(['purchase at ten buyers (median of rounds)', 'value', 'each round', 'target', 'verdict'], rows, ['l', 'r', 'r', 'l', 'l'])}\n`);

  if (groups.length > 0) {
    const g: (string | number)[][] = [];
    for (const label of labels) {
      const start = med(groups, label, (t) => t.buyers.startAndPayLatency.p99);
      const join = med(groups, label, (t) => t.buyers.joinAndPayLatency.p99);
      g.push([`${label}: p99 start + pay, ms`, fixed(start), each(groups, label, (t) => t.buyers.startAndPayLatency.p99), `< ${P99_LIMIT_MS}`, verdict(start < P99_LIMIT_MS)]);
      g.push([`${label}: p99 join + pay, ms`, fixed(join), each(groups, label, (t) => t.buyers.joinAndPayLatency.p99), `< ${P99_LIMIT_MS}`, verdict(join < P99_LIMIT_MS)]);
      g.push([`${label}: p99 start / pay / join / pay, ms`, `${fixed(med(groups, label, (t) => t.buyers.startLatency.p99))} / ${fixed(med(groups, label, (t) => t.buyers.startPayLatency.p99))} / ${fixed(med(groups, label, (t) => t.buyers.joinLatency.p99))} / ${fixed(med(groups, label, (t) => t.buyers.joinPayLatency.p99))}`, '', '', '']);
      g.push([`${label}: joins + joiners' payments per second`, fixed(med(groups, label, (t) => (t.buyers.joined + t.buyers.joinersPaid) / t.buyers.joinSeconds)), each(groups, label, (t) => (t.buyers.joined + t.buyers.joinersPaid) / t.buyers.joinSeconds), '', '']);
    }
    g.push([`every group formed once, ${whole(s.groups * s.groupSize)} vouchers, no refund, no 5xx`, '', '', 'all', verdict(sound(groups) && errors(groups) === 0)]);
    console.log(`load average at each turn: ${groups.map((t) => `${t.build} ${t.load.split(' ')[0]}`).join(', ')}`);
    console.log(`\n${markdownTable(['group join at ten joiners (median of rounds)', 'value', 'each round', 'target', 'verdict'], g, ['l', 'r', 'r', 'l', 'l'])}\n`);
  }
  console.log(`machine: ${describeMachine(machine())}`);
}

runMain(main);
