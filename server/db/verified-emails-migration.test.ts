/** Migration 0007: emails saved before verification existed stop counting, and wait as pending emails for their owners. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from './client';

const TAG = '0007_verified_emails';

describe(`migration ${TAG}`, () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    // The migrations as they were just before this one.
    before = mkdtempSync(path.join(tmpdir(), 'dealmarket-migrations-'));
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === TAG);
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));

    client = new PGlite({ extensions: { pg_trgm } });
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder: before });
    await client.exec(`
      insert into users (phone, email, role) values
        ('5550000101', 'Owner@Example.com', 'superadmin'),
        ('5550000102', 'customer@example.com', 'customer'),
        ('5550000103', null, 'customer');
    `);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  });

  afterAll(async () => {
    await client?.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('moves every stored email to pending, so none counts until its owner verifies it', async () => {
    const { rows } = await client.query<{ phone: string; email: string | null; pending_email: string | null }>(
      'select phone, email, pending_email from users order by phone',
    );
    expect(rows).toEqual([
      { phone: '5550000101', email: null, pending_email: 'Owner@Example.com' },
      { phone: '5550000102', email: null, pending_email: 'customer@example.com' },
      { phone: '5550000103', email: null, pending_email: null },
    ]);
  });

  it('adds the table of email codes', async () => {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from email_codes');
    expect(rows).toEqual([{ n: 0 }]);
  });
});
