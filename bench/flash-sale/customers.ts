/** The sale's shoppers: customer accounts inserted in one statement, each with a session made as a login makes it. */
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import type { Db } from '../../server/db/client';
import { createSession } from '../../server/auth/sessions';

/**
 * Inserts `count` customers whose phones start with `phonePrefix` (so two scenarios never share one), makes
 * a session for each, 16 at a time, and writes their tokens to `tokensFile` as a JSON array.
 */
export async function customersWithSessions(db: Db, url: string, count: number, phonePrefix: string, tokensFile: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let userIds: string[];
  try {
    const inserted = await client.query<{ id: string }>(
      `insert into users (phone, phone_verified, role) select $2::text || lpad(g::text, 7, '0'), true, 'customer' from generate_series(1, $1::int) g returning id`,
      [count, phonePrefix],
    );
    userIds = inserted.rows.map((r) => r.id);
  } finally {
    await client.end();
  }
  const tokens: string[] = new Array<string>(userIds.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = next++; i < userIds.length; i = next++) tokens[i] = await createSession(db, userIds[i]!);
    }),
  );
  writeFileSync(tokensFile, JSON.stringify(tokens));
}
