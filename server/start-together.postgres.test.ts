/**
 * Servers started at the same moment on an empty PostgreSQL database, with the demo data on: they
 * migrate and load the demo data once, one after the other, and every one of them serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from './db/client';
import { DEMO_CUSTOMER, DEMO_MERCHANTS } from './demo/demo-data';
import { deals, merchants, users } from './db/schema';
import { createNamedTestDatabase, type NamedTestDatabase } from './test/database';
import { startServer, type ServerProcess } from './test/server-process';

let named: NamedTestDatabase;
let database: Database | undefined;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  named = await createNamedTestDatabase();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await named?.drop();
}, 60_000);

describe('two servers started together on an empty database with the demo data on', () => {
  it('both serve, and the demo data is there once', async () => {
    const env = { DATABASE_URL: named.url, SEED_DEMO_DATA: 'true', EXPIRY_SWEEP: 'false' };
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason).slice(0, 2_000)] : []));
    expect(failures).toEqual([]);

    for (const server of servers) {
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
      const list = await fetch(`${server.base}/api/deals?limit=100`);
      expect(list.status).toBe(200);
      expect(((await list.json()) as unknown[]).length).toBe(DEMO_MERCHANTS.flatMap((m) => m.deals).length);
    }

    database = await openDatabase({ kind: 'postgres', url: named.url, poolSize: 1 });
    const count = async (table: typeof merchants | typeof deals) => (await database!.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    expect(await count(merchants)).toBe(DEMO_MERCHANTS.length);
    expect(await count(deals)).toBe(DEMO_MERCHANTS.reduce((n, m) => n + m.deals.length + (m.proposals?.length ?? 0), 0));
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_CUSTOMER.phone))).toHaveLength(1);
  }, 240_000);
});
