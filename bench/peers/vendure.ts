/**
 * Vendure 3 in its folder of the peers directory: the packages, a vendure-config.js with the plugins its starter
 * installs that need no network or files (the SQL job queue, the default search, the scheduler) and the dummy
 * payment handler, the schema made by TypeORM's synchronize on the first bootstrap (as the starter's first run
 * does), the catalogue imported with Vendure's populate() from a products CSV, and the search index built by the
 * worker. The server and its worker run as two processes, as the starter runs them, both on the server's core.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { capture, freePort, SERVER_CPU, sleep, startPinned, type Started } from '../api/harness';
import type { CatalogItem } from './catalog';
import type { PeerPackages } from './install';

export const VENDURE_VERSION = '3.7.3';

export const vendurePackages: PeerPackages = {
  name: 'peer-vendure',
  dependencies: { '@vendure/core': VENDURE_VERSION, pg: '8.16.3' },
};

const CONFIG = `// Written by bench/peers: a Vendure 3 server as its starter makes one, without the plugins that need files or mail.
const { DefaultJobQueuePlugin, DefaultSchedulerPlugin, DefaultSearchPlugin, dummyPaymentHandler } = require('@vendure/core')

const db = new URL(process.env.DATABASE_URL)

exports.config = {
  apiOptions: {
    hostname: '127.0.0.1',
    port: Number(process.env.PORT || 3000),
    adminApiPath: 'admin-api',
    shopApiPath: 'shop-api',
  },
  authOptions: {
    tokenMethod: ['bearer', 'cookie'],
    superadminCredentials: { identifier: 'superadmin', password: process.env.SUPERADMIN_PASSWORD },
    cookieOptions: { secret: 'peers-bench-cookie-secret' },
  },
  dbConnectionOptions: {
    type: 'postgres',
    synchronize: false,
    logging: false,
    host: db.hostname,
    port: Number(db.port || 5432),
    username: decodeURIComponent(db.username),
    password: decodeURIComponent(db.password),
    database: db.pathname.slice(1),
  },
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  customFields: {},
  plugins: [
    DefaultSchedulerPlugin.init(),
    DefaultJobQueuePlugin.init({ useDatabaseForBuffer: true }),
    DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true }),
  ],
}
`;

const SERVER = `// Written by bench/peers: the server, as the starter's index.ts starts it.
const { bootstrap } = require('@vendure/core')
const { config } = require('./vendure-config.js')

bootstrap(config).catch((err) => {
  console.error(err)
  process.exit(1)
})
`;

const WORKER = `// Written by bench/peers: the worker, as the starter's index-worker.ts starts it.
const { bootstrapWorker } = require('@vendure/core')
const { config } = require('./vendure-config.js')

bootstrapWorker(config)
  .then((worker) => worker.startJobQueue())
  .catch((err) => {
    console.error(err)
    process.exit(1)
  })
`;

/**
 * The seed: populate() with the initial data (the United States in one zone, a 0% tax rate, a free shipping method,
 * the dummy payment handler settling at once) and the products CSV; then the search index rebuilt through the Admin
 * API's reindex, with this process's job queue running until no job is left.
 */
const SEED = `// Written by bench/peers: seeds the benchmark's catalogue with Vendure's populate().
const { bootstrap, JobQueueService, LanguageCode, TransactionalConnection } = require('@vendure/core')
const { populate } = require('@vendure/core/cli')
const { config } = require('./vendure-config.js')

const initialData = {
  defaultLanguage: LanguageCode.en,
  defaultZone: 'Americas',
  taxRates: [{ name: 'Standard Tax', percentage: 0 }],
  shippingMethods: [{ name: 'Voucher by email', price: 0 }],
  paymentMethods: [{ name: 'Standard Payment', handler: { code: 'dummy-payment-handler', arguments: [{ name: 'automaticSettle', value: 'true' }] } }],
  countries: [{ name: 'United States of America', code: 'US', zone: 'Americas' }],
  collections: [],
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function admin(query, token) {
  const res = await fetch('http://127.0.0.1:' + process.env.PORT + '/admin-api', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer ' + token } : {}) },
    body: JSON.stringify({ query }),
  })
  const body = await res.json()
  if (!res.ok || body.errors) throw new Error('admin api: ' + JSON.stringify(body))
  return { body, token: res.headers.get('vendure-auth-token') }
}

async function main() {
  const app = await populate(
    async () => {
      const app = await bootstrap({ ...config, dbConnectionOptions: { ...config.dbConnectionOptions, synchronize: true } })
      await app.get(JobQueueService).start()
      return app
    },
    initialData,
    process.env.PRODUCTS_CSV,
  )
  const login = await admin('mutation { login(username: "superadmin", password: ' + JSON.stringify(process.env.SUPERADMIN_PASSWORD) + ') { __typename } }')
  await admin('mutation { reindex { id } }', login.token)
  const connection = app.get(TransactionalConnection)
  for (let i = 0; i < 1200; i++) {
    await sleep(250)
    const rows = await connection.rawConnection.query("select count(*)::int as n from job_record where state in ('PENDING', 'RUNNING', 'RETRYING')")
    if (rows[0].n === 0) break
  }
  await app.close()
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
`;

/** A CSV field, quoted when it needs to be. */
const field = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The products CSV of Vendure's importer: one product of one variant per item, 1,000,000 units tracked. */
function productsCsv(items: CatalogItem[]): string {
  const head = ['name', 'slug', 'description', 'assets', 'facets', 'optionGroups', 'optionValues', 'sku', 'price', 'taxCategory', 'stockOnHand', 'trackInventory', 'variantAssets', 'variantFacets'];
  const rows = items.map((i) => [i.title, i.handle, i.description, '', '', '', '', i.handle, (i.priceCents / 100).toFixed(2), 'standard', 1_000_000, 'true', '', '']);
  return [head, ...rows].map((r) => r.map(field).join(',')).join('\n') + '\n';
}

/** Vendure refuses to start in production with its default superadmin password: one made for this run. */
const SUPERADMIN_PASSWORD = randomBytes(12).toString('hex');

function env(databaseUrl: string, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATABASE_URL: databaseUrl, PORT: String(port), SUPERADMIN_PASSWORD, ...extra };
}

/** Makes the schema, imports the catalogue and builds the search index. */
export async function seedVendure(dir: string, databaseUrl: string, items: CatalogItem[]): Promise<void> {
  writeFileSync(path.join(dir, 'vendure-config.js'), CONFIG);
  writeFileSync(path.join(dir, 'server.js'), SERVER);
  writeFileSync(path.join(dir, 'worker.js'), WORKER);
  writeFileSync(path.join(dir, 'seed.js'), SEED);
  const csv = path.join(dir, 'products.csv');
  writeFileSync(csv, productsCsv(items));
  const t = Date.now();
  const out = await capture(process.execPath, [path.join(dir, 'seed.js')], { cwd: dir, env: env(databaseUrl, await freePort(), { PRODUCTS_CSV: csv }) });
  if (out.code !== 0) throw new Error(`vendure seed failed (${out.code}):\n${(out.stdout + out.stderr).slice(-3000)}`);
  console.log(`vendure: schema, catalogue and search index in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

/** Waits until the Shop API answers a query, or fails with the end of the server's log. */
async function waitForShop(origin: string, server: Started, logFile: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && server.child.exitCode === null) {
    try {
      const res = await fetch(`${origin}/shop-api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ activeChannel { code } }' }) });
      const body = (await res.json()) as { data?: unknown };
      if (res.ok && body.data) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`vendure did not answer within ${timeoutMs} ms (exit code ${server.child.exitCode}):\n${tail}`);
}

/** The server and its worker in production mode, both pinned to the server's core. */
export async function startVendure(dir: string, databaseUrl: string, logDir: string, label: string): Promise<Started & { origin: string }> {
  const port = await freePort();
  const e = env(databaseUrl, port, { NODE_ENV: 'production' });
  const logFile = path.join(logDir, `${label}.log`);
  const workerLog = path.join(logDir, `${label}-worker.log`);
  const server = startPinned(SERVER_CPU, process.execPath, [path.join(dir, 'server.js')], { env: e, cwd: dir, logFile });
  const worker = startPinned(SERVER_CPU, process.execPath, [path.join(dir, 'worker.js')], { env: e, cwd: dir, logFile: workerLog });
  const origin = `http://127.0.0.1:${port}`;
  await waitForShop(origin, server, logFile);
  return {
    child: server.child,
    origin,
    stop: async () => {
      await Promise.all([server.stop(), worker.stop()]);
    },
  };
}
