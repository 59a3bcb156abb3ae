import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { call, loginAs } from '../test/auth-helpers';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount } from '../db/factories';
import { deals } from '../db/schema';
import { ListCache } from './list-cache';

describe('ListCache', () => {
  it('serves an entry until it expires, and drops the oldest when full', () => {
    const cache = new ListCache(1000, 2);
    cache.set('a', '[1]', null, 0);
    expect(cache.get('a', 999)?.body.toString('utf8')).toBe('[1]');
    expect(cache.get('a', 1000)).toBeUndefined();
    cache.set('a', '[1]', null, 0);
    cache.set('b', '[2]', 'c', 0);
    cache.set('c', '[3]', null, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    const b = cache.get('b', 1);
    expect(b?.body.toString('utf8')).toBe('[2]');
    expect(b).toMatchObject({ nextCursor: 'c', expiresAt: 1000, headers: { 'content-type': 'application/json; charset=utf-8', 'x-next-cursor': 'c' } });
  });

  it('keeps nothing when the TTL is 0', () => {
    const cache = new ListCache(0);
    cache.set('a', '[]', null);
    expect(cache.enabled).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('GET /api/deals with the cache on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOG_CACHE_MS: '60000' } });
  });
  afterAll(async () => t.close());

  it('answers shoppers from the cache, byte for byte with the cursor, but never a merchant', async () => {
    const merchant = await buildMerchant(t.db);
    const first = await buildDeal(t.db, { merchantId: merchant.id, title: 'Cached one' });
    await buildDeal(t.db, { merchantId: merchant.id, title: 'Cached two' });

    const guest = await call(t.app, 'GET', '/api/deals?limit=1');
    expect(guest.status).toBe(200);
    await t.db.update(deals).set({ title: 'Renamed' }).where(eq(deals.id, first.id));
    const customer = await loginAs(t, await buildCustomer(t.db));
    const again = await call(t.app, 'GET', '/api/deals?limit=1', { sessionId: customer.sessionId });
    expect(again.body).toEqual(guest.body);
    expect(again.headers['x-next-cursor']).toBe(guest.headers['x-next-cursor']);
    expect(again.headers['content-type']).toMatch(/^application\/json/);

    const merchantSession = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
    const own = await call(t.app, 'GET', '/api/deals?limit=5', { sessionId: merchantSession.sessionId });
    expect((own.body as { title: string }[]).map((d) => d.title)).toContain('Renamed');

    // Another query string is another entry.
    const other = await call(t.app, 'GET', '/api/deals?limit=2');
    expect((other.body as { title: string }[]).map((d) => d.title)).toContain('Renamed');
  });
});
