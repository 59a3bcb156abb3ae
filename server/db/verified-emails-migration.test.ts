/** Migration 0007: emails saved before verification existed stop counting, and wait as pending emails for their owners. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type MigrationTestDatabase } from '../test/database';

const TAG = '0007_verified_emails';

describe(`migration ${TAG}`, () => {
  let client: MigrationTestDatabase;

  beforeAll(async () => {
    client = await databaseBefore(TAG);
    await client.exec(`
      insert into users (phone, email, role) values
        ('5550000101', 'Owner@Example.com', 'superadmin'),
        ('5550000102', 'customer@example.com', 'customer'),
        ('5550000103', null, 'customer');
    `);
    await client.migrateRest();
  });

  afterAll(async () => {
    await client?.close();
  });

  it('moves every stored email to pending, so none counts until its owner verifies it', async () => {
    const rows = await client.query<{ phone: string; email: string | null; pending_email: string | null }>(
      'select phone, email, pending_email from users order by phone',
    );
    expect(rows).toEqual([
      { phone: '5550000101', email: null, pending_email: 'Owner@Example.com' },
      { phone: '5550000102', email: null, pending_email: 'customer@example.com' },
      { phone: '5550000103', email: null, pending_email: null },
    ]);
  });

  it('adds the table of email codes', async () => {
    const rows = await client.query<{ n: number }>('select count(*)::int as n from email_codes');
    expect(rows).toEqual([{ n: 0 }]);
  });
});
