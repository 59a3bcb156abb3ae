import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals } from './schema';
import { formatTimestamptz, parseTimestamptz } from './timestamptz';
import { buildDeal, buildMerchant } from './factories';
import type { Database } from './client';
import { createTestDatabase, testDbKind } from '../test/database';

/** What Date#toISOString writes for a UTC date and time, built without Date's parsers. */
function iso(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0, ms = 0): string {
  const time = new Date(0);
  time.setUTCFullYear(year, month - 1, day);
  time.setUTCHours(hours, minutes, seconds, ms);
  return time.toISOString();
}

describe('parseTimestamptz', () => {
  it.each([
    ['2026-11-24 07:15:00+00', '2026-11-24T07:15:00.000Z'],
    ['2026-11-24 07:15:00.5+00', '2026-11-24T07:15:00.500Z'],
    ['2026-11-24 07:15:00.123456+00', '2026-11-24T07:15:00.123Z'],
    ['2026-11-24 07:15:00.999999+00', '2026-11-24T07:15:00.999Z'],
    ['2026-11-24T07:15:00+00', '2026-11-24T07:15:00.000Z'],
    ['2026-11-24 12:45:00+05:30', '2026-11-24T07:15:00.000Z'],
    ['2026-11-24 04:15:00-03', '2026-11-24T07:15:00.000Z'],
    ['2026-11-24 00:00:00-09:30:15', '2026-11-24T09:30:15.000Z'],
    ['2026-01-01 00:30:00+01', '2025-12-31T23:30:00.000Z'],
    ['2024-02-29 23:59:59.999+00', '2024-02-29T23:59:59.999Z'],
    ['0050-06-01 08:30:00.123+00', '0050-06-01T08:30:00.123Z'],
    ['0099-12-31 23:59:59+00', '0099-12-31T23:59:59.000Z'],
    ['0001-01-01 00:00:00+00', '0001-01-01T00:00:00.000Z'],
    ['0001-12-31 00:00:00+00 BC', '0000-12-31T00:00:00.000Z'],
    ['0002-06-15 12:00:00.5009+00 BC', '-000001-06-15T12:00:00.500Z'],
    ['9999-12-31 23:59:59.999+00', '9999-12-31T23:59:59.999Z'],
    ['12000-01-01 00:00:00+00', '+012000-01-01T00:00:00.000Z'],
  ])('reads %s as %s', (text, expected) => {
    expect(parseTimestamptz(text).toISOString()).toBe(expected);
  });

  it.each(['infinity', '-infinity', '', 'yesterday', '2026-11-24', '26-11-24 07:15:00+00'])('gives an invalid Date for %j', (text) => {
    expect(Number.isNaN(parseTimestamptz(text).getTime())).toBe(true);
  });

  it('agrees with Date for every year from 100 on', () => {
    for (const year of [100, 999, 1000, 1582, 1900, 1970, 2000, 2038, 2100, 5000, 9999]) {
      const text = `${String(year).padStart(4, '0')}-03-04 05:06:07.089+00`;
      expect(parseTimestamptz(text).toISOString()).toBe(new Date(text).toISOString());
    }
  });
});

describe('formatTimestamptz', () => {
  it.each([
    [iso(2026, 11, 24, 7, 15, 0, 5), '2026-11-24T07:15:00.005Z'],
    [iso(50, 6, 1), '0050-06-01T00:00:00.000Z'],
    [iso(1, 1, 1), '0001-01-01T00:00:00.000Z'],
    [iso(0, 12, 31, 23, 59, 59, 999), '0001-12-31T23:59:59.999Z BC'],
    [iso(-43, 3, 15, 12), '0044-03-15T12:00:00.000Z BC'],
    [iso(12000, 1, 1), '12000-01-01T00:00:00.000Z'],
  ])('writes %s as %s, which parseTimestamptz reads back', (time, text) => {
    expect(formatTimestamptz(new Date(time))).toBe(text);
    expect(parseTimestamptz(text).toISOString()).toBe(time);
  });
});

describe(`timestamptz columns (${testDbKind()})`, () => {
  let t: Database;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('give back through drizzle the instant written, for years below 100 and before 1 AD too', async () => {
    const shop = await buildMerchant(t.db);
    const times = [iso(50, 6, 1, 8, 30, 0, 123), iso(1, 1, 1), iso(0, 12, 31, 23, 59, 59, 999), iso(-43, 3, 15, 12), iso(2026, 11, 24, 7, 15)];
    for (const time of times) {
      const deal = await buildDeal(t.db, { merchantId: shop.id, validFrom: new Date(time), validUntil: new Date(time) });
      const [row] = await t.db.select({ validFrom: deals.validFrom, validUntil: deals.validUntil }).from(deals).where(sql`${deals.id} = ${deal.id}`);
      expect([row!.validFrom?.toISOString(), row!.validUntil?.toISOString()]).toEqual([time, time]);
    }
  });

  it('read the session time zone of the connection, whatever it is', async () => {
    const shop = await buildMerchant(t.db);
    const time = iso(75, 7, 4, 18, 45, 30, 250);
    const deal = await buildDeal(t.db, { merchantId: shop.id, validFrom: new Date(time) });
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      const [row] = await tx.select({ validFrom: deals.validFrom }).from(deals).where(sql`${deals.id} = ${deal.id}`);
      expect(row!.validFrom?.toISOString()).toBe(time);
    });
  });
});
