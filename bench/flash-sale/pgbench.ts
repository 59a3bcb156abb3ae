/**
 * The database's own ceiling for the flash sale: pgbench running the hold transaction on one hot
 * row (one conditional update of a single stock counter, one insert into holds) against a copy of
 * our schema, at the buyers' concurrency. The counter is bucket 0 of the deal's `deal_stock`, so
 * every transaction takes the same row lock, as a deal with its stock in one row would. Also the
 * ways around one hot row, measured the same way: taking the row lock last, stock split over 16
 * rows (the layout the server uses, statements in the server's order), one row per unit claimed
 * with SKIP LOCKED, and batches of several holds per transaction.
 *
 * Every hold needs its own order item (holds.order_item_id is unique and a foreign key), so each
 * pgbench client gets a numbered range of pre-made orders and order items, whose ids are computed
 * from the number (a per-client counter in the script), and the holds are cleared between runs.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { buildDeal, buildMerchant } from '../../server/db/factories';
import { capture, createDatabase, LOAD_CPU, type ScratchDatabase } from '../api/harness';

export type Variant = 'hold' | 'update-last' | 'split-16' | 'skip-locked' | 'batch-8';

export const VARIANTS: Record<Variant, string> = {
  hold: 'the hold transaction as our checkout does it: update, then insert',
  'update-last': 'same statements, the row lock taken last: insert, then update',
  'split-16': 'stock split over 16 rows as the server keeps it: insert, then update a random bucket',
  'skip-locked': 'one row per unit, the first free one claimed with FOR UPDATE SKIP LOCKED',
  'batch-8': 'eight holds per transaction: update by 8, insert 8 holds',
};

/** Holds each transaction of the variant makes. */
export const HOLDS_PER_TRANSACTION: Record<Variant, number> = { hold: 1, 'update-last': 1, 'split-16': 1, 'skip-locked': 1, 'batch-8': 8 };

const uuidOf = (prefix: string, n: string) => `('${prefix}' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const ORDER_ITEM = (n: string) => uuidOf('00000000-0000-4000-8000-', n);
const ORDER = (n: string) => uuidOf('00000000-0000-4000-a000-', n);
const USER = (n: string) => uuidOf('00000000-0000-4000-9000-', n);
const EXPIRES = `now() + interval '20 minutes'`;

/** pgbench scripts; :client_id is pgbench's, :n a per-client counter, :slots the range per client. */
function script(variant: Variant): string {
  const next = (count: number) => `\\set n :n + ${count}\n`;
  const item = (offset = 0) => ORDER_ITEM(`:client_id * :slots + :n - ${offset}`);
  const hold = (offset = 0) => `(${item(offset)}, ':deal', ${USER(':client_id')}, 1, ${EXPIRES})`;
  const insertHold = `insert into holds (order_item_id, deal_id, user_id, quantity, expires_at) values ${hold()};\n`;
  const update = (units: number) => `update deal_stock set taken = taken + ${units} where deal_id = ':deal' and bucket = 0 and taken + ${units} <= units;\n`;
  switch (variant) {
    case 'hold':
      return `${next(1)}begin;\n${update(1)}${insertHold}commit;\n`;
    case 'update-last':
      return `${next(1)}begin;\n${insertHold}${update(1)}commit;\n`;
    case 'split-16':
      return `${next(1)}\\set bucket random(0, 15)\nbegin;\n${insertHold}update deal_stock set taken = taken + 1 where deal_id = ':deal' and bucket = :bucket and taken + 1 <= units;\ncommit;\n`;
    case 'skip-locked':
      return (
        `${next(1)}begin;\n` +
        `update deal_units set order_item_id = ${item()} where id = (select id from deal_units where deal_id = ':deal' and order_item_id is null limit 1 for update skip locked);\n` +
        `${insertHold}commit;\n`
      );
    case 'batch-8': {
      const holds = Array.from({ length: 8 }, (_, i) => hold(i)).join(',\n  ');
      return `${next(8)}begin;\n${update(8)}insert into holds (order_item_id, deal_id, user_id, quantity, expires_at) values\n  ${holds};\ncommit;\n`;
    }
  }
}

export interface PgbenchDatabase {
  database: ScratchDatabase;
  dealId: string;
  slots: number;
  dir: string;
}

/**
 * A fresh database with our schema (the app's migrations), one deal whose offer never runs out, one
 * customer per client and `slots` orders with one order item each per client, plus the tables the
 * prototypes need.
 */
export async function preparePgbench(adminUrl: string, clients: number, slots: number, dir: string): Promise<PgbenchDatabase> {
  const database = await createDatabase(adminUrl, 'dealmarket_bench_pgbench');
  const app = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  try {
    await app.migrate();
    const merchant = await buildMerchant(app.db, { name: 'Flash Sale Bistro' });
    const deal = await buildDeal(app.db, { merchantId: merchant.id, title: 'Flash sale dinner', inventory: 2_000_000_000, maxPerUser: 1_000_000 });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const total = clients * slots;
      await client.query(
        `insert into users (id, phone, phone_verified, role) select ${USER('g')}, '+1888' || lpad(g::text, 7, '0'), true, 'customer' from generate_series(0, ${clients - 1}) g`,
      );
      await client.query(
        `insert into orders (id, user_id, status, provider, total_cents, expires_at)
         select ${ORDER('g')}, ${USER(`g % ${clients}`)}, 'pending', 'test', 1000, now() + interval '1 day' from generate_series(1, ${total + slots}) g`,
      );
      await client.query(
        `insert into order_items (id, order_id, deal_id, quantity, unit_price_cents, title)
         select ${ORDER_ITEM('g')}, ${ORDER('g')}, $1, 1, 1000, 'Flash sale dinner' from generate_series(1, ${total + slots}) g`,
        [deal.id],
      );
      // The deal's 16 stock buckets (made with it) hold 125,000,000 units each; a prototype table of one row per unit.
      await client.query(
        `create table deal_units (id bigint generated always as identity primary key, deal_id uuid not null references deals(id), order_item_id uuid references order_items(id))`,
      );
      await client.query(`insert into deal_units (deal_id) select $1 from generate_series(1, ${total}) g`, [deal.id]);
      await client.query(`create index deal_units_free_idx on deal_units (deal_id, id) where order_item_id is null`);
      await client.query('vacuum analyze');
    } finally {
      await client.end();
    }
    return { database, dealId: deal.id, slots, dir };
  } finally {
    await app.close();
  }
}

/** Puts the stock back and removes the holds of the previous run, so the numbered order items can be used again. */
async function reset(db: PgbenchDatabase): Promise<void> {
  const client = new pg.Client({ connectionString: db.database.url });
  await client.connect();
  try {
    await client.query('truncate holds');
    await client.query('update deal_stock set taken = 0');
    await client.query('update deal_units set order_item_id = null where order_item_id is not null');
    await client.query('vacuum analyze');
    // Written out now, so the run does not pay for the previous measurement's dirty pages.
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

export interface PgbenchResult {
  variant: Variant;
  tps: number;
  holdsPerSecond: number;
  latencyMs: number;
  transactions: number;
  command: string;
}

/** Runs pgbench on the load generator's core: `pgbench -n -c <clients> -j 1 -T <seconds> -f <variant>.sql`. */
export async function runPgbench(db: PgbenchDatabase, variant: Variant, clients: number, seconds: number): Promise<PgbenchResult> {
  await reset(db);
  const file = path.join(db.dir, `${variant}.sql`);
  writeFileSync(file, script(variant));
  const url = new URL(db.database.url);
  const args = [
    '-n', '-c', String(clients), '-j', '1', '-T', String(seconds),
    '-D', 'n=0', '-D', `slots=${db.slots}`, '-D', `deal=${db.dealId}`,
    '-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres'),
    '-f', file, db.database.name,
  ];
  const out = await capture('taskset', ['-c', String(LOAD_CPU), 'pgbench', ...args]);
  const text = `${out.stdout}\n${out.stderr}`;
  if (out.code !== 0 || /aborted/.test(text)) {
    throw new Error(`pgbench ${variant} failed (exit ${out.code}); if clients ran out of order items, raise --pgbench-slots:\n${text.slice(-3000)}`);
  }
  const tps = Number(/tps = ([\d.]+)/.exec(text)?.[1]);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(text)?.[1]);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(text)?.[1]);
  const perClient = transactions / clients;
  if (perClient * HOLDS_PER_TRANSACTION[variant] > db.slots * 0.98) throw new Error(`pgbench ${variant}: clients used up their order items; raise --pgbench-slots`);
  return { variant, tps, holdsPerSecond: tps * HOLDS_PER_TRANSACTION[variant], latencyMs, transactions, command: `pgbench -n -c ${clients} -j 1 -T ${seconds} -f ${variant}.sql` };
}
