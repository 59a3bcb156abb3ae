/**
 * Migration 0021 (ADR 039): existing merchants on UTC in the Pacific Time box are moved to America/Los_Angeles, the
 * others stay as they are; the weeks and statements drawn up before stay UTC's, and the watermark takes a zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type MigrationTestDatabase } from '../test/database';

const TAG = '0021_merchant_clock';

describe(`migration ${TAG}`, () => {
  let client: MigrationTestDatabase;

  beforeAll(async () => {
    client = await databaseBefore(TAG);
    await client.exec(`
      insert into merchants (name, phone, latitude, longitude) values
        ('San Francisco', '5550000201', 37.7853, -122.4294),
        ('Las Vegas', '5550000202', 36.1699, -115.1398),
        ('San Diego', '5550000203', 32.7157, -117.1611),
        ('Yuma, Arizona', '5550000204', 32.6927, -114.6277),
        ('Portland, Oregon', '5550000205', 45.5152, -122.6784),
        ('Nowhere', '5550000206', null, null);
      update merchants set time_zone = 'America/Denver' where name = 'Las Vegas';
      insert into statement_weeks (period_start) values ('2026-11-09T00:00:00Z');
    `);
    await client.migrateRest();
  });

  afterAll(async () => {
    await client?.close();
  });

  it('moves the merchants on UTC inside the Pacific Time box to Los Angeles, and leaves the rest', async () => {
    const rows = await client.query<{ name: string; time_zone: string }>('select name, time_zone from merchants order by name');
    expect(rows).toEqual([
      // A zone someone chose already is kept.
      { name: 'Las Vegas', time_zone: 'America/Denver' },
      { name: 'Nowhere', time_zone: 'UTC' },
      { name: 'Portland, Oregon', time_zone: 'UTC' },
      { name: 'San Diego', time_zone: 'America/Los_Angeles' },
      { name: 'San Francisco', time_zone: 'America/Los_Angeles' },
      // Arizona keeps no daylight saving time: outside the box.
      { name: 'Yuma, Arizona', time_zone: 'UTC' },
    ]);
  });

  it("keeps the weeks drawn up as UTC's, and keys the watermark by zone and week", async () => {
    const rows = await client.query<{ time_zone: string; period_start: string }>(`select time_zone, to_char(period_start at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as period_start from statement_weeks`);
    expect(rows).toEqual([{ time_zone: 'UTC', period_start: '2026-11-09 00:00' }]);
    await client.query(`insert into statement_weeks (time_zone, period_start) values ('America/Los_Angeles', '2026-11-09T00:00:00Z')`);
    await expect(client.query(`insert into statement_weeks (time_zone, period_start) values ('UTC', '2026-11-09T00:00:00Z')`)).rejects.toThrow(/statement_weeks_time_zone_period_start_pk/);
  });
});
