/** Named statements: the same answers on both drivers and inside a transaction, and refusals that keep the connection. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { databaseError } from './errors';
import { statement } from './prepared';
import { createTestDatabase, testDbKind } from '../test/database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const divide = statement<{ quotient: number; backend: number }>('test_divide', 'select 12 / $1::int as quotient, pg_backend_pid() as backend');

describe(`statement (${testDbKind()})`, () => {
  it('binds its placeholders on the database and inside a transaction alike', async () => {
    expect((await divide(database.db, [4]))[0]?.quotient).toBe(3);
    expect(await database.db.transaction(async (tx) => (await divide(tx, [6]))[0]?.quotient)).toBe(2);
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
