/**
 * The node-postgres pool when connections break under it or statements take too long: a broken
 * checked-out connection goes back to the pool by itself (so a holder that never gives it back cannot
 * fill the pool); a statement that runs or waits for a lock too long is cancelled by the database itself,
 * which rolls it back and leaves the connection usable; only a database that does not answer at all
 * meets the connection's own read timeout, which drops the connection; and the health check has a
 * connection of its own.
 */
import { createServer, Socket, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, readTimeoutMs, type Database } from './client';
import { isConnectionFailure, isDatabaseError, isDatabaseTimeout } from './errors';
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

async function open(options: { poolSize: number; queryTimeoutMs?: number; lockTimeoutMs?: number; lost?: Error[]; through?: string }): Promise<Database> {
  const database = await openDatabase({
    kind: 'postgres',
    url: options.through ?? url,
    poolSize: options.poolSize,
    connectTimeoutMs: 2_000,
    ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
    ...(options.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: options.lockTimeoutMs }),
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

  it('gives every connection the statement and lock timeouts: a third of the query timeout for locks, at most 5 s', async () => {
    const show = async (database: Database) => {
      const { rows } = (await database.db.execute(
        sql`select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock, current_setting('application_name') as app`,
      )) as unknown as { rows: { statement: string; lock: string; app: string }[] };
      return rows[0];
    };
    expect(await show(await open({ poolSize: 1, queryTimeoutMs: 3_000 }))).toEqual({ statement: '3s', lock: '1s', app: 'dealmarket' });
    expect(await show(await open({ poolSize: 1 }))).toEqual({ statement: '30s', lock: '5s', app: 'dealmarket' });
    expect(await show(await open({ poolSize: 1, queryTimeoutMs: 3_000, lockTimeoutMs: 200 }))).toMatchObject({ statement: '3s', lock: '200ms' });
    // No limit on statements still leaves lock waits bounded.
    expect(await show(await open({ poolSize: 1, queryTimeoutMs: 0 }))).toMatchObject({ statement: '0', lock: '5s' });
  });

  it('has the database cancel a statement that runs past the query timeout, and keeps the connection', async () => {
    const database = await open({ poolSize: 1, queryTimeoutMs: 300 });
    const pidOf = async () => ((await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
    const pid = await pidOf();
    const started = performance.now();
    const failed = await database.db.execute(sql`select pg_sleep(5)`).catch((err: unknown) => err);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(isDatabaseError(failed, '57014')).toBe(true);
    expect(isDatabaseTimeout(failed)).toBe(true);
    expect(isConnectionFailure(failed)).toBe(false);
    // The same connection answers the next query at once: nothing is left running on it.
    const next = performance.now();
    expect(await pidOf()).toBe(pid);
    expect(performance.now() - next).toBeLessThan(500);
  });

  it('gives up a lock wait after the lock timeout and rolls the whole transaction back', async () => {
    const setup = await open({ poolSize: 1 });
    await setup.db.execute(sql`create table hot_rows (id integer primary key, n integer not null)`);
    await setup.db.execute(sql`create table written_before (id integer primary key)`);
    await setup.db.execute(sql`insert into hot_rows values (1, 0)`);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from hot_rows where id = 1 for update');
      const database = await open({ poolSize: 1, queryTimeoutMs: 3_000 });
      const started = performance.now();
      const failed = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into written_before values (1)`);
          await tx.execute(sql`update hot_rows set n = n + 1 where id = 1`);
        })
        .catch((err: unknown) => err);
      const waited = performance.now() - started;
      expect(isDatabaseError(failed, '55P03')).toBe(true);
      expect(isDatabaseTimeout(failed)).toBe(true);
      // A third of the query timeout, not the whole of it.
      expect(waited).toBeGreaterThan(900);
      expect(waited).toBeLessThan(2_000);
      await holder.query('commit');
      // Nothing of the transaction took effect, and the row is free again.
      expect(await setup.db.execute(sql`select count(*)::int as n from written_before`)).toMatchObject({ rows: [{ n: 0 }] });
      await database.db.execute(sql`update hot_rows set n = n + 1 where id = 1`);
      expect(await setup.db.execute(sql`select n from hot_rows`)).toMatchObject({ rows: [{ n: 1 }] });
    } finally {
      await holder.end();
    }
  });

  it('drops the connection of a query the database does not answer at all, a little after the statement timeout', async () => {
    const proxy = await freezableProxy(url);
    try {
      const lost: Error[] = [];
      const database = await open({ poolSize: 1, queryTimeoutMs: 300, lost, through: proxy.url });
      expect(await database.db.execute(sql`select 1 as ok`)).toMatchObject({ rows: [{ ok: 1 }] });
      // The database's answers stop reaching the server (a partition, a frozen host): not even its cancellation arrives.
      proxy.freeze();
      const started = performance.now();
      const failed = await database.db.execute(sql`select 1 as ok`).catch((err: unknown) => err);
      const waited = performance.now() - started;
      expect(isConnectionFailure(failed)).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(readTimeoutMs(300) - 50);
      expect(waited).toBeLessThan(readTimeoutMs(300) + 1_000);
      proxy.thaw();
      // The pool opens a fresh connection for the next query.
      expect(await database.db.execute(sql`select 1 as ok`)).toMatchObject({ rows: [{ ok: 1 }] });
    } finally {
      await proxy.close();
    }
  });

  it('answers the health check on a connection of its own while every other connection waits on a lock', async () => {
    const setup = await open({ poolSize: 1 });
    await setup.db.execute(sql`create table contended (id integer primary key)`);
    await setup.db.execute(sql`insert into contended values (1)`);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from contended for update');
      const database = await open({ poolSize: 3, queryTimeoutMs: 6_000 });
      // More waiters than the pool's connections: two wait on the lock, the rest for a connection.
      const waiting = Array.from({ length: 4 }, () => database.db.execute(sql`update contended set id = id where id = 1`).catch((err: unknown) => err));
      await new Promise((r) => setTimeout(r, 200));
      expect(poolOf(database).totalCount).toBe(2);
      const started = performance.now();
      expect(await database.ping()).toBe(true);
      expect(performance.now() - started).toBeLessThan(500);
      await holder.query('commit');
      await Promise.all(waiting);
    } finally {
      await holder.end();
    }
  });

  it('lets migrations run longer than the query timeout', async () => {
    // Every migration statement takes longer than a millisecond; they run on a connection of their own, without the limit.
    const database = await open({ poolSize: 1, queryTimeoutMs: 1 });
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});

/** A TCP proxy to the database at `target` whose answers can be held back, as a partition would. */
async function freezableProxy(target: string): Promise<{ url: string; freeze(): void; thaw(): void; close(): Promise<void> }> {
  const to = new URL(target);
  let frozen = false;
  const sockets = new Set<Socket>();
  const held: (() => void)[] = [];
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    sockets.add(client).add(upstream);
    upstream.connect(Number(to.port || 5432), to.hostname);
    client.on('data', (d) => upstream.write(d));
    const send = (d: Buffer) => {
      if (!client.destroyed) client.write(d);
    };
    upstream.on('data', (d: Buffer) => (frozen ? held.push(() => send(d)) : send(d)));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  const via = new URL(target);
  via.hostname = '127.0.0.1';
  via.port = String(address.port);
  return {
    url: via.toString(),
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
