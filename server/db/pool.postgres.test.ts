/**
 * The node-postgres pool when connections break under it: a broken checked-out connection goes back to
 * the pool by itself (so a holder that never gives it back cannot fill the pool), and a query that gets
 * no answer in time fails and takes its connection with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { openDatabase, type Database } from './client';
import { isConnectionFailure } from './errors';
import { adminUrl, createNamedTestDatabase, type NamedTestDatabase } from '../test/database';

let admin: Database;
let named: NamedTestDatabase;
let url: string;
const opened: Database[] = [];

beforeAll(async () => {
  named = await createNamedTestDatabase();
  url = named.url;
  admin = await openDatabase({ kind: 'postgres', url: adminUrl(), poolSize: 1 });
});

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => undefined);
  await admin?.close();
  await named?.drop();
});

async function open(options: { poolSize: number; queryTimeoutMs?: number; lost?: Error[] }): Promise<Database> {
  const database = await openDatabase({
    kind: 'postgres',
    url,
    poolSize: options.poolSize,
    connectTimeoutMs: 2_000,
    ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
    onConnectionLost: (err) => options.lost?.push(err),
  });
  opened.push(database);
  return database;
}

const poolOf = (database: Database) => (database.db as unknown as { $client: pg.Pool }).$client;

describe('the pool', () => {
  it('takes back a checked-out connection that the database ended, even if its holder never does', async () => {
    const lost: Error[] = [];
    const database = await open({ poolSize: 1, lost });
    const client = await poolOf(database).connect();
    // The holder's connection is ended by the database between two of its statements.
    await client.query('begin');
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await admin.db.execute(sql`select pg_terminate_backend(${pid})`);
    const failed = await client.query('select 1').catch((err: unknown) => err);
    expect(isConnectionFailure(failed)).toBe(true);

    // The one connection the pool may have is free again without client.release().
    const { rows } = (await database.db.execute(sql`select 1 as ok`)) as unknown as { rows: { ok: number }[] };
    expect(rows).toEqual([{ ok: 1 }]);
    // A late release by the holder is harmless.
    expect(() => client.release()).not.toThrow();
    expect(lost.length).toBe(1);
    expect(await database.ping()).toBe(true);
  });

  it('does not leak connections through transactions whose connection is ended', async () => {
    const database = await open({ poolSize: 2 });
    for (let round = 0; round < 6; round++) {
      const failed = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        })
        .catch((err: unknown) => err);
      expect(isConnectionFailure(failed)).toBe(true);
    }
    expect(await database.ping()).toBe(true);
    expect(poolOf(database).totalCount).toBeLessThanOrEqual(2);
  });

  it('fails a query that gets no answer in time and drops its connection', async () => {
    const database = await open({ poolSize: 1, queryTimeoutMs: 300 });
    const started = performance.now();
    const failed = await database.db.execute(sql`select pg_sleep(5)`).catch((err: unknown) => err);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(isConnectionFailure(failed)).toBe(true);
    // The next query is not queued behind the abandoned one on the same connection.
    const next = performance.now();
    expect(await database.db.execute(sql`select 1 as ok`)).toMatchObject({ rows: [{ ok: 1 }] });
    expect(performance.now() - next).toBeLessThan(2_000);
  });

  it('lets migrations run longer than the query timeout', async () => {
    // Every migration statement takes longer than a millisecond; they run on a connection of their own, without the limit.
    const database = await open({ poolSize: 1, queryTimeoutMs: 1 });
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
