/**
 * The database functions' source files (server/orders/sql/, server/http/sql/, server/catalog/sql/) and what the migrations
 * leave in the database cannot drift apart: applying every file to a migrated database changes no
 * function, and every function the migrations leave (outside extensions) has its file. A trigger
 * function's file declares its triggers too: with every trigger set aside, applying the files puts back
 * exactly the triggers the migrations left, each as it was, each running its own file's function.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client';
import { createTestDatabase, testDbKind } from '../test/database';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['orders/sql', 'http/sql', 'catalog/sql', 'notifications/sql'];

/**
 * The statements of a source file, split at the semicolons outside comments, quoted names, strings and
 * dollar-quoted bodies: one at a time, as PGlite takes them (and as a migration runs them).
 */
function statementsOf(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  for (const token of text.matchAll(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"|(\$\w*\$)[\s\S]*?\1|;/g)) {
    if (token[0] !== ';') continue;
    statements.push(text.slice(start, token.index + 1));
    start = token.index + 1;
  }
  statements.push(text.slice(start));
  return statements.map((s) => s.trim()).filter((s) => s.replace(/--[^\n]*/g, '').trim() !== '');
}

/** A statement without the comments before it. */
function withoutLeadingComments(statement: string): string {
  return statement.replace(/^(\s*--[^\n]*\n)*\s*/, '');
}

const files = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(SERVER, folder))
    .filter((f) => f.endsWith('.sql'))
    .map((f) => {
      const text = readFileSync(path.join(SERVER, folder, f), 'utf8');
      return { name: f.replace(/\.sql$/, ''), text, statements: statementsOf(text) };
    }),
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

interface Trigger {
  table: string;
  name: string;
  definition: string;
}

/** Each trigger on a table of the public schema, other than the ones PostgreSQL makes for constraints, with its whole definition and whether it fires. */
async function triggers(tx: Tx): Promise<Trigger[]> {
  const { rows } = (await tx.execute(sql`
    select c.relname as "table", t.tgname as name, pg_get_triggerdef(t.oid) || ' -- enabled: ' || t.tgenabled::text as definition
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal
    order by c.relname, t.tgname
  `)) as unknown as { rows: Trigger[] };
  return rows;
}

/** Runs `work` in a transaction that is rolled back afterwards, whatever it changed. */
async function rolledBack(work: (tx: Tx) => Promise<void>): Promise<void> {
  class RolledBack extends Error {}
  await database.db
    .transaction(async (tx) => {
      await work(tx);
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
}

async function applyFiles(tx: Tx): Promise<void> {
  for (const f of files) for (const statement of f.statements) await tx.execute(sql.raw(statement));
}

describe(`database functions (${testDbKind()})`, () => {
  it('has one source file per function, named after it', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f.text).toMatch(new RegExp(`CREATE OR REPLACE FUNCTION "${f.name}"\\(`));
  });

  it('declares each trigger in the file of the function it runs, after the function, with a line saying when it runs', () => {
    for (const f of files) {
      const [definition, ...declarations] = f.statements.map(withoutLeadingComments);
      expect(definition, f.name).toMatch(new RegExp(`^CREATE OR REPLACE FUNCTION "${f.name}"\\(`));
      const runsOnTrigger = /^CREATE OR REPLACE FUNCTION "\w+"\(\) RETURNS trigger /.test(definition!);
      if (runsOnTrigger) {
        expect(declarations.length, `${f.name} declares its triggers`).toBeGreaterThan(0);
        expect(f.text, `${f.name} says first when it runs`).toMatch(/^-- [^\n]*\bruns (before|after) each /);
      }
      for (const declaration of declarations) {
        expect(declaration, f.name).toMatch(/^CREATE OR REPLACE TRIGGER "\w+" /);
        expect(declaration, f.name).toMatch(new RegExp(` EXECUTE FUNCTION "${f.name}"\\(\\);$`));
      }
    }
  });

  it('are in the database exactly as their source files define them, and no others', async () => {
    let before = new Map<string, string>();
    let after = new Map<string, string>();
    await rolledBack(async (tx) => {
      before = await definitions(tx);
      await applyFiles(tx);
      after = await definitions(tx);
    });
    expect(after).toEqual(before);
    expect([...before.keys()].map((s) => s.replace(/\(.*$/, '').replace(/"/g, '')).sort()).toEqual(files.map((f) => f.name).sort());
  });

  it('fire by the triggers their source files declare, exactly as declared, and no others', async () => {
    let before: Trigger[] = [];
    let after: Trigger[] = [];
    await rolledBack(async (tx) => {
      before = await triggers(tx);
      for (const t of before) await tx.execute(sql.raw(`DROP TRIGGER "${t.name}" ON "${t.table}"`));
      await applyFiles(tx);
      after = await triggers(tx);
    });
    expect(before.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });
});
