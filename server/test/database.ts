/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away database on
 * the PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';

export type TestDbKind = 'pglite' | 'postgres';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Every database the suite creates starts with this, followed by its creation time, so stale ones can be found. */
export const TEST_DB_PREFIX = 'dealmarket_test_';

/** Databases older than this are leftovers of a killed run; no test file lives this long. */
const STALE_AFTER_MS = 3 * 60 * 60 * 1000;

export function testDbKind(): TestDbKind {
  const kind = process.env.TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DB must be pglite or postgres, not '${kind}'`);
  return kind;
}

export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_URL;
}

/** The same server as `url`, another database. */
function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withAdmin<T>(run: (admin: Database) => Promise<T>): Promise<T> {
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl(), poolSize: 1 });
  try {
    return await run(admin);
  } finally {
    await admin.close();
  }
}

/** Opens and migrates a database nobody else uses; `close()` also drops it when it lives on a server. */
export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return database;
  }

  // Lowercase letters and digits only, so the name needs no quoting rules beyond the double quotes below.
  const name = `${TEST_DB_PREFIX}${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.db.execute(sql.raw(`create database "${name}"`)));
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: withDatabaseName(adminUrl(), name), poolSize: 5 });
    await database.migrate();
  } catch (err) {
    await dropDatabase(name);
    throw err;
  }
  const close = database.close.bind(database);
  return {
    ...database,
    async close() {
      try {
        await close();
      } finally {
        await dropDatabase(name);
      }
    },
  };
}

async function dropDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`)));
}

/** Drops test databases left behind by runs that were killed before their clean-up; returns their names. */
export async function dropStaleTestDatabases(now = Date.now()): Promise<string[]> {
  return withAdmin(async (admin) => {
    // Both drivers answer raw queries with `{ rows }`; drizzle's generic Db type does not say so.
    const result = (await admin.db.execute(
      sql`select datname from pg_database where starts_with(datname, ${TEST_DB_PREFIX})`,
    )) as unknown as { rows: { datname: string }[] };
    const stale = result.rows
      .map((r) => r.datname)
      .filter((name) => {
        const born = parseInt(name.slice(TEST_DB_PREFIX.length).split('_')[0] ?? '', 36);
        return Number.isFinite(born) && now - born > STALE_AFTER_MS;
      });
    for (const name of stale) await dropDatabase(name);
    return stale;
  });
}

/** Empties every application table (the migration journal lives in another schema and stays). */
export async function resetDatabase(database: Database): Promise<void> {
  const result = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  const tables = result.rows.map((r) => `"public"."${r.tablename}"`);
  if (tables.length > 0) await database.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}
