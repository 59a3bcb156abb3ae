/** Opens the database: node-postgres when a URL is given, else embedded PGlite. Only db/ knows the driver. */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
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
import { DataDirUnusable, diagnoseDataDir, LOCK_FILE, lockDataDir } from './data-dir-lock';
import { isConnectionFailure, MigrationFailed } from './errors';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies pending migrations, then runs `afterwards` (the demo data's load) under the same advisory lock,
   * on a handle without time limits: servers started together on an empty database migrate and load
   * once, one after the other. A migration that fails throws MigrationFailed, naming it.
   */
  migrate(afterwards?: (db: Db) => Promise<unknown>): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      /**
       * The most connections the server holds; one of them is kept for the health check (when there are
       * at least two), so a server whose requests all wait on the database still answers its balancer.
       */
      poolSize?: number;
      /** How long to wait for a connection (a new one, or a free one from the pool) before failing. */
      connectTimeoutMs?: number;
      /**
       * How long one statement may run, waits included, before the database cancels it (statement_timeout) and
       * rolls its transaction back; 0 = no limit. The connection's own read timeout is a little longer, a backstop
       * for a database that stops answering at all.
       */
      queryTimeoutMs?: number;
      /** How long one statement may wait for a lock before the database gives up on it (lock_timeout); by default a third of queryTimeoutMs, at most 5 s. */
      lockTimeoutMs?: number;
      /** Told once about each connection that breaks (a database restart, a failover, an idle-connection killer). */
      onConnectionLost?: (err: Error) => void;
    }
  | {
      kind: 'pglite';
      dataDir?: string;
      /** How the directory is named in messages (e.g. as configured). */
      dataDirShownAs?: string;
      /** In memory only: starts from this copy of a database (PGlite's `dumpDataDir`) instead of an empty one. */
      image?: Blob;
    };

/** Beside this file in the source tree; the build copies it beside the bundled server. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant key for the advisory lock that serialises migrations across servers. */
const MIGRATION_LOCK_KEY = 7_340_112;

/** Defaults that keep a newcomer's mistakes quick to see: a wrong or unreachable DATABASE_URL fails in seconds. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;
/** The longest a statement waits for a lock by default: a hot row held this long will not be let go soon. */
export const MAX_DEFAULT_LOCK_TIMEOUT_MS = 5_000;

/** The lock timeout that goes with a query timeout: a third of it, at most 5 s (5 s when queries are not limited). */
export function defaultLockTimeoutMs(queryTimeoutMs: number): number {
  if (queryTimeoutMs <= 0) return MAX_DEFAULT_LOCK_TIMEOUT_MS;
  return Math.max(1, Math.min(MAX_DEFAULT_LOCK_TIMEOUT_MS, Math.round(queryTimeoutMs / 3)));
}

/**
 * How much longer than statement_timeout the connection waits for an answer before it gives up on the
 * database: enough for the cancellation to come back over the network, so the database, which rolls the
 * statement back, is always the one that ends it. Only a database that stopped answering meets this one.
 */
export function readTimeoutMs(queryTimeoutMs: number): number {
  return queryTimeoutMs > 0 ? queryTimeoutMs + Math.max(1_000, Math.round(queryTimeoutMs / 10)) : 0;
}

/** How the server's connections are named in pg_stat_activity, unless DATABASE_URL or PGAPPNAME names them otherwise. */
export const APPLICATION_NAME = 'dealmarket';

/** TCP keep-alive probes start after this much silence, so a connection to a vanished server is noticed. */
const KEEP_ALIVE_DELAY_MS = 10_000;

const baseQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * A client whose connection is closed when a query gets no answer within query_timeout (the backstop
 * behind statement_timeout: the database did not answer at all, not even to cancel it). node-postgres
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

const basePoolQuery = pg.Pool.prototype.query as (this: pg.Pool, ...args: unknown[]) => unknown;

/**
 * A query on the pool (drizzle's way outside a transaction) whose connection goes back for the next one
 * when the database refused or cancelled the statement: it answered, and the connection is ready again.
 * node-postgres' own pool drops the connection on any error, so every lock timeout under a hot row
 * would open a new connection while the old one is still closing. Only a broken connection is dropped.
 */
ResilientPool.prototype.query = function query(this: pg.Pool, ...args: unknown[]) {
  if (typeof args[args.length - 1] === 'function') return basePoolQuery.apply(this, args);
  return (async () => {
    const client = await this.connect();
    try {
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args);
      client.release();
      return result;
    } catch (err) {
      client.release(isConnectionFailure(err) ? (err as Error) : undefined);
      throw err;
    }
  })();
} as pg.Pool['query'];

/**
 * A node-postgres pool that survives its connections breaking (a database restart, a failover, an
 * idle-connection killer). A connection that breaks while idle is dropped by the pool ('error' on the
 * pool); one that breaks while checked out emits 'error' on the client itself, which with no listener
 * ends the process: every client gets a listener for its whole life, and goes back to the pool (see
 * ResilientPool). The query that was using it fails on its own, and is answered 503.
 */
function resilientPool(options: Extract<DatabaseOptions, { kind: 'postgres' }>, config: pg.PoolConfig = {}): pg.Pool {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const lockTimeoutMs = options.lockTimeoutMs ?? defaultLockTimeoutMs(queryTimeoutMs);
  const pool = new ResilientPool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    fallback_application_name: APPLICATION_NAME,
    // Sent with each new connection, so every statement on it is bounded by the database itself: a statement
    // that waits or runs too long is cancelled there and its transaction rolled back, and the connection stays
    // usable. Were the client to give up first, the database would carry on with the statement on a connection
    // the pool no longer counts (and commit it later, after the caller was told it failed).
    ...(queryTimeoutMs > 0 ? { statement_timeout: queryTimeoutMs, query_timeout: readTimeoutMs(queryTimeoutMs), Client: ClosingOnTimeoutClient } : {}),
    ...(lockTimeoutMs > 0 ? { lock_timeout: lockTimeoutMs } : {}),
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
    const poolSize = options.poolSize ?? 10;
    // The health check's own connection, one of the pool size's: requests queued for the others (all waiting
    // on a hot row, say) do not make the balancer take out a server whose database answers.
    const pingPool = poolSize >= 2 ? resilientPool(options, { max: 1 }) : undefined;
    const pool = resilientPool(options, { max: pingPool ? poolSize - 1 : poolSize });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const pingDb = pingPool ? (drizzlePg(pingPool, { schema }) as unknown as Db) : db;
    return {
      db,
      kind: 'postgres',
      async migrate(afterwards) {
        // A pool of one without the timeouts: a migration (or the wait for another server's) may take long.
        const migrationPool = resilientPool(options, { max: 1, query_timeout: undefined, statement_timeout: undefined, lock_timeout: undefined, Client: pg.Client });
        try {
          const client = await migrationPool.connect();
          try {
            await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
            const onClient = drizzlePg(client, { schema });
            await migrateOrSayWhich(() => migratePg(onClient, { migrationsFolder: MIGRATIONS_FOLDER }));
            await afterwards?.(onClient as unknown as Db);
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
            client.release();
          }
        } finally {
          await migrationPool.end();
        }
      },
      // A health check is answered within the connection timeout, even by a database that accepted the connection and went silent.
      ping: () => ping(pingDb, options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS),
      async close() {
        await Promise.all([pool.end(), pingPool?.end()]);
      },
    };
  }
  if (!options.dataDir) return openPglite(new PGlite({ extensions: { pg_trgm }, loadDataDir: options.image }));
  return openPgliteDirectory(path.resolve(options.dataDir), options.dataDirShownAs ?? options.dataDir);
}

/** PGlite in this process's memory (the tests'), or in a directory that `release` gives up. */
function openPglite(client: PGlite, onMigrationFailure?: (err: unknown) => Promise<never>, release?: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate(afterwards) {
      try {
        await migrateOrSayWhich(() => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }));
      } catch (err) {
        if (onMigrationFailure) await onMigrationFailure(err);
        throw err;
      }
      // One process holds the database: nobody to wait for.
      await afterwards?.(db);
    },
    ping: () => ping(db),
    async close() {
      try {
        await client.close();
      } finally {
        release?.();
      }
    },
  };
}

/**
 * PGlite on a directory: one process per directory (data-dir-lock.ts), and a start that fails says why
 * in one line (DataDirUnusable) and leaves nothing in the way of the next: the lock is given up, and
 * what it wrote into a directory that held no database yet is removed, so the next start begins afresh
 * (PGlite cannot open a database whose creation was cut short).
 */
async function openPgliteDirectory(dir: string, shownAs: string): Promise<Database> {
  const lock = lockDataDir(dir, shownAs);
  let before: Set<string> | undefined;
  let client: PGlite | undefined;
  const giveUp = async (err: unknown, opened: boolean): Promise<never> => {
    // PGlite that failed opening has stopped already; one that opened is closed first, if it still can be.
    if (opened) await Promise.race([client?.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    const why = diagnoseDataDir(dir, shownAs, err);
    if (before) {
      for (const name of readdirSync(dir)) {
        if (!before.has(name) && name !== LOCK_FILE) rmSync(path.join(dir, name), { recursive: true, force: true });
      }
    }
    lock.release();
    throw why ? new DataDirUnusable(why) : err;
  };
  try {
    // A directory without a database yet: what this start writes into it is removed again if it fails.
    if (!existsSync(path.join(dir, 'PG_VERSION'))) before = new Set(readdirSync(dir));
    client = new PGlite(dir, { extensions: { pg_trgm } });
    await client.waitReady;
  } catch (err) {
    return giveUp(err, false);
  }
  return openPglite(client, (err) => giveUp(err, true), lock.release);
}

/** The name of the migration whose statement `query` is, from the migrations folder. */
function migrationOf(query: string): string | undefined {
  try {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const statement = query.trim();
    return journal.entries.find((e) => readFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), 'utf8').includes(statement))?.tag;
  } catch {
    return undefined;
  }
}

/** Runs the migrations; a failure (other than the connection's) becomes MigrationFailed, naming the migration and the database's reason. */
async function migrateOrSayWhich(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (isConnectionFailure(err)) throw err;
    const query = (err as { query?: unknown }).query;
    const which = typeof query === 'string' && query.trim() ? migrationOf(query) : undefined;
    const cause = (err as { cause?: unknown }).cause ?? err;
    const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
    throw new MigrationFailed(`A database migration failed${which ? ` (${which})` : ''}: ${reason}`, { cause: err });
  }
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
