/**
 * The flash sale's group scenario (run.ts --scenario=groups; ADR 029): one deal sold to groups of
 * `groupSize` (3) with an offer of exactly groups x groupSize units, and as many customers. 1,000
 * starters each start a group and pay for their place; then 2,000 joiners, two for each group, join
 * and pay, all over `concurrency` (64) keep-alive connections (group-buyers.ts), so every group fills
 * at once with its two joiners racing for its row. The built server runs on core 0 against a fresh
 * PostgreSQL database, the buyers on core 1. Afterwards the database must say: every group formed,
 * one voucher per customer, every order paid, every unit taken, nothing refunded.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { buildDeal, buildMerchant } from '../../server/db/factories';
import { customersWithSessions } from './customers';
import type { GroupBuyersConfig, GroupBuyersResult } from './group-buyers';
import { capture, createDatabase, fixed, LOAD_CPU, loadAverage, markdownTable, median, ROOT, SERVER_CPU, startServer, verdict, whole } from '../api/harness';

export interface GroupSettings {
  groups: number;
  groupSize: number;
  concurrency: number;
  pool: number;
  adminUrl: string;
  dir: string;
}

export interface GroupOutcome {
  buyers: GroupBuyersResult;
  formed: number;
  open: number;
  failed: number;
  vouchers: number;
  paidOrders: number;
  paidMembers: number;
  unitsTaken: number;
  refunds: number;
  /** Customers with more than one voucher. */
  overLimitCustomers: number;
  setupSeconds: number;
  load: string;
  /** Lines the server logged at error level or above. */
  serverLogErrors: number;
}

export async function groupSale(s: GroupSettings, run: number): Promise<GroupOutcome> {
  const setupStarted = performance.now();
  const customers = s.groups * s.groupSize;
  const database = await createDatabase(s.adminUrl, 'dealmarket_bench_groups');
  const app = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 10 });
  let dealId: string;
  const tokensFile = path.join(s.dir, `group-tokens-${run}.json`);
  try {
    await app.migrate();
    const merchant = await buildMerchant(app.db, { name: 'Group Sale Bistro' });
    const deal = await buildDeal(app.db, {
      merchantId: merchant.id,
      title: 'Group dinner for two',
      priceCents: 2500,
      originalPriceCents: 6000,
      groupSize: s.groupSize,
      groupPriceCents: 1800,
      groupWindowHours: 24,
      inventory: customers,
      maxPerUser: 1,
    });
    dealId = deal.id;
    await customersWithSessions(app.db, database.url, customers, '+1778', tokensFile);
    await app.db.execute(sql`checkpoint`);
  } finally {
    await app.close();
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const server = await startServer({
    label: `groups-${run}`,
    logDir: s.dir,
    env: { DATABASE_URL: database.url, DB_POOL_SIZE: String(s.pool), TEST_PROVIDER_SECRET: randomBytes(24).toString('hex') },
  });
  const load = loadAverage();
  const configFile = path.join(s.dir, `group-buyers-${run}.json`);
  const config: GroupBuyersConfig = { origin: server.origin, dealId, tokensFile, groups: s.groups, groupSize: s.groupSize, concurrency: s.concurrency };
  writeFileSync(configFile, JSON.stringify(config));
  const out = await capture('taskset', ['-c', String(LOAD_CPU), process.execPath, '--import', 'tsx', path.join(ROOT, 'bench/flash-sale/group-buyers.ts'), configFile]);
  await server.stop();
  const serverLogErrors = readFileSync(server.logFile, 'utf8')
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line)).length;
  if (out.code !== 0) throw new Error(`group buyers failed (${out.code}): ${out.stderr.slice(-2000)}`);
  const buyers = JSON.parse(out.stdout.trim().split('\n').pop()!) as GroupBuyersResult;

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const one = async (text: string) => Number((await client.query<{ n: string }>(text, [dealId])).rows[0]?.n ?? Number.NaN);
  let counts: Omit<GroupOutcome, 'buyers' | 'setupSeconds' | 'load' | 'serverLogErrors'>;
  try {
    counts = {
      formed: await one(`select count(*) as n from deal_groups where deal_id = $1 and status = 'formed'`),
      open: await one(`select count(*) as n from deal_groups where deal_id = $1 and status = 'open'`),
      failed: await one(`select count(*) as n from deal_groups where deal_id = $1 and status = 'failed'`),
      vouchers: await one('select count(*) as n from vouchers where deal_id = $1'),
      paidOrders: await one(`select count(*) as n from orders o where o.status = 'paid' and exists (select 1 from order_items i where i.order_id = o.id and i.deal_id = $1)`),
      paidMembers: await one(`select count(*) as n from group_members m join deal_groups g on g.id = m.group_id where g.deal_id = $1 and m.status = 'paid'`),
      unitsTaken: await one('select coalesce(sum(taken), 0)::int as n from deal_stock where deal_id = $1'),
      refunds: await one(`select count(*) as n from refunds r join order_items i on i.order_id = r.order_id where i.deal_id = $1`),
      overLimitCustomers: await one('select count(*) as n from (select user_id from vouchers where deal_id = $1 group by user_id having count(*) > 1) v'),
    };
  } finally {
    await client.end();
  }
  await database.drop();
  return { ...counts, buyers, setupSeconds, load, serverLogErrors };
}

export function describeGroupRun(run: number, o: GroupOutcome): string {
  const b = o.buyers;
  const lat = (l: GroupBuyersResult['joinLatency']) => `${fixed(l.p50)} / ${fixed(l.p99)} / ${fixed(l.max)}`;
  return [
    `run ${run} (load ${o.load}; set-up ${fixed(o.setupSeconds)} s)`,
    `  starters: ${whole(b.started)} groups started and ${whole(b.startersPaid)} paid in ${fixed(b.startSeconds)} s; joiners: ${whole(b.joined)} joined and ${whole(b.joinersPaid)} paid in ${fixed(b.joinSeconds)} s`,
    `  statuses: start ${JSON.stringify(b.statuses.start)}, starters' pay ${JSON.stringify(b.statuses.startPay)}, join ${JSON.stringify(b.statuses.join)}, joiners' pay ${JSON.stringify(b.statuses.joinPay)}; 5xx ${b.serverErrors}, network errors ${b.networkErrors}`,
    `  latency ms (p50 / p99 / max): start ${lat(b.startLatency)}, starters' pay ${lat(b.startPayLatency)}, join ${lat(b.joinLatency)}, joiners' pay ${lat(b.joinPayLatency)}`,
    `  database: groups formed ${o.formed}, open ${o.open}, failed ${o.failed}; vouchers ${o.vouchers}, paid orders ${o.paidOrders}, paid members ${o.paidMembers}, units taken ${o.unitsTaken}, refunds ${o.refunds}, customers with more than one voucher ${o.overLimitCustomers}; server log errors ${o.serverLogErrors}`,
    ...b.errorSamples.map((e) => `  5xx sample: ${e}`),
  ].join('\n');
}

/** The summary table of the group scenario's runs (medians, and each run). */
export function groupTable(s: GroupSettings, runs: GroupOutcome[]): string {
  const customers = s.groups * s.groupSize;
  const med = (f: (o: GroupOutcome) => number) => median(runs.map(f));
  const each = (f: (o: GroupOutcome) => number, digits = 0) => runs.map((o) => (digits === 0 ? whole(f(o)) : fixed(f(o), digits))).join(' / ');
  const exactGroups = runs.every((o) => o.formed === s.groups && o.open === 0 && o.failed === 0);
  const exactUnits = runs.every(
    (o) => o.vouchers === customers && o.paidOrders === customers && o.paidMembers === customers && o.unitsTaken === customers && o.refunds === 0 && o.overLimitCustomers === 0,
  );
  const errors = runs.reduce((n, o) => n + o.buyers.serverErrors + o.buyers.networkErrors, 0);
  const joinRate = (o: GroupOutcome) => (o.buyers.joined + o.buyers.joinersPaid) / o.buyers.joinSeconds;
  return markdownTable(
    ['group scenario (median of runs)', 'value', 'each run', 'target', 'verdict'],
    [
      ['groups formed (none open or failed)', whole(med((o) => o.formed)), each((o) => o.formed), `exactly ${whole(s.groups)}`, verdict(exactGroups)],
      ['vouchers (= paid orders = paid members = units taken; no refunds)', whole(med((o) => o.vouchers)), each((o) => o.vouchers), `exactly ${whole(customers)}`, verdict(exactUnits)],
      ['5xx answers and network errors', errors, each((o) => o.buyers.serverErrors + o.buyers.networkErrors), '0', verdict(errors === 0)],
      ['p99 join / joiners\' pay, ms', `${fixed(med((o) => o.buyers.joinLatency.p99))} / ${fixed(med((o) => o.buyers.joinPayLatency.p99))}`, each((o) => o.buyers.joinLatency.p99, 1), '', ''],
      ['p99 start / starters\' pay, ms', `${fixed(med((o) => o.buyers.startLatency.p99))} / ${fixed(med((o) => o.buyers.startPayLatency.p99))}`, each((o) => o.buyers.startLatency.p99, 1), '', ''],
      ['p50 join / joiners\' pay, ms', `${fixed(med((o) => o.buyers.joinLatency.p50))} / ${fixed(med((o) => o.buyers.joinPayLatency.p50))}`, '', '', ''],
      ['joins + joiners\' payments per second', whole(med(joinRate)), each(joinRate), '', ''],
      ['seconds: starters / joiners', `${fixed(med((o) => o.buyers.startSeconds))} / ${fixed(med((o) => o.buyers.joinSeconds))}`, '', '', ''],
    ],
    ['l', 'r', 'r', 'l', 'l'],
  );
}

/** Runs the group scenario `runs` times and prints each run and the summary. */
export async function groupScenario(s: GroupSettings, runs: number): Promise<void> {
  console.log(
    `group scenario: ${whole(s.groups)} groups of ${s.groupSize}, ${whole(s.groups * s.groupSize)} customers and units, ${s.concurrency} connections, DB_POOL_SIZE=${s.pool}`,
  );
  const outcomes: GroupOutcome[] = [];
  for (let r = 1; r <= runs; r++) {
    outcomes.push(await groupSale(s, r));
    console.log(describeGroupRun(r, outcomes[r - 1]!));
  }
  console.log(`\nload average at each run: ${outcomes.map((o) => o.load.split(' ')[0]).join(', ')}`);
  console.log(`server: node .tmp/dist-bench/server/main.js on core ${SERVER_CPU} (taskset), DB_POOL_SIZE=${s.pool}, WRITE_RATE_LIMIT=0, LOG_LEVEL=warn; buyers on core ${LOAD_CPU}`);
  console.log(`\n${groupTable(s, outcomes)}\n`);
}
