/**
 * Prepared statements, bound to the database handle they were built on (one set per handle), and
 * calls of the database functions kept in SQL (server/db/README.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db, Tx } from './client';

/** Returns `build(db)` for each database handle, built on first use and kept while the handle lives. */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let prepared = made.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      made.set(db, prepared);
    }
    return prepared;
  };
}

/** The driver beneath a database handle; a transaction handle has none. */
function driverOf(db: Db | Tx): pg.Pool | PGlite | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool || client instanceof PGlite ? client : undefined;
}

/** `text` with its $1, $2, ... placeholders bound to `values`, for drizzle. */
function bound(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  // sql.param binds an array as one parameter (drizzle would spread a bare array into a list).
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))));
}

/**
 * A statement written in SQL with $1, $2, ... placeholders. On the database handle it runs as
 * a named statement on the driver's connection, which PostgreSQL parses and plans once per
 * connection, and whose rows come back without drizzle's mapping (so timestamps are Dates and
 * numerics strings, as node-postgres and PGlite parse them). Inside a transaction it runs through
 * the transaction's own connection, unnamed.
 */
function statement<Row>(name: string, text: string): (db: Db | Tx, values: readonly unknown[]) => Promise<Row[]> {
  return async (db, values) => {
    const driver = driverOf(db);
    if (driver instanceof pg.Pool) {
      // Not pool.query: that closes the connection whenever the statement raises, and the database
      // functions raise their refusals. A broken connection is still dropped on release.
      // With a callback rather than the promise client.query returns: under load, the promise form
      // keeps each result reachable long enough to survive young-generation collections, and the
      // garbage collector then costs more than the statement (see bench/README.md, deal list).
      const client = await driver.connect();
      return new Promise<Row[]>((resolve, reject) => {
        client.query<Row & pg.QueryResultRow>({ name, text, values: [...values] }, (err, result) => {
          client.release();
          if (err) reject(err);
          else resolve(result.rows);
        });
      });
    }
    if (driver instanceof PGlite) return (await driver.query<Row>(text, [...values])).rows;
    return ((await db.execute(bound(text, values))) as unknown as { rows: Row[] }).rows;
  };
}

/**
 * A call of a database function kept in SQL (server/db/README.md), `select * from name($1, ...)`,
 * run as a named statement: `args` are its parameters in order, and the rows are its answer.
 */
export function databaseFunction<Row = Record<string, unknown>>(name: string, arity: number): (db: Db | Tx, args: readonly unknown[]) => Promise<Row[]> {
  const params = Array.from({ length: arity }, (_, i) => `$${i + 1}`).join(', ');
  return statement<Row>(name, `select * from "${name}"(${params})`);
}
