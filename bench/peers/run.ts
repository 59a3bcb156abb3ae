/**
 * Our server against two open-source peers, Medusa 2 and Vendure 3, on the same catalogue and the same five paths:
 * the list of the 20 items, a search for "dinner", one item's detail, the start of a checkout and the whole
 * purchase (README.md).
 *
 *   npx tsx bench/peers/run.ts [--rounds=3] [--seconds=10] [--warmup=3] [--connections=10] [--customers=20000]
 *        [--peers-dir=<dir>] [--only=ours,medusa,vendure] [--skip-build] [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *        [--before-load=<shell command>]
 *
 * --before-load runs a shell command before each path's load and waits for it to end, e.g. one that waits until
 * other work on a shared machine is done.
 * The peers are installed with npm into their own folders of --peers-dir (by default a new folder under the system
 * temp directory, removed at the end; a given folder is kept and reused by the next run). Each server gets a fresh
 * database, dealmarket_bench_peers_*, dropped at the end, on an error and on Ctrl-C. Each round starts each server
 * in turn on core 0 (the order turning round by round), measures its five paths with the load generator (load.ts)
 * on core 1, and stops it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Failed, gqlData, keepAlive, send } from './http';
import { flowsOf, PATH_LABELS, PATHS, PEERS, VENDURE_SHOP_PATH, type Context, type PathKey, type Peer } from './flows';
import type { LoadConfig, LoadResult } from './load';
import { seedOurs, type CatalogItem } from './catalog';
import { installPeer } from './install';
import { MEDUSA_VERSION, medusaPackages, seedMedusa, startMedusa, type MedusaSeeded } from './medusa';
import { seedVendure, startVendure, VENDURE_VERSION, vendurePackages } from './vendure';
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
  run,
  runMain,
  scratchDir,
  SERVER_BUNDLE,
  SERVER_CPU,
  startServer,
  whole,
  type ScratchDatabase,
} from '../api/harness';

const NAMES: Record<Peer, string> = { ours: 'ours', medusa: `Medusa ${MEDUSA_VERSION}`, vendure: `Vendure ${VENDURE_VERSION}` };

interface Settings {
  seconds: number;
  warmup: number;
  connections: number;
  dir: string;
}

/** A server set up and ready to be started for a round. */
interface Prepared {
  peer: Peer;
  database: ScratchDatabase;
  start(label: string): Promise<{ origin: string; stop(): Promise<void> }>;
  /** Found at the first start (Vendure's shipping and payment methods are read from the running server). */
  context(origin: string): Promise<Context>;
  /** The next run's number for checkouts and purchases. */
  offset: number;
}

interface Measured {
  peer: Peer;
  path: PathKey;
  round: number;
  load: string;
  result: LoadResult;
}

async function loadRun(s: Settings, origin: string, context: Context, p: PathKey, offset: number, label: string): Promise<LoadResult> {
  const config: LoadConfig = { origin, context, path: p, connections: s.connections, seconds: s.seconds, warmup: s.warmup, offset };
  const file = path.join(s.dir, `load-${label}.json`);
  writeFileSync(file, JSON.stringify(config));
  const out = await capture('taskset', ['-c', String(LOAD_CPU), process.execPath, '--import', 'tsx', path.join(ROOT, 'bench/peers/load.ts'), file]);
  if (out.code !== 0) throw new Error(`load generator failed (${out.code}): ${out.stderr.slice(-2000)}`);
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as LoadResult;
}

/** Vendure's ids for the paths: products by name, and the shipping and payment methods an order may use. */
async function vendureContext(origin: string, items: CatalogItem[], detail: CatalogItem): Promise<Context> {
  const agent = keepAlive(1);
  const url = new URL(origin);
  const gql = async <T>(step: string, query: string, token?: string) => {
    const reply = await send(agent, url, { method: 'POST', path: VENDURE_SHOP_PATH, json: { query }, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
    return { data: gqlData<T>(step, reply), token: reply.headers['vendure-auth-token'] };
  };
  try {
    const { data } = await gql<{ products: { items: { id: string; name: string; variants: { id: string }[] }[] } }>('products', '{ products(options: { take: 100 }) { items { id name variants { id } } } }');
    const byName = new Map(data.products.items.map((p) => [p.name, p]));
    const of = (title: string) => {
      const p = byName.get(title);
      if (!p) throw new Error(`vendure: no product named ${title}`);
      return p;
    };
    const buyVariantIds = items.filter((i) => i.buy).map((i) => of(i.title).variants[0]!.id);
    // An order made for the purpose, to read what it may be shipped and paid with.
    const added = await gql<{ addItemToOrder: { __typename: string } }>('add', `mutation { addItemToOrder(productVariantId: "${buyVariantIds[0]}", quantity: 1) { __typename } }`);
    const token = typeof added.token === 'string' ? added.token : '';
    await gql('customer', 'mutation { setCustomerForOrder(input: { emailAddress: "setup@example.com", firstName: "Set", lastName: "Up" }) { __typename } }', token);
    await gql('address', 'mutation { setOrderShippingAddress(input: { streetLine1: "1 Market Street", city: "San Francisco", postalCode: "94105", countryCode: "US" }) { __typename } }', token);
    const methods = await gql<{ eligibleShippingMethods: { id: string }[]; eligiblePaymentMethods: { code: string; isEligible: boolean }[] }>(
      'methods',
      '{ eligibleShippingMethods { id } eligiblePaymentMethods { code isEligible } }',
      token,
    );
    const shipping = methods.data.eligibleShippingMethods[0];
    const payment = methods.data.eligiblePaymentMethods.find((m) => m.isEligible);
    if (!shipping || !payment) throw new Error(`vendure: no shipping or payment method for an order: ${JSON.stringify(methods.data)}`);
    return { peer: 'vendure', detailId: of(detail.title).id, buyVariantIds, shippingMethodId: shipping.id, paymentMethodCode: payment.code };
  } catch (err) {
    if (err instanceof Failed) throw new Error(`vendure set-up: ${err.message}`);
    throw err;
  } finally {
    agent.destroy();
  }
}

function medusaContext(seeded: MedusaSeeded, items: CatalogItem[], detail: CatalogItem): Context {
  const of = (title: string) => {
    const p = seeded.products[title];
    if (!p) throw new Error(`medusa: no product titled ${title}`);
    return p;
  };
  return {
    peer: 'medusa',
    publishableKey: seeded.publishableKey,
    regionId: seeded.regionId,
    shippingOptionId: seeded.shippingOptionId,
    detailId: of(detail.title).productId,
    buyVariantIds: items.filter((i) => i.buy).map((i) => of(i.title).variantId),
  };
}

/** A cell of the table: the median over the rounds of req/s and of p99, and the errors counted in all rounds. */
function cell(rs: Measured[]): { rps: number; p99: number; errors: number; text: string } {
  if (rs.length === 0) return { rps: Number.NaN, p99: Number.NaN, errors: 0, text: 'not measured' };
  const rps = median(rs.map((r) => r.result.rps));
  const p99 = median(rs.map((r) => r.result.p99));
  const errors = rs.reduce((n, r) => n + r.result.errors, 0);
  return { rps, p99, errors, text: `${whole(rps)}/s, p99 ${fixed(p99)} ms${errors > 0 ? `, **${whole(errors)} errors**` : ''}` };
}

async function main(): Promise<void> {
  const opt = options(process.argv.slice(2));
  const rounds = opt.int('rounds', 3);
  const customers = opt.int('customers', 20_000);
  const adminUrl = opt.text('admin-url', DEFAULT_ADMIN_URL);
  const only = opt.text('only', PEERS.join(',')).split(',') as Peer[];
  if (only.some((p) => !PEERS.includes(p))) throw new Error(`--only takes ${PEERS.join(', ')}, separated by commas`);
  const dir = scratchDir('bench-peers');
  const s: Settings = { seconds: opt.int('seconds', 10), warmup: opt.int('warmup', 3), connections: opt.int('connections', 10), dir };
  const beforeLoad = opt.text('before-load', '');
  const given = opt.text('peers-dir', '');
  // A given folder is kept for the next run; a made one goes with the scratch directory.
  const peersDir = given ? path.resolve(given) : path.join(dir, 'peers');
  mkdirSync(peersDir, { recursive: true });
  const m = machine();
  const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  console.log(`machine: ${describeMachine(m)}; commit ${commit}`);

  // The two installs side by side: each is mostly waiting on the registry.
  await Promise.all([
    only.includes('medusa') ? installPeer(path.join(peersDir, 'medusa'), medusaPackages) : null,
    only.includes('vendure') ? installPeer(path.join(peersDir, 'vendure'), vendurePackages) : null,
  ]);
  if (only.includes('ours') && (!opt.flag('skip-build') || !existsSync(SERVER_BUNDLE))) await buildDist();

  // Our database first: its catalogue is the one the peers are given.
  const oursDb = await createDatabase(adminUrl, 'dealmarket_bench_peers_ours');
  const tokensFile = path.join(dir, 'tokens.json');
  const items = await seedOurs(oursDb.url, customers, tokensFile);
  const detail = items[4]!;
  const buyIds = items.filter((i) => i.buy).map((i) => i.id);
  console.log(`catalogue: ${items.length} items; detail "${detail.title}"; bought at checkout: ${items.filter((i) => i.buy).map((i) => `"${i.title}"`).join(', ')}`);

  const prepared: Prepared[] = [];
  if (only.includes('ours')) {
    prepared.push({
      peer: 'ours',
      database: oursDb,
      offset: 0,
      start: async (label) => startServer({ label, logDir: dir, defaultLogLevel: true, env: { DATABASE_URL: oursDb.url } }),
      context: async () => ({ peer: 'ours', detailId: detail.id, buyIds, tokensFile }),
    });
  }
  if (only.includes('medusa')) {
    const medusaDir = path.join(peersDir, 'medusa');
    const database = await createDatabase(adminUrl, 'dealmarket_bench_peers_medusa');
    const seeded = await seedMedusa(medusaDir, database.url, items);
    prepared.push({
      peer: 'medusa',
      database,
      offset: 0,
      start: async (label) => startMedusa(medusaDir, database.url, path.join(dir, `${label}.log`)),
      context: async () => medusaContext(seeded, items, detail),
    });
  }
  if (only.includes('vendure')) {
    const vendureDir = path.join(peersDir, 'vendure');
    const database = await createDatabase(adminUrl, 'dealmarket_bench_peers_vendure');
    await seedVendure(vendureDir, database.url, items);
    let context: Context | undefined;
    prepared.push({
      peer: 'vendure',
      database,
      offset: 0,
      start: async (label) => startVendure(vendureDir, database.url, dir, label),
      context: async (origin) => (context ??= await vendureContext(origin, items, detail)),
    });
  }

  console.log(
    `load: ${s.connections} connections on core ${LOAD_CPU}, ${s.warmup} s of warm-up then ${s.seconds} s a path; servers on core ${SERVER_CPU}, one at a time; ${rounds} rounds`,
  );
  const measured: Measured[] = [];
  const failures: { peer: Peer; path: PathKey; round: number; why: string }[] = [];
  for (let round = 1; round <= rounds; round++) {
    // The order turns each round, so no server always meets the machine as another left it.
    const order = prepared.map((_, i) => prepared[(i + round - 1) % prepared.length]!);
    for (const p of order) {
      const label = `${p.peer}-${round}`;
      const server = await p.start(label);
      try {
        const context = await p.context(server.origin);
        // One run of each path first, from here: a path that fails it is reported and not loaded.
        const agent = keepAlive(1);
        const tokens = context.peer === 'ours' ? (JSON.parse(readFileSync(context.tokensFile, 'utf8')) as string[]) : [];
        const flows = flowsOf(context, { agent, origin: new URL(server.origin), tokens });
        for (const key of PATHS) {
          try {
            await flows[key](p.offset++);
          } catch (err) {
            const why = err instanceof Error ? err.message : String(err);
            failures.push({ peer: p.peer, path: key, round, why });
            console.log(`round ${round} ${NAMES[p.peer].padEnd(14)} ${PATH_LABELS[key].padEnd(20)} FAILED its first run, not loaded: ${why}`);
            continue;
          }
          if (beforeLoad) await run('sh', ['-c', beforeLoad]);
          const load = loadAverage();
          const result = await loadRun(s, server.origin, context, key, p.offset, `${label}-${key}`);
          p.offset += result.started;
          measured.push({ peer: p.peer, path: key, round, load, result });
          console.log(
            `round ${round} ${NAMES[p.peer].padEnd(14)} ${PATH_LABELS[key].padEnd(20)} ${whole(result.rps).padStart(6)}/s  p50 ${fixed(result.p50)} ms  p99 ${fixed(result.p99)} ms  ` +
              `errors ${result.errors} (warm-up ${result.warmupErrors})  (load ${load})`,
          );
          for (const e of result.errorSamples) console.log(`    error: ${e}`);
        }
        agent.destroy();
      } finally {
        await server.stop();
      }
    }
  }
  for (const p of prepared) await p.database.drop();
  if (!prepared.some((p) => p.peer === 'ours')) await oursDb.drop();

  const peers = prepared.map((p) => p.peer).filter((p) => p !== 'ours');
  const rows = PATHS.map((key) => {
    const cells = new Map(
      PEERS.map((peer) => {
        const c = cell(measured.filter((r) => r.peer === peer && r.path === key));
        const failed = failures.filter((f) => f.peer === peer && f.path === key).length;
        return [peer, failed > 0 ? { ...c, text: `${c.text}; **failed its first run in ${failed} of ${rounds} rounds**` } : c];
      }),
    );
    const ours = cells.get('ours')!;
    const best = peers.map((peer) => cells.get(peer)!).filter((c) => Number.isFinite(c.rps));
    const bestRps = Math.max(...best.map((c) => c.rps));
    const bestP99 = Math.min(...best.map((c) => c.p99));
    const ratio = Number.isFinite(ours.rps) && best.length > 0 ? `${fixed(ours.rps / bestRps, 2)}x req/s, ${fixed(ours.p99 / bestP99, 2)}x p99` : 'n/a';
    return [PATH_LABELS[key], ...PEERS.map((peer) => cells.get(peer)!.text), ratio];
  });
  const errors = measured.filter((r) => r.result.errors + r.result.warmupErrors > 0);
  console.log(`\nmachine: ${describeMachine(m)}; at the end: load average ${loadAverage()}; commit ${commit}`);
  console.log(`${s.connections} connections, ${s.seconds} s a path after ${s.warmup} s of warm-up, median of ${rounds} rounds (req/s: runs of the path that succeeded, a second)\n`);
  console.log(markdownTable(['path', ...PEERS.map((p) => NAMES[p]), 'ours / best peer'], rows, ['l', 'r', 'r', 'r', 'l']));
  if (failures.length > 0) {
    console.log('\npaths that failed their first run (not loaded):');
    for (const f of failures) console.log(`- round ${f.round} ${NAMES[f.peer]} ${PATH_LABELS[f.path]}: ${f.why}`);
  }
  if (errors.length > 0) {
    console.log('\nerrors:');
    for (const r of errors) console.log(`- round ${r.round} ${NAMES[r.peer]} ${PATH_LABELS[r.path]}: ${r.result.errors} (warm-up ${r.result.warmupErrors}); ${r.result.errorSamples.join(' | ')}`);
  } else {
    console.log('\nno errors: every answer of every run was a success');
  }
  console.log('');
}

runMain(main);
