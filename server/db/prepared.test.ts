/** Calls of database functions: the same answers on both drivers and inside a transaction, and refusals that keep the connection. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { databaseError } from './errors';
import { sql } from 'drizzle-orm';
import { databaseFunction } from './prepared';
import { createTestDatabase, testDbKind } from '../test/database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create function test_divide(d integer, out quotient integer, out backend integer) language sql as $$ select 12 / d, pg_backend_pid() $$`,
  );
  await database.db.execute(sql`create function test_count(items text[], out n integer) language sql as $$ select cardinality(items) $$`);
});
afterAll(async () => {
  await database?.close();
});

const divide = databaseFunction<{ quotient: number; backend: number }>('test_divide', 1);
const count = databaseFunction<{ n: number }>('test_count', 1);

describe(`databaseFunction (${testDbKind()})`, () => {
  it('binds its placeholders on the database and inside a transaction alike', async () => {
    expect((await divide(database.db, [4]))[0]?.quotient).toBe(3);
    expect(await database.db.transaction(async (tx) => (await divide(tx, [6]))[0]?.quotient)).toBe(2);
  });

  it('binds an array as one parameter, inside a transaction too', async () => {
    expect((await count(database.db, [['a', 'b', 'c']]))[0]?.n).toBe(3);
    expect(await database.db.transaction(async (tx) => (await count(tx, [['a', 'b']]))[0]?.n)).toBe(2);
  });

  it('reports what the database raised, and a refusal does not cost the connection', async () => {
    const before = (await divide(database.db, [1]))[0]!.backend;
    for (let i = 0; i < 3; i++) {
      const refused = await divide(database.db, [0]).then(() => undefined, (err: unknown) => databaseError(err));
      expect(refused?.code).toBe('22012');
    }
    // The pool hands back the same idle connection: it was kept, not closed and replaced.
    expect((await divide(database.db, [1]))[0]!.backend).toBe(before);
  });
});
