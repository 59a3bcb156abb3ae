/**
 * The database drops the server's connections while requests are using them (as a restart, a
 * failover or an idle-connection killer does): the server process stays up, every answer is a normal
 * one or a 503 with Retry-After, and once the database stops dropping connections the server answers
 * normally again by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from './db/client';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount } from './db/factories';
import { createSession } from './auth/sessions';
import { vouchers } from './db/schema';
import { adminUrl, createNamedTestDatabase, type NamedTestDatabase } from './test/database';
import { startServer, type ServerProcess } from './test/server-process';

const CHAOS_MS = 8_000;
const WORKERS = 24;
const VOUCHERS = 12;

let database: Database;
let named: NamedTestDatabase;
let server: ServerProcess;
let dealId: string;
let merchantSession: string;
const customers: string[] = [];
const toRedeem: { code: string; pin: string }[] = [];

interface Answer {
  what: string;
  status: number | 'no answer';
  retryAfter: string | null;
  body: unknown;
  error?: string;
}

async function call(what: string, method: string, url: string, session: string | null, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${server.base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(session ? { authorization: `Bearer ${session}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      // Far beyond the server's own database timeouts: an answer that takes this long counts as a hang.
      signal: AbortSignal.timeout(30_000),
    });
    return { what, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json().catch(() => null) };
  } catch (err) {
    return { what, status: 'no answer', retryAfter: null, body: null, error: String((err as Error).cause ?? err) };
  }
}

const sessionIdOf = (answer: Answer) => new URL(String((answer.body as { url: string }).url)).searchParams.get('session_id')!;

beforeAll(async () => {
  named = await createNamedTestDatabase();
  database = await openDatabase({ kind: 'postgres', url: named.url, poolSize: 5 });
  await database.migrate();

  const merchant = await buildMerchant(database.db);
  merchantSession = await createSession(database.db, (await buildMerchantAccount(database.db, merchant.id)).id);
  // No stock limit and a generous allowance, so refusals come from the database going away, not the rules.
  dealId = (await buildDeal(database.db, { merchantId: merchant.id, inventory: 0, maxPerUser: 1000 })).id;
  for (let i = 0; i < 60; i++) customers.push(await createSession(database.db, (await buildCustomer(database.db)).id));

  server = await startServer({
    DATABASE_URL: named.url,
    CATALOG_CACHE_MS: '0',
    // Counted in the database, so the budget's own writes meet the dropped connections too.
    WRITE_RATE_LIMIT: '1000000',
    DB_POOL_SIZE: '8',
  });

  // Vouchers to redeem while connections drop: bought and paid through the API beforehand.
  for (let i = 0; i < VOUCHERS; i++) {
    const started = await call('checkout', 'POST', '/api/checkout', customers[i]!, { dealId });
    expect(started.status).toBe(200);
    const paid = await call('pay', 'POST', `/api/test-provider/sessions/${encodeURIComponent(sessionIdOf(started))}/pay`, customers[i]!, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      cardholderName: 'Connection Loss',
    });
    expect(paid.status).toBe(200);
  }
  for (const v of await database.db.select().from(vouchers).where(eq(vouchers.dealId, dealId))) toRedeem.push({ code: v.code, pin: v.pin });
  expect(toRedeem).toHaveLength(VOUCHERS);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await database?.close();
  await named?.drop();
}, 60_000);

describe('connections dropped by the database while in use', () => {
  it('keep the server up, answer 503 with Retry-After, and recover by themselves', async () => {
    const answers: Answer[] = [];
    let stop = false;
    let terminated = 0;

    // Another connection (to another database) ends every backend of the server's database, again and again.
    const killer = new pg.Client({ connectionString: adminUrl() });
    await killer.connect();
    const killing = (async () => {
      while (!stop) {
        const { rows } = await killer.query<{ n: number }>(
          'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) t',
          [named.name],
        );
        terminated += rows[0]!.n;
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      }
    })();

    let redeemNext = 0;
    const step = async (worker: number, round: number): Promise<void> => {
      const customer = customers[VOUCHERS + ((worker * 7 + round) % (customers.length - VOUCHERS))]!;
      switch (round % 5) {
        case 0: {
          answers.push(await call('checkout', 'POST', '/api/checkout', customer, { dealId }));
          return;
        }
        case 1: {
          const started = await call('checkout', 'POST', '/api/checkout', customer, { dealId });
          answers.push(started);
          if (started.status !== 200) return;
          answers.push(await call('cancel', 'POST', `/api/test-provider/sessions/${encodeURIComponent(sessionIdOf(started))}/cancel`, customer, {}));
          return;
        }
        case 2: {
          const voucher = toRedeem[redeemNext++ % toRedeem.length]!;
          answers.push(await call('redeem', 'POST', '/api/redeem', merchantSession, voucher));
          return;
        }
        case 3:
          answers.push(await call('list', 'GET', '/api/deals', null));
          return;
        default:
          answers.push(await call('vouchers', 'GET', '/api/user/vouchers', customer));
      }
    };
    const workers = Array.from({ length: WORKERS }, async (_, worker) => {
      for (let round = worker; !stop; round++) await step(worker, round);
    });

    await new Promise((r) => setTimeout(r, CHAOS_MS));
    stop = true;
    await Promise.all(workers);
    await killing;
    await killer.end();

    const exit = server.process.exitCode ?? server.process.signalCode;
    expect(exit, `the server exited:\n${server.log.join('').slice(-4000)}`).toBeNull();
    expect(terminated).toBeGreaterThan(0);

    const bad = answers.filter((a) => a.status === 'no answer' || (a.status >= 500 && !(a.status === 503 && a.retryAfter)));
    expect(bad.slice(0, 5), `${bad.length} of ${answers.length} answers were neither normal nor 503 with Retry-After`).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(typeof (a.body as { message?: unknown } | null)?.message).toBe('string');
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);

    // The database is left alone again: the server is healthy and sells, without a restart.
    const deadline = Date.now() + 15_000;
    let health = await call('health', 'GET', '/api/health', null);
    while (health.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      health = await call('health', 'GET', '/api/health', null);
    }
    expect(health.status, server.log.join('').slice(-4000)).toBe(200);
    const fresh = await createSession(database.db, (await buildCustomer(database.db)).id);
    expect((await call('checkout', 'POST', '/api/checkout', fresh, { dealId })).status).toBe(200);
    expect((await call('list', 'GET', '/api/deals', null)).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  }, 120_000);
});
