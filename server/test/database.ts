/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away database on
 * the PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../db/client';

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

/** An empty database of its own on the PostgreSQL server, for tests that open it themselves (or hand its URL to a server process). */
export interface NamedTestDatabase {
  name: string;
  url: string;
  /** Drops it, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

export async function createNamedTestDatabase(): Promise<NamedTestDatabase> {
  // Lowercase letters and digits only, so the name needs no quoting rules beyond the double quotes below.
  const name = `${TEST_DB_PREFIX}${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.db.execute(sql.raw(`create database "${name}"`)));
  return { name, url: withDatabaseName(adminUrl(), name), drop: () => dropDatabase(name) };
}

/**
 * Where the run's migrated PGlite database lies (global-setup.ts writes it): starting from that copy takes under a
 * second, where creating a PGlite database and migrating it takes three to four.
 */
export const PGLITE_IMAGE_ENV = 'PGLITE_TEST_IMAGE';

let pgliteImage: Blob | undefined;

/** The run's migrated database, read once per test process; none outside a test run (or with the file gone). */
function migratedPgliteImage(): Blob | undefined {
  const file = process.env[PGLITE_IMAGE_ENV];
  if (pgliteImage || !file || !existsSync(file)) return pgliteImage;
  pgliteImage = new Blob([readFileSync(file)]);
  return pgliteImage;
}

/** Writes a migrated, empty PGlite database to `file` for the test processes to start from. */
export async function writeMigratedPgliteImage(file: string): Promise<void> {
  const database = new PGlite({ extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(database), { migrationsFolder: MIGRATIONS_FOLDER });
    const image = await database.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** Opens and migrates a database nobody else uses; `close()` also drops it when it lives on a server. */
export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', image: migratedPgliteImage() });
    // Applies nothing when it starts from the run's copy; still checks that the copy is at the latest migration.
    await database.migrate();
    return database;
  }

  const named = await createNamedTestDatabase();
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: named.url, poolSize: 5 });
    await database.migrate();
  } catch (err) {
    await named.drop();
    throw err;
  }
  const close = database.close.bind(database);
  return {
    ...database,
    async close() {
      try {
        await close();
      } finally {
        await named.drop();
      }
    },
  };
}

/**
 * One fresh, migrated database for `servers` app instances, as separate servers would share it: on
 * PostgreSQL a handle (and pool) each, on PGlite the one handle for all. `close()` closes them and drops it.
 */
export async function createSharedTestDatabase(servers: number): Promise<{ handles: Database[]; close(): Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const database = await createTestDatabase('pglite');
    return { handles: [database], close: () => database.close() };
  }
  const named = await createNamedTestDatabase();
  const handles: Database[] = [];
  try {
    for (let i = 0; i < servers; i++) {
      const database = await openDatabase({ kind: 'postgres', url: named.url, poolSize: 5 });
      if (i === 0) await database.migrate();
      handles.push(database);
    }
  } catch (err) {
    for (const database of handles) await database.close();
    await named.drop();
    throw err;
  }
  return {
    handles,
    async close() {
      try {
        for (const database of handles) await database.close();
      } finally {
        await named.drop();
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

const deleteOrder = new WeakMap<Database, string[]>();

/** Public tables, each after every table that references it, so plain deletes never trip a foreign key. */
async function tablesChildrenFirst(database: Database): Promise<string[]> {
  const cached = deleteOrder.get(database);
  if (cached) return cached;
  const tables = ((await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as {
    rows: { tablename: string }[];
  }).rows.map((r) => r.tablename);
  const links = ((await database.db.execute(sql`
    select child.relname as child, parent.relname as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`)) as unknown as {
    rows: { child: string; parent: string }[];
  }).rows;
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const free = [...left].filter((table) => !links.some((l) => l.parent === table && left.has(l.child)));
    if (free.length === 0) throw new Error(`foreign keys form a cycle among ${[...left].join(', ')}`);
    for (const table of free) {
      order.push(table);
      left.delete(table);
    }
  }
  deleteOrder.set(database, order);
  return order;
}

/**
 * Empties every application table (the migration journal lives in another schema and stays).
 * Deletes rather than TRUNCATE: on a server TRUNCATE rewrites files and costs about half a second a time.
 * The ledger refuses deletes by a trigger (it is append-only); tests empty it with triggers set aside
 * for this one transaction (`session_replication_role`), which only a superuser may do.
 */
export async function resetDatabase(database: Database): Promise<void> {
  const tables = await tablesChildrenFirst(database);
  if (tables.length === 0) return;
  // One statement, so both drivers accept it and it runs as one transaction.
  const deletes = tables.map((table) => `delete from "public"."${table}";`).join(' ');
  await database.db.execute(sql.raw(`do $$ begin perform set_config('session_replication_role', 'replica', true); ${deletes} end $$`));
}

/**
 * A copy of the migrations folder as it was just before the migration `tag`, for a test that fills a database
 * the old way and then runs the migration under test. Remove the folder with `rmSync(..., { recursive: true })`.
 */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'dealmarket-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** A database for a migration's test, reached with plain SQL, as the migration finds it and then leaves it. */
export interface MigrationTestDatabase {
  query<T>(text: string): Promise<T[]>;
  /** Several statements at once. */
  exec(text: string): Promise<void>;
  /** Runs the migration under test and every later one. */
  migrateRest(): Promise<void>;
  /** Closes the connection and removes the database and the copied migrations. */
  close(): Promise<void>;
}

/**
 * A fresh database of the run's kind (PGlite, or PostgreSQL with TEST_DB=postgres) migrated up to just before the
 * migration `tag`, for a test that fills it the old way and then runs the migration with `migrateRest`.
 */
export async function databaseBefore(tag: string): Promise<MigrationTestDatabase> {
  const before = migrationsBefore(tag);
  let client: Omit<MigrationTestDatabase, 'migrateRest' | 'close'> & { end(): Promise<void> };
  let migrateTo: (folder: string) => Promise<void>;
  let named: NamedTestDatabase | undefined;
  if (testDbKind() === 'postgres') {
    named = await createNamedTestDatabase();
    const pool = new pg.Pool({ connectionString: named.url, max: 1 });
    // Dropping the database ends its sessions; a connection still closing then reports that, with nobody to hear it.
    pool.on('error', () => undefined);
    client = { query: async (text) => (await pool.query(text)).rows, exec: async (text) => void (await pool.query(text)), end: () => pool.end() };
    migrateTo = (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder });
  } else {
    const lite = new PGlite({ extensions: { pg_trgm } });
    await lite.waitReady;
    client = { query: async <T>(text: string) => (await lite.query<T>(text)).rows, exec: async (text) => void (await lite.exec(text)), end: () => lite.close() };
    migrateTo = (folder) => migratePglite(drizzlePglite(lite), { migrationsFolder: folder });
  }
  await migrateTo(before);
  return {
    query: client.query,
    exec: client.exec,
    migrateRest: () => migrateTo(MIGRATIONS_FOLDER),
    async close() {
      try {
        await client.end();
        await named?.drop();
      } finally {
        rmSync(before, { recursive: true, force: true });
      }
    },
  };
}
