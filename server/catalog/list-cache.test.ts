import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { call, loginAs } from '../test/auth-helpers';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount } from '../db/factories';
import { deals } from '../db/schema';
import { DEAL_LIST_DEFAULT_LIMIT } from '../../contract/constants';
import { ListCache, listKey, listKeyOfUrl } from './list-cache';
import { SESSION_COOKIE } from '../../contract/auth';

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

  it('holds at most maxBytes of bodies, dropping the oldest first', () => {
    const cache = new ListCache(60_000, 1000, 1000);
    const body = JSON.stringify('x'.repeat(298));
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, body, null, i);
    expect(cache.size).toEqual({ entries: 3, bytes: 900 });
    expect(cache.get('k9', 10)).toBeDefined();
    expect(cache.get('k6', 10)).toBeUndefined();
    // A body larger than the whole budget is sent but not kept.
    cache.set('huge', JSON.stringify('y'.repeat(2000)), null, 10);
    expect(cache.get('huge', 11)).toBeUndefined();
  });

  it('drops expired entries when a new one is kept, so they are not held until read again', () => {
    const cache = new ListCache(1000);
    for (let i = 0; i < 500; i++) cache.set(`k${i}`, '[1,2,3]', null, 0);
    expect(cache.size.entries).toBe(500);
    cache.set('later', '[]', null, 5000);
    expect(cache.size).toEqual({ entries: 1, bytes: 2 });
  });

  it('keys a list address on q, limit and cursor only, as the route reads them', () => {
    const plain = listKeyOfUrl('/api/deals?q=sushi&limit=20');
    expect(plain).toBe(listKey({ q: 'sushi', limit: 20 }));
    expect(listKeyOfUrl('/api/deals?limit=20&q=sushi&_=1')).toBe(plain);
    expect(listKeyOfUrl('/api/deals?q=+sushi+&limit=020&junk=a&other=b')).toBe(plain);
    expect(listKeyOfUrl('/api/deals')).toBe(listKey({ limit: DEAL_LIST_DEFAULT_LIMIT }));
    // What the route would refuse is never a cache hit.
    for (const refused of ['/api/deals?q=a&q=b', '/api/deals?limit=0', '/api/deals?limit=abc', '/api/deals?limit=', '/api/deals?limit=1000', '/api/deals?cursor=a&cursor=b']) {
      expect(listKeyOfUrl(refused), refused).toBeNull();
    }
  });

  it('keys the filters and the order too, lat and lng only for nearest, and never what the route refuses', () => {
    const key = (url: string) => listKeyOfUrl(url);
    const filtered = key('/api/deals?category=food&minPriceCents=100&maxPriceCents=900&minRating=4&sort=price_asc');
    expect(filtered).toBe(listKey({ limit: DEAL_LIST_DEFAULT_LIMIT, category: 'food', minPriceCents: 100, maxPriceCents: 900, minRating: 4, sort: 'price_asc' }));
    expect(key('/api/deals?sort=price_asc&minRating=4.0&maxPriceCents=900&minPriceCents=100&category=food&x=1')).toBe(filtered);
    const distinct = [
      '/api/deals',
      '/api/deals?sort=popular',
      '/api/deals?sort=price_desc',
      '/api/deals?category=food',
      '/api/deals?category=spa-beauty',
      '/api/deals?minPriceCents=100',
      '/api/deals?maxPriceCents=100',
      '/api/deals?minRating=4',
      '/api/deals?minRating=4.5',
      '/api/deals?sort=nearest&lat=37.78&lng=-122.41',
      '/api/deals?sort=nearest&lat=37.79&lng=-122.41',
      '/api/deals?sort=nearest&lat=37.78&lng=-122.42',
    ].map(key);
    expect(distinct.every((k) => k !== null)).toBe(true);
    expect(new Set(distinct).size).toBe(distinct.length);
    // The default order is newest; other orders ignore lat and lng.
    expect(key('/api/deals?sort=newest')).toBe(key('/api/deals'));
    expect(key('/api/deals?sort=popular&lat=1&lng=2')).toBe(key('/api/deals?sort=popular'));
    for (const refused of ['/api/deals?sort=nearest', '/api/deals?sort=best', '/api/deals?minRating=9', '/api/deals?minPriceCents=5&maxPriceCents=1', '/api/deals?sort=popular&sort=newest', '/api/deals?category=A']) {
      expect(key(refused), refused).toBeNull();
    }
  });

  it('lets one request refresh an expired entry while the others are answered with it, for one more TTL at most', () => {
    const cache = new ListCache(1000);
    const old = cache.set('a', '[1]', null, 0);
    // The first request after expiry reads the list; those meanwhile get the expired copy.
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.get('a', 1001)).toBe(old);
    expect(cache.get('a', 1500)).toBe(old);
    // The refreshed answer replaces it and is fresh for a whole TTL.
    const fresh = cache.set('a', '[2]', null, 1600);
    expect(cache.get('a', 2599)).toBe(fresh);
    expect(cache.size).toEqual({ entries: 1, bytes: 3 });

    // A refresh that never comes (the read failed): after one more TTL the next request reads again.
    const stuck = new ListCache(1000);
    stuck.set('b', '[1]', null, 0);
    expect(stuck.get('b', 1000)).toBeUndefined();
    expect(stuck.get('b', 1999)?.body.toString('utf8')).toBe('[1]');
    expect(stuck.get('b', 2000)).toBeUndefined();
    expect(stuck.size.entries).toBe(0);
  });

  it('keeps an expired entry that is being refreshed when another is kept, and drops it once spent', () => {
    const cache = new ListCache(1000);
    cache.set('a', '[1]', null, 0);
    expect(cache.get('a', 1200)).toBeUndefined();
    cache.set('b', '[2]', null, 1300);
    expect(cache.get('a', 1300)?.body.toString('utf8')).toBe('[1]');
    cache.set('c', '[3]', null, 2000);
    expect(cache.get('a', 2000)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 6 });
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

    // Parameters the list does not read make no entry of their own: the same (stale) one answers.
    for (let i = 0; i < 50; i++) {
      const junk = await call(t.app, 'GET', `/api/deals?limit=1&_=${i}&utm_source=x${i}`);
      expect(junk.body).toEqual(guest.body);
    }
  });
});

describe('GET /api/deals with the cache on, when an entry expires under load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOG_CACHE_MS: '300' } });
  });
  afterAll(async () => t.close());

  it('reads the list once: the requests that arrive during that read get the expired answer', async () => {
    const merchant = await buildMerchant(t.db);
    const deal = await buildDeal(t.db, { merchantId: merchant.id, title: 'Before' });
    const titles = (res: { body: unknown }) => (res.body as { title: string }[]).map((d) => d.title);

    expect(titles(await call(t.app, 'GET', '/api/deals?limit=5'))).toEqual(['Before']);
    await t.db.update(deals).set({ title: 'After' }).where(eq(deals.id, deal.id));
    await new Promise((resolve) => setTimeout(resolve, 350));

    // Sent together: the first goes to the database, the rest arrive while it reads.
    const burst = await Promise.all(Array.from({ length: 12 }, () => call(t.app, 'GET', '/api/deals?limit=5')));
    expect(titles(burst[0]!)).toEqual(['After']);
    expect(burst.filter((res) => titles(res)[0] === 'After')).toHaveLength(1);

    // Once that read is kept, everyone gets it.
    expect(titles(await call(t.app, 'GET', '/api/deals?limit=5'))).toEqual(['After']);
  });
});

describe('GET /api/deals through a listening server, with the cache on', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOG_CACHE_MS: '60000' } });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t.close());

  /** Headers that must not differ between the routed answer and the one from the cache. */
  const stable = (headers: Headers) => {
    const kept = Object.fromEntries([...headers.entries()].filter(([name]) => !['date', 'x-request-id', 'keep-alive', 'connection'].includes(name)));
    return kept;
  };

  it('answers a hit with the bytes and headers of the answer it keeps, and the request id of its own request', async () => {
    const merchant = await buildMerchant(t.db);
    const first = await buildDeal(t.db, { merchantId: merchant.id, title: 'Listed one' });
    await buildDeal(t.db, { merchantId: merchant.id, title: 'Listed two' });

    const routed = await fetch(`${origin}/api/deals?limit=1`);
    const routedBody = await routed.text();
    await t.db.update(deals).set({ title: 'Renamed since' }).where(eq(deals.id, first.id));
    const cached = await fetch(`${origin}/api/deals?limit=1`, { headers: { 'x-request-id': 'trace-123' } });

    expect(cached.status).toBe(200);
    expect(await cached.text()).toBe(routedBody);
    expect(stable(cached.headers)).toEqual(stable(routed.headers));
    expect(cached.headers.get('x-request-id')).toBe('trace-123');
    expect(routed.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(cached.headers.get('cache-control')).toBe('no-store');

    // Other paths and methods are routed as usual.
    expect((await fetch(`${origin}/api/deals/${first.id}`)).status).toBe(200);
    const head = await fetch(`${origin}/api/deals?limit=1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await fetch(`${origin}/api/dealsx`)).status).toBe(404);
  });

  it('keeps idle connections open 72 s, Fastify\'s own keep-alive time, not Node\'s 5 s', async () => {
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    const res = await fetch(`${origin}/api/health`);
    expect(res.headers.get('keep-alive')).toBe('timeout=72');
  });

  it('serves a merchant its own list, whether signed in by token or by cookie', async () => {
    const merchant = await buildMerchant(t.db);
    await buildDeal(t.db, { merchantId: merchant.id, title: 'Own deal' });
    await fetch(`${origin}/api/deals?limit=3`);
    const merchantSession = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
    const own = await fetch(`${origin}/api/deals?limit=3`, { headers: { authorization: `Bearer ${merchantSession.sessionId}` } });
    expect(((await own.json()) as { title: string }[]).map((d) => d.title)).toEqual(['Own deal']);
    const byCookie = await fetch(`${origin}/api/deals?limit=3`, { headers: { cookie: `theme=dark; ${SESSION_COOKIE}=${merchantSession.sessionId}` } });
    expect(((await byCookie.json()) as { title: string }[]).map((d) => d.title)).toEqual(['Own deal']);
  });

  it('gives a cached answer a fresh request id when the one it came with is not well formed', async () => {
    await fetch(`${origin}/api/deals?limit=2`);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const spaced = await fetch(`${origin}/api/deals?limit=2`, { headers: { 'x-request-id': 'not well formed' } });
    expect(spaced.headers.get('x-request-id')).toMatch(uuid);
    const twice = await fetch(`${origin}/api/deals?limit=2`, { headers: [['x-request-id', 'one'], ['x-request-id', 'two']] });
    expect(twice.headers.get('x-request-id')).toMatch(uuid);
  });
});
