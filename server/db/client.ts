/** Opens the database: node-postgres when a URL is given, else embedded PGlite. Only db/ knows the driver. */
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe when several servers start at once. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** How long to wait for a connection (a new one, or a free one from the pool) before failing. */
      connectTimeoutMs?: number;
      /** How long one query may wait for its answer before its connection is dropped; 0 = no limit. */
      queryTimeoutMs?: number;
      /** Told once about each connection that breaks (a database restart, a failover, an idle-connection killer). */
      onConnectionLost?: (err: Error) => void;
    }
  | { kind: 'pglite'; dataDir?: string; /** How the directory is named in messages (e.g. as configured). */ dataDirShownAs?: string };

/** Beside this file in the source tree; the build copies it beside the bundled server. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant key for the advisory lock that serialises migrations across servers. */
const MIGRATION_LOCK_KEY = 7_340_112;

/** Defaults that keep a newcomer's mistakes quick to see: a wrong or unreachable DATABASE_URL fails in seconds. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

/** TCP keep-alive probes start after this much silence, so a connection to a vanished server is noticed. */
const KEEP_ALIVE_DELAY_MS = 10_000;

const baseQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * A client whose connection is closed when a query gets no answer within query_timeout. node-postgres
 * answers the caller with 'Query read timeout' but keeps the connection, with the query still pending
 * on it; back in the pool, the next query would queue behind it (or, with the server gone, wait as
 * long). Closed instead, the pool replaces it.
 */
class ClosingOnTimeoutClient extends pg.Client {}
ClosingOnTimeoutClient.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const closeOnTimeout = (err: unknown) => {
    if (err instanceof Error && err.message === 'Query read timeout') this.connection.stream.destroy();
  };
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (err: unknown, result: unknown) => {
      closeOnTimeout(err);
      (callback as (err: unknown, result: unknown) => void)(err, result);
    };
    return baseQuery.apply(this, args);
  }
  const answer = baseQuery.apply(this, args);
  if (answer instanceof Promise) answer.catch(closeOnTimeout);
  return answer;
} as unknown as pg.Client['query'];

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, release: (err?: Error) => void) => void;
const baseConnect = pg.Pool.prototype.connect as (this: pg.Pool, callback: ConnectCallback) => void;

/**
 * A pool whose checked-out connections go back by themselves when they break. A broken connection
 * cannot be used again, and whoever holds it may never give it back: drizzle's transaction() sends
 * `begin` before its try/finally, so a `begin` that fails on a dead connection leaks it, and enough
 * leaks fill the pool for good. Given back with the error, the pool drops it and opens a fresh one;
 * the holder's own release later does nothing.
 */
class ResilientPool extends pg.Pool {}
ResilientPool.prototype.connect = function connect(this: pg.Pool, callback?: ConnectCallback) {
  if (!callback) {
    return new Promise<pg.PoolClient>((resolve, reject) => {
      this.connect(((err, client) => (err || !client ? reject(err ?? new Error('no client')) : resolve(client))) as ConnectCallback);
    });
  }
  baseConnect.call(this, (err, client, release) => {
    if (err || !client) {
      callback(err, client, release);
      return;
    }
    const releaseOnce = client.release;
    let released = false;
    const giveBack = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', onBroken);
      releaseOnce(error);
    };
    const onBroken = (error: Error) => giveBack(error);
    client.on('error', onBroken);
    client.release = giveBack;
    callback(undefined, client, giveBack);
  });
  return undefined;
} as pg.Pool['connect'];

/**
 * A node-postgres pool that survives its connections breaking (a database restart, a failover, an
 * idle-connection killer). A connection that breaks while idle is dropped by the pool ('error' on the
 * pool); one that breaks while checked out emits 'error' on the client itself, which with no listener
 * ends the process: every client gets a listener for its whole life, and goes back to the pool (see
 * ResilientPool). The query that was using it fails on its own, and is answered 503.
 */
function resilientPool(options: Extract<DatabaseOptions, { kind: 'postgres' }>, config: pg.PoolConfig = {}): pg.Pool {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const pool = new ResilientPool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs, Client: ClosingOnTimeoutClient } : {}),
    ...config,
  });
  pool.on('connect', (client) => {
    let told = false;
    client.on('error', (err) => {
      // A broken connection reports twice (the server's goodbye, then the closed socket): tell once.
      if (told) return;
      told = true;
      options.onConnectionLost?.(err);
    });
  });
  // Told already by the client's own listener; the pool has removed the connection.
  pool.on('error', () => undefined);
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = resilientPool(options);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // A pool of one without the query timeout: a migration (or the wait for another server's) may take long.
        const migrationPool = resilientPool(options, { max: 1, query_timeout: undefined, Client: pg.Client });
        try {
          const client = await migrationPool.connect();
          try {
            await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
            await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
            client.release();
          }
        } finally {
          await migrationPool.end();
        }
      },
      // A health check is answered within the connection timeout, even by a database that accepted the connection and went silent.
      ping: () => ping(db, options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS),
      close: () => pool.end(),
    };
  }
  // One process per directory: a second one would overwrite the first one's files (data-dir-lock.ts).
  const lock = options.dataDir ? lockDataDir(options.dataDir, options.dataDirShownAs) : undefined;
  const pgliteOptions = { extensions: { pg_trgm } };
  let client: PGlite;
  try {
    client = options.dataDir ? new PGlite(options.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    ping: () => ping(db),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** True when the database answers a trivial query; false when it fails, or (with `withinMs`) takes longer. */
async function ping(db: Db, withinMs?: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  if (withinMs === undefined) return answered;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
