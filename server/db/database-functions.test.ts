/**
 * The database functions' source files (server/orders/sql/, server/http/sql/, server/catalog/sql/) and what the migrations
 * leave in the database cannot drift apart: applying every file to a migrated database changes no
 * function, and every function the migrations leave (outside extensions) has its file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client';
import { createTestDatabase, testDbKind } from '../test/database';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['orders/sql', 'http/sql', 'catalog/sql'];

const files = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(SERVER, folder))
    .filter((f) => f.endsWith('.sql'))
    .map((f) => ({ name: f.replace(/\.sql$/, ''), text: readFileSync(path.join(SERVER, folder, f), 'utf8') })),
);

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Each function of the public schema that no extension owns, with its whole definition. */
async function definitions(tx: Tx): Promise<Map<string, string>> {
  const { rows } = (await tx.execute(sql`
    select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind = 'f'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  `)) as unknown as { rows: { signature: string; definition: string }[] };
  return new Map(rows.map((r) => [r.signature, r.definition]));
}

class RolledBack extends Error {}

describe(`database functions (${testDbKind()})`, () => {
  it('has one source file per function, named after it', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f.text).toMatch(new RegExp(`CREATE OR REPLACE FUNCTION "${f.name}"\\(`));
  });

  it('are in the database exactly as their source files define them, and no others', async () => {
    let before = new Map<string, string>();
    let after = new Map<string, string>();
    await database.db
      .transaction(async (tx) => {
        before = await definitions(tx);
        for (const f of files) await tx.execute(sql.raw(f.text));
        after = await definitions(tx);
        throw new RolledBack();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RolledBack)) throw err;
      });
    expect(after).toEqual(before);
    expect([...before.keys()].map((s) => s.replace(/\(.*$/, '').replace(/"/g, '')).sort()).toEqual(files.map((f) => f.name).sort());
  });
});
