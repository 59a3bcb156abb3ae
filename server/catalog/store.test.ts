/** The store page's reads (docs/product/screens.md#store-page): the merchant's card with "open now" and its rating, its live deals through the list's merchantId filter, and the page's preview. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dealList, type Deal, type DealSort } from '../../contract/deals';
import { publicMerchant } from '../../contract/merchants';
import { NEXT_CURSOR_HEADER } from '../../contract/constants';
import { buildDeal, buildMerchant, buildUser } from '../db/factories';
import { createTestApp, type TestApp } from '../test/app';
import { resetDatabase } from '../test/database';
import { call, expectStatus, loginAs } from '../test/auth-helpers';
import { SettableClock } from '../http/clock';
import { storePagePreview } from './merchants.service';
import { listKeyOfUrl } from './list-cache';

const INDEX = '<!doctype html><html lang="en"><head><title>Deals</title><meta name="description" content="Deals" /></head><body><div id="root"></div></body></html>';
const HOUR = 3_600_000;

let t: TestApp;
let dir: string;
const clock = new SettableClock();

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dealmarket-store-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  t = await createTestApp({ env: { WEB_DIST_DIR: dir }, deps: { clock } });
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDatabase(t.database);
  clock.set(null);
});

/** A store in Los Angeles open 11:00-14:00 and 17:00-21:00, with four live deals (two reviewed), a draft and an archived deal. */
async function store() {
  const m = await buildMerchant(t.db, {
    name: 'Sakura Sushi',
    description: '<p>Fresh fish &amp; <strong>rice</strong> since 1998.</p>',
    city: 'Los Angeles',
    latitude: 34.05,
    longitude: -118.25,
    timeZone: 'America/Los_Angeles',
    businessHours: { morning: '11:00-14:00', evening: '17:00-21:00' },
  });
  const base = Date.now() - 50 * HOUR;
  const spec = [
    { price: 1500, sold: 5, ends: 10, reviews: 10, stars: 45 },
    { price: 900, sold: 0, ends: null, reviews: 0, stars: 0 },
    { price: 4000, sold: 2, ends: 50, reviews: 2, stars: 6 },
    { price: 2500, sold: 9, ends: 30, reviews: 0, stars: 0 },
  ];
  const live = [];
  for (const [i, s] of spec.entries()) {
    live.push(
      await buildDeal(t.db, {
        merchantId: m.id,
        title: `Store deal ${i}`,
        imageUrl: i === 3 ? '/uploads/newest.jpg' : '',
        priceCents: s.price,
        originalPriceCents: null,
        soldCount: s.sold,
        reviewCount: s.reviews,
        ratingSum: s.stars,
        validUntil: s.ends === null ? null : new Date(Date.now() + s.ends * HOUR),
        createdAt: new Date(base + i * HOUR),
      }),
    );
  }
  // Neither counts: not live.
  await buildDeal(t.db, { merchantId: m.id, status: 'draft', reviewCount: 4, ratingSum: 4 });
  await buildDeal(t.db, { merchantId: m.id, status: 'archived', reviewCount: 4, ratingSum: 4 });
  // Another merchant's deal never shows on this store.
  const other = await buildMerchant(t.db, { name: 'Other' });
  await buildDeal(t.db, { merchantId: other.id, priceCents: 100, createdAt: new Date() });
  return { m, live };
}

describe('GET /api/merchants/{id}', () => {
  it('answers the store\'s clock, "open now" there and its live deals\' rating weighted by review count', async () => {
    const { m } = await store();
    // 12:30 in Los Angeles (PDT).
    clock.set(new Date('2026-07-01T19:30:00Z'));
    const res = await call(t.app, 'GET', `/api/merchants/${m.id}`);
    expectStatus(res, 200);
    const body = publicMerchant.parse(res.body);
    expect(body).toMatchObject({
      name: 'Sakura Sushi',
      city: 'Los Angeles',
      latitude: 34.05,
      longitude: -118.25,
      timeZone: 'America/Los_Angeles',
      openNow: true,
      openUntil: '14:00',
      opensAt: null,
      localTime: '12:30',
      // (45 + 6) / (10 + 2) = 4.25, to one decimal.
      rating: 4.3,
      reviewCount: 12,
    });
    expect(JSON.parse(body.businessHours!)).toEqual({ morning: '11:00-14:00', evening: '17:00-21:00' });

    // 15:00 there: closed until the evening.
    clock.set(new Date('2026-07-01T22:00:00Z'));
    const closed = publicMerchant.parse((await call(t.app, 'GET', `/api/merchants/${m.id}`)).body);
    expect(closed).toMatchObject({ openNow: false, openUntil: null, opensAt: '17:00', localTime: '15:00' });
  });

  it('says nothing of "open now" without hours, and no rating without reviews', async () => {
    const m = await buildMerchant(t.db, { timeZone: 'Asia/Shanghai' });
    clock.set(new Date('2026-07-01T03:00:00Z'));
    const body = publicMerchant.parse((await call(t.app, 'GET', `/api/merchants/${m.id}`)).body);
    expect(body).toMatchObject({ openNow: null, openUntil: null, opensAt: null, localTime: '11:00', rating: null, reviewCount: 0, businessHours: null });
  });

  it('is 404 to shoppers for an inactive or pending merchant, or an unknown one', async () => {
    const inactive = await buildMerchant(t.db, { status: 'inactive' });
    const pending = await buildMerchant(t.db, { status: 'pending' });
    const customer = await loginAs(t, await buildUser(t.db));
    for (const m of [inactive, pending]) {
      expectStatus(await call(t.app, 'GET', `/api/merchants/${m.id}`), 404);
      expectStatus(await call(t.app, 'GET', `/api/merchants/${m.id}`, { sessionId: customer.sessionId }), 404);
    }
    expectStatus(await call(t.app, 'GET', '/api/merchants/00000000-0000-4000-8000-000000000000'), 404);
  });
});

/** Every page of the store's list in one order, following x-next-cursor. */
async function storeList(merchantId: string, sort: DealSort, limit = 2): Promise<Deal[]> {
  const seen: Deal[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const near = sort === 'nearest' ? '&lat=34&lng=-118' : '';
    const res = await call(t.app, 'GET', `/api/deals?merchantId=${merchantId}&sort=${sort}${near}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expectStatus(res, 200);
    seen.push(...dealList.parse(res.body));
    const next = res.headers[NEXT_CURSOR_HEADER];
    if (typeof next !== 'string') return seen;
    cursor = next;
  }
  throw new Error('too many pages');
}

describe('GET /api/deals?merchantId=', () => {
  it('lists only the store\'s live deals, in each order, page by page', async () => {
    const { m, live } = await store();
    const titles = (list: Deal[]) => list.map((d) => d.title);
    const byIndex = (...i: number[]) => i.map((n) => live[n]!.title);
    expect(titles(await storeList(m.id, 'newest'))).toEqual(byIndex(3, 2, 1, 0));
    expect(titles(await storeList(m.id, 'popular'))).toEqual(byIndex(3, 0, 2, 1));
    expect(titles(await storeList(m.id, 'price_asc'))).toEqual(byIndex(1, 0, 3, 2));
    expect(titles(await storeList(m.id, 'price_desc'))).toEqual(byIndex(2, 3, 0, 1));
    expect(titles(await storeList(m.id, 'ending_soon'))).toEqual(byIndex(0, 3, 2, 1));
    expect((await storeList(m.id, 'nearest')).map((d) => d.merchantId)).toEqual([m.id, m.id, m.id, m.id]);
  });

  it('keeps each store\'s list apart in the one-second cache', () => {
    const a = listKeyOfUrl('/api/deals?merchantId=0b6c2a4e-8f1d-4c3b-9a7e-5d2f1e0c9b8a&sort=popular');
    expect(a).not.toBeNull();
    expect(a).not.toBe(listKeyOfUrl('/api/deals?sort=popular'));
    expect(a).not.toBe(listKeyOfUrl('/api/deals?merchantId=1b6c2a4e-8f1d-4c3b-9a7e-5d2f1e0c9b8a&sort=popular'));
  });

  it('lists nothing for an inactive store, and refuses an id that is no UUID', async () => {
    const hidden = await buildMerchant(t.db, { status: 'inactive' });
    await buildDeal(t.db, { merchantId: hidden.id });
    expect(await storeList(hidden.id, 'newest')).toEqual([]);
    expectStatus(await call(t.app, 'GET', '/api/deals?merchantId=not-a-uuid'), 400);
  });

  it('reads the store\'s deals through an index by merchant, whatever the order', async () => {
    const { m } = await store();
    // A catalogue of many other deals, so that the planner weighs the indexes as it would in production.
    const other = await buildMerchant(t.db, { name: 'Big' });
    await t.db.execute(
      sql`insert into deals (merchant_id, title, price_cents, status, active, created_at) select ${other.id}::uuid, 'Bulk ' || g, 1000 + g, 'published', true, now() - g * interval '1 minute' from generate_series(1, 3000) g`,
    );
    await t.db.execute(sql`analyze deals`);
    for (const order of ['deals.created_at desc, deals.id desc', 'deals.sold_count desc, deals.id desc', 'deals.price_cents, deals.id', 'deals.price_cents desc, deals.id desc']) {
      const plan = await t.db.execute(
        sql.raw(`explain select deals.id from deals join merchants on merchants.id = deals.merchant_id where deals.status = 'published' and merchants.status = 'active' and deals.merchant_id = '${m.id}' order by ${order} limit 25`),
      );
      const text = JSON.stringify(plan);
      expect(text, order).toMatch(/Index Cond: \(merchant_id = /);
      expect(text, order).toMatch(/deals_(published_)?merchant(_category)?_idx/);
      expect(text, order).not.toMatch(/Seq Scan on deals/);
    }
  });
});

describe('the store page\'s preview', () => {
  it('names the store, describes it in plain text and shows its newest deal\'s picture as an absolute address', async () => {
    const { m } = await store();
    const res = await t.app.inject({ method: 'GET', url: `/store/${m.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Sakura Sushi</title>');
    expect(res.body).toContain('<meta property="og:title" content="Sakura Sushi" />');
    expect(res.body).toContain('<meta property="og:description" content="Fresh fish &amp; rice since 1998." />');
    expect(res.body).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/uploads\/newest\.jpg" \/>/);
    expect(res.body).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+/store/${m.id}" />`));
  });

  it('counts the deals and the rating when the store has no description, in Chinese too', async () => {
    const m = await buildMerchant(t.db, { name: 'Noodle Bar' });
    await buildDeal(t.db, { merchantId: m.id, reviewCount: 2, ratingSum: 9 });
    await buildDeal(t.db, { merchantId: m.id });
    const en = await storePagePreview(t.db, 'http://deals.test', `/store/${m.id}`, 'en');
    expect(en).toMatchObject({ title: 'Noodle Bar', description: '2 deals at Noodle Bar. Rated 4.5 from 2 reviews.', url: `http://deals.test/store/${m.id}` });
    expect(en !== 'missing' && en?.image).toBe('http://deals.test/api/placeholder/400/300');
    const zh = await storePagePreview(t.db, 'http://deals.test', `/store/${m.id}`, 'zh-CN');
    expect(zh).toMatchObject({ description: 'Noodle Bar：2 个团购。评分 4.5（2 条评价）。' });
  });

  it('shows the store\'s cover photo once it has photos', async () => {
    const cover = '/api/photos/0b6c2a4e-8f1d-4c3b-9a7e-5d2f1e0c9b8a/800.webp';
    const m = await buildMerchant(t.db, { name: 'Photo Bar', photoUrls: [cover, '/api/photos/1b6c2a4e-8f1d-4c3b-9a7e-5d2f1e0c9b8a/800.webp'] });
    await buildDeal(t.db, { merchantId: m.id, imageUrl: '/uploads/deal.jpg' });
    const preview = await storePagePreview(t.db, 'http://deals.test', `/store/${m.id}`);
    expect(preview !== 'missing' && preview?.image).toBe(`http://deals.test${cover}`);
  });

  it('answers 404 for an inactive, pending or unknown store', async () => {
    const inactive = await buildMerchant(t.db, { status: 'inactive' });
    const pending = await buildMerchant(t.db, { status: 'pending' });
    for (const url of [`/store/${inactive.id}`, `/store/${pending.id}`, '/store/00000000-0000-4000-8000-000000000000', '/store/not-an-id']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('og:title');
    }
  });
});
