/** Discovery: the deal list's filters and orders, each paged by its own keyset, the rating counters and the categories (docs/product/rules.md#listing-and-search, ADR 030). */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dealList, type Deal } from '../../contract/deals';
import { adminCategory, adminCategoryList, categoryList } from '../../contract/categories';
import { NEXT_CURSOR_HEADER } from '../../contract/constants';
import { buildCategory, buildCustomer, buildDeal, buildMerchant, buildReview } from '../db/factories';
import { deals, reviews } from '../db/schema';
import { useTestApp } from '../test/app';
import { call, expectStatus, messageOf } from '../test/auth-helpers';
import { as, dealForm, expectError, merchantForm, signInEveryRole, signInSuperadmin } from '../test/admin-helpers';
import { buildVouchers } from '../test/fixtures';
import { refreshSoldCounts } from './categories.service';

const t = useTestApp();

const HOUR = 3_600_000;

/** Every page of `url` (with `limit`), following x-next-cursor, as one list of deals; fails on a page that breaks the schema. */
async function allPages(url: string, limit = 3): Promise<Deal[]> {
  const seen: Deal[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await call(t.app, 'GET', `${url}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expectStatus(res, 200);
    const deals = dealList.parse(res.body);
    seen.push(...deals);
    const next = res.headers[NEXT_CURSOR_HEADER];
    if (typeof next !== 'string') return seen;
    expect(deals).toHaveLength(limit);
    cursor = next;
  }
  throw new Error('too many pages');
}

/** Nine published deals over three merchants with prices, ends, sales, ratings and two categories; plus deals shoppers never see. */
async function catalogue() {
  const food = await buildCategory(t.db, { slug: 'food', name: 'Food', icon: 'utensils', position: 1 });
  const spa = await buildCategory(t.db, { slug: 'spa-beauty', name: 'Spa & Beauty', icon: 'sparkles', position: 2 });
  // Union Square, the Mission (about 3.2 km away) and one merchant without a position.
  const union = await buildMerchant(t.db, { name: 'Union', city: 'San Francisco', latitude: 37.788, longitude: -122.4075 });
  const mission = await buildMerchant(t.db, { name: 'Mission', city: 'San Francisco', latitude: 37.7599, longitude: -122.4148 });
  const nowhere = await buildMerchant(t.db, { name: 'Nowhere' });
  const hidden = await buildMerchant(t.db, { name: 'Hidden', status: 'inactive', latitude: 37.788, longitude: -122.4075 });
  const base = Date.now() - 100 * HOUR;
  const spec = [
    { m: union, c: food, price: 1500, ends: 10, sold: 5 },
    { m: union, c: food, price: 900, ends: null, sold: 0 },
    { m: union, c: spa, price: 4000, ends: 50, sold: 2 },
    { m: mission, c: food, price: 1500, ends: 30, sold: 5 },
    { m: mission, c: spa, price: 2500, ends: null, sold: 9 },
    { m: mission, c: null, price: 500, ends: -5, sold: 1 },
    { m: nowhere, c: food, price: 3000, ends: 20, sold: 0 },
    { m: nowhere, c: spa, price: 1200, ends: 10, sold: 3 },
    { m: nowhere, c: null, price: 700, ends: null, sold: 0 },
  ];
  const built = [];
  for (const [i, s] of spec.entries()) {
    built.push(
      await buildDeal(t.db, {
        merchantId: s.m.id,
        categoryId: s.c?.id ?? null,
        priceCents: s.price,
        validUntil: s.ends === null ? null : new Date(Date.now() + s.ends * HOUR),
        soldCount: s.sold,
        createdAt: new Date(base + i * HOUR),
        galleryUrls: i === 0 ? ['/api/placeholder/400/300?1', '/api/placeholder/400/300?2'] : [],
      }),
    );
  }
  await buildDeal(t.db, { merchantId: union.id, categoryId: food.id, status: 'draft' });
  await buildDeal(t.db, { merchantId: hidden.id, categoryId: food.id });
  return { food, spa, union, mission, nowhere, deals: built };
}

/** The great-circle distance by the haversine formula, on a sphere of the Earth's mean radius. */
function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = (x: number) => (x * Math.PI) / 180;
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

const ids = (list: { id: string }[]) => list.map((d) => d.id);

describe('GET /api/deals filters', () => {
  it('filters by category slug, an unknown slug listing nothing', async () => {
    const c = await catalogue();
    const food = await allPages('/api/deals?category=food');
    expect(ids(food).sort()).toEqual(ids(c.deals.filter((d) => d.categoryId === c.food.id)).sort());
    expect(food.every((d) => d.category?.slug === 'food' && d.category.name === 'Food' && d.category.icon === 'utensils')).toBe(true);
    expect(await allPages('/api/deals?category=nothing-here')).toEqual([]);
  });

  it('filters by a price range, both ends included', async () => {
    const c = await catalogue();
    const got = await allPages('/api/deals?minPriceCents=900&maxPriceCents=1500');
    expect(ids(got).sort()).toEqual(ids(c.deals.filter((d) => d.priceCents >= 900 && d.priceCents <= 1500)).sort());
    expect((await allPages('/api/deals?minPriceCents=3000')).map((d) => d.priceCents).sort()).toEqual([3000, 4000]);
  });

  it('filters by the minimum rating, kept by the reviews themselves; unrated deals never pass', async () => {
    const c = await catalogue();
    const [a, b, d] = [c.deals[0]!, c.deals[1]!, c.deals[2]!];
    const people = await Promise.all(Array.from({ length: 3 }, () => buildCustomer(t.db)));
    for (const [i, rating] of [5, 4, 4].entries()) await buildReview(t.db, { dealId: a.id, userId: people[i]!.id, authorName: 'A', rating, comment: 'ok' });
    for (const [i, rating] of [3, 2].entries()) await buildReview(t.db, { dealId: b.id, userId: people[i]!.id, authorName: 'B', rating, comment: 'ok' });
    await buildReview(t.db, { dealId: d.id, userId: people[0]!.id, authorName: 'C', rating: 4, comment: 'ok' });
    const four = await allPages('/api/deals?minRating=4');
    expect(ids(four).sort()).toEqual([a.id, d.id].sort());
    const byId = new Map((await allPages('/api/deals')).map((x) => [x.id, x]));
    expect(byId.get(a.id)).toMatchObject({ rating: 4.3, reviewCount: 3 });
    expect(byId.get(b.id)).toMatchObject({ rating: 2.5, reviewCount: 2 });
    expect(byId.get(c.deals[3]!.id)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(ids(await allPages('/api/deals?minRating=1')).sort()).toEqual([a.id, b.id, d.id].sort());
    expect(ids(await allPages('/api/deals?minRating=4.3&category=food'))).toEqual([a.id]);
  });

  it('combines filters with every order and q', async () => {
    const c = await catalogue();
    const expected = c.deals.filter((d) => d.categoryId === c.food.id && d.priceCents <= 1500).map((d) => d.id).sort();
    for (const sort of ['newest', 'popular', 'price_asc', 'price_desc']) {
      expect(ids(await allPages(`/api/deals?category=food&maxPriceCents=1500&sort=${sort}`, 1)).sort(), sort).toEqual(expected);
    }
    expect(await allPages('/api/deals?category=food&q=no-such-word')).toEqual([]);
  });
});

describe('GET /api/deals orders, each paged by its own cursor', () => {
  const cases: [string, (a: { priceCents: number; soldCount: number; id: string; createdAt: Date; validUntil: Date | null }, b: typeof a) => number][] = [
    ['newest', (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)],
    ['popular', (a, b) => b.soldCount - a.soldCount || (a.id < b.id ? 1 : -1)],
    ['price_asc', (a, b) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : 1)],
    ['price_desc', (a, b) => b.priceCents - a.priceCents || (a.id < b.id ? 1 : -1)],
    [
      'ending_soon',
      (a, b) => (a.validUntil?.getTime() ?? Infinity) - (b.validUntil?.getTime() ?? Infinity) || (a.id < b.id ? -1 : 1),
    ],
  ];
  for (const [sort, compare] of cases) {
    for (const limit of [1, 2, 4]) {
      it(`${sort}: every listed deal once, in order, ${limit} a page`, async () => {
        const c = await catalogue();
        const listed = sort === 'ending_soon' ? c.deals.filter((d) => !d.validUntil || d.validUntil.getTime() > Date.now()) : c.deals;
        const expected = [...listed].sort(compare).map((d) => d.id);
        const got = await allPages(`/api/deals?sort=${sort}`, limit);
        expect(ids(got)).toEqual(expected);
        expect(got.every((d) => d.distanceKm === null)).toBe(true);
      });
    }
  }

  it('nearest: by haversine distance from lat/lng, each merchant once measured, merchants without a position last', async () => {
    const c = await catalogue();
    // From Union Square itself.
    const got = await allPages('/api/deals?sort=nearest&lat=37.788&lng=-122.4075', 2);
    const merchantOrder = got.map((d) => d.merchantId);
    const union = c.deals.filter((d) => d.merchantId === c.union.id).map((d) => d.id).sort();
    const mission = c.deals.filter((d) => d.merchantId === c.mission.id).map((d) => d.id).sort();
    const nowhere = c.deals.filter((d) => d.merchantId === c.nowhere.id).map((d) => d.id).sort();
    expect(ids(got)).toEqual([...union, ...mission, ...nowhere]);
    expect(merchantOrder).toHaveLength(9);
    expect(got[0]).toMatchObject({ distanceKm: 0, city: 'San Francisco', latitude: 37.788, longitude: -122.4075 });
    const missionKm = got.find((d) => d.merchantId === c.mission.id)!.distanceKm!;
    expect(missionKm).toBeCloseTo(haversineKm(37.788, -122.4075, 37.7599, -122.4148), 2);
    expect(missionKm).toBeCloseTo(3.19, 2);
    expect(got.filter((d) => d.merchantId === c.nowhere.id).map((d) => [d.distanceKm, d.latitude])).toEqual([[null, null], [null, null], [null, null]]);
    // From the Mission, the order of the two merchants turns round; filters apply as well.
    const fromMission = await allPages('/api/deals?sort=nearest&lat=37.7599&lng=-122.4148&category=spa-beauty', 1);
    expect(fromMission.map((d) => d.merchantId)).toEqual([c.mission.id, c.union.id, c.nowhere.id]);
  });

  it('nearest: the same order from near and far merchants, across the antimeridian and by a pole, page after page', async () => {
    // Merchants from a few hundred metres to thousands of kilometres away, so a page is found in the first ring, in a
    // wider one, or only without a bound.
    const places = [
      [-16.5, 179.9],
      [-16.49, 179.99],
      [-16.6, -179.95],
      [-16.3, 179.5],
      [-15.0, 178.0],
      [-10.0, 170.0],
      [40.0, -100.0],
      [88.9, 0.0],
    ] as const;
    const built: { id: string; km: number }[] = [];
    for (const [i, [lat, lng]] of places.entries()) {
      const m = await buildMerchant(t.db, { name: `Place ${i}`, latitude: lat, longitude: lng });
      for (let n = 0; n < 2; n++) built.push({ id: (await buildDeal(t.db, { merchantId: m.id })).id, km: haversineKm(-16.5, 179.9, lat, lng) });
    }
    const away = await buildMerchant(t.db, { name: 'No place' });
    const last = (await buildDeal(t.db, { merchantId: away.id })).id;
    const expected = [...built].sort((a, b) => a.km - b.km);
    for (const size of [1, 3, 20]) {
      const got = await allPages('/api/deals?sort=nearest&lat=-16.5&lng=179.9', size);
      expect(got.map((d) => d.distanceKm === null ? 'none' : Math.round(d.distanceKm))).toEqual([...expected.map((e) => Math.round(e.km)), 'none']);
      expect(new Set(ids(got.slice(0, -1)))).toEqual(new Set(expected.map((e) => e.id)));
      expect(got.at(-1)!.id).toBe(last);
    }
    // From the pole's side the order turns round.
    const fromNorth = await allPages('/api/deals?sort=nearest&lat=89.5&lng=10', 2);
    expect(fromNorth[0]!.distanceKm!).toBeCloseTo(haversineKm(89.5, 10, 88.9, 0), 1);
  });

  it('popular reads the sold count the minute job keeps; soldCount and boughtCount are the live figure', async () => {
    const m = await buildMerchant(t.db);
    const [one, two] = [await buildDeal(t.db, { merchantId: m.id }), await buildDeal(t.db, { merchantId: m.id })];
    const buyer = await buildCustomer(t.db);
    await buildVouchers(t.db, { userId: buyer.id, dealId: one.id, count: 2 });
    await buildVouchers(t.db, { userId: buyer.id, dealId: two.id, count: 3 });
    const before = await allPages('/api/deals');
    expect(before.find((d) => d.id === two.id)).toMatchObject({ soldCount: 3, boughtCount: 3 });
    expect(await refreshSoldCounts(t.db)).toBe(2);
    expect(await refreshSoldCounts(t.db)).toBe(0);
    expect(ids(await allPages('/api/deals?sort=popular'))).toEqual([two.id, one.id]);
    // Sales older than the look-back are counted by a full recount (since null).
    await t.db.update(deals).set({ soldCount: 0 }).where(eq(deals.id, one.id));
    expect(await refreshSoldCounts(t.db, new Date(Date.now() + HOUR))).toBe(0);
    expect(await refreshSoldCounts(t.db, null)).toBe(1);
  });

  it('refuses a cursor of another order, or one it did not make, with 400', async () => {
    await catalogue();
    const first = await call(t.app, 'GET', '/api/deals?sort=price_asc&limit=2');
    const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
    expectError(await call(t.app, 'GET', `/api/deals?sort=popular&cursor=${cursor}`), 400, 'cursor: is invalid');
    expectError(await call(t.app, 'GET', `/api/deals?cursor=${cursor}`), 400, 'cursor: is invalid');
    const forged = Buffer.from('price_asc|1e9|00000000-0000-0000-0000-000000000000').toString('base64url');
    expectError(await call(t.app, 'GET', `/api/deals?sort=price_asc&cursor=${forged}`), 400, 'cursor: is invalid');
    const near = await call(t.app, 'GET', '/api/deals?sort=nearest&lat=37.78&lng=-122.41&limit=2');
    expect(near.headers[NEXT_CURSOR_HEADER]).toBeTypeOf('string');
    expectError(await call(t.app, 'GET', `/api/deals?sort=ending_soon&cursor=${near.headers[NEXT_CURSOR_HEADER] as string}`), 400, 'cursor: is invalid');
  });
});

describe('GET /api/deals validation', () => {
  it.each([
    ['sort=best', /^sort: must be one of newest, popular/],
    ['sort=nearest', 'lat: lat and lng are required to sort by nearest'],
    ['sort=nearest&lat=37.7', 'lng: lat and lng are required to sort by nearest'],
    ['sort=nearest&lat=91&lng=0', 'lat: must be between -90 and 90'],
    ['sort=nearest&lat=0&lng=-181', 'lng: must be between -180 and 180'],
    ['minRating=0', 'minRating: must be between 1 and 5'],
    ['minRating=6', 'minRating: must be between 1 and 5'],
    ['minRating=abc', /^minRating: /],
    ['minPriceCents=-1', 'minPriceCents: must not be negative'],
    ['minPriceCents=1.5', 'minPriceCents: must be a whole number of cents'],
    ['minPriceCents=2000&maxPriceCents=1000', 'maxPriceCents: must not be below minPriceCents'],
    ['category=Food!', /^category: must be lower-case/],
  ])('%s is refused with 400', async (query, message) => {
    expectError(await call(t.app, 'GET', `/api/deals?${query}`), 400, message);
  });
});

describe('deal and merchant fields', () => {
  it('carries category, gallery, rating, counts and the merchant place on the list, the deal and the admin list', async () => {
    const c = await catalogue();
    const first = c.deals[0]!;
    const one = await call(t.app, 'GET', `/api/deals/${first.id}`);
    expectStatus(one, 200);
    expect(one.body).toMatchObject({
      category: { slug: 'food', name: 'Food', icon: 'utensils' },
      galleryUrls: ['/api/placeholder/400/300?1', '/api/placeholder/400/300?2'],
      rating: 0,
      reviewCount: 0,
      soldCount: 0,
      city: 'San Francisco',
      latitude: 37.788,
      longitude: -122.4075,
      distanceKm: null,
    });
    const noCategory = await call(t.app, 'GET', `/api/deals/${c.deals[5]!.id}`);
    expect(noCategory.body).toMatchObject({ category: null, galleryUrls: [] });
    const merchant = await call(t.app, 'GET', `/api/merchants/${c.union.id}`);
    expect(merchant.body).toMatchObject({ city: 'San Francisco', latitude: 37.788, longitude: -122.4075 });
  });

  it('saves a deal form with its category and more photos, and refuses an unknown category or more than 8 photos', async () => {
    const { superadmin } = await signInEveryRole(t);
    const m = await buildMerchant(t.db);
    const food = await buildCategory(t.db, { slug: 'food' });
    const photos = Array.from({ length: 8 }, (_, i) => `/api/placeholder/400/300?p=${i}`);
    const saved = await as(t.app, superadmin, 'POST', '/api/admin/deals', dealForm(m.id, { categoryId: food.id, galleryUrls: [...photos, ''] }));
    expectStatus(saved, 201);
    expect(saved.body).toMatchObject({ category: { slug: 'food' }, galleryUrls: photos });
    expectError(await as(t.app, superadmin, 'POST', '/api/admin/deals', dealForm(m.id, { categoryId: '00000000-0000-4000-8000-000000000000' })), 400, 'categoryId: No such category');
    expectError(await as(t.app, superadmin, 'POST', '/api/admin/deals', dealForm(m.id, { galleryUrls: [...photos, '/x.png'] })), 400, 'galleryUrls: must hold at most 8 photos');
    expectError(await as(t.app, superadmin, 'POST', '/api/admin/deals', dealForm(m.id, { galleryUrls: ['javascript:alert(1)'] })), 400, 'galleryUrls.0: must be a URL');
    // The merchant's own proposal takes the same fields.
    const id = (saved.body as { id: string }).id;
    const edited = await as(t.app, superadmin, 'PUT', `/api/admin/deals/${id}`, dealForm(m.id, { categoryId: null, galleryUrls: [] }));
    expect(edited.body).toMatchObject({ category: null, galleryUrls: [] });
  });

  it('keeps a merchant place: city, latitude and longitude both or neither, in range', async () => {
    const admin = await signInSuperadmin(t);
    const made = await as(t.app, admin, 'POST', '/api/admin/merchants', merchantForm({ city: ' Oakland ', latitude: 37.8044, longitude: -122.2712 }));
    expectStatus(made, 201);
    expect(made.body).toMatchObject({ city: 'Oakland', latitude: 37.8044, longitude: -122.2712 });
    const id = (made.body as { id: string }).id;
    expectError(await as(t.app, admin, 'POST', '/api/admin/merchants', merchantForm({ latitude: 37.8 })), 400, 'longitude: Give both the latitude and the longitude, or neither');
    expectError(await as(t.app, admin, 'POST', '/api/admin/merchants', merchantForm({ latitude: 91, longitude: 0 })), 400, 'latitude: must be between -90 and 90');
    expectError(await as(t.app, admin, 'PUT', `/api/admin/merchants/${id}`, { name: 'X', longitude: 10 }), 400, 'latitude: Give both the latitude and the longitude, or neither');
    const kept = await as(t.app, admin, 'PUT', `/api/admin/merchants/${id}`, { name: 'Renamed' });
    expect(kept.body).toMatchObject({ name: 'Renamed', city: 'Oakland', latitude: 37.8044 });
    const cleared = await as(t.app, admin, 'PUT', `/api/admin/merchants/${id}`, { name: 'Renamed', city: '', latitude: null, longitude: null });
    expect(cleared.body).toMatchObject({ city: null, latitude: null, longitude: null });
  });
});

describe('rating counters', () => {
  it('follow reviews added, changed and removed, and stay equal to a recount when many arrive at once', async () => {
    const m = await buildMerchant(t.db);
    const d = await buildDeal(t.db, { merchantId: m.id });
    const people = await Promise.all(Array.from({ length: 12 }, () => buildCustomer(t.db)));
    await Promise.all(people.map((p, i) => buildReview(t.db, { dealId: d.id, userId: p.id, authorName: 'P', rating: (i % 5) + 1, comment: 'at once' })));
    const recount = async () => {
      const [r] = await t.db.select({ n: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` }).from(reviews).where(eq(reviews.dealId, d.id));
      const [row] = await t.db.select({ n: deals.reviewCount, total: deals.ratingSum, rating: deals.rating }).from(deals).where(eq(deals.id, d.id));
      return { counters: { n: row!.n, total: row!.total }, recount: { n: Number(r!.n), total: Number(r!.total) }, rating: Number(row!.rating) };
    };
    let now = await recount();
    expect(now.counters).toEqual(now.recount);
    expect(now.counters).toEqual({ n: 12, total: 33 });
    expect(now.rating).toBe(2.8);
    await t.db.update(reviews).set({ rating: 5 }).where(eq(reviews.userId, people[0]!.id));
    await t.db.delete(reviews).where(eq(reviews.userId, people[1]!.id));
    now = await recount();
    expect(now.counters).toEqual(now.recount);
    expect(now.counters).toEqual({ n: 11, total: 35 });
  });
});

describe('categories', () => {
  it('lists categories in position order with their listed deals counted', async () => {
    const c = await catalogue();
    const res = await call(t.app, 'GET', '/api/categories');
    expectStatus(res, 200);
    const list = categoryList.parse(res.body);
    expect(list.map((x) => [x.slug, x.dealCount])).toEqual([
      ['food', 4],
      ['spa-beauty', 3],
    ]);
    expect(list[0]).toMatchObject({ id: c.food.id, name: 'Food', icon: 'utensils', position: 1 });
  });

  it('lets a superadmin create, change and delete a category; slugs are unique and a used category stays', async () => {
    const callers = await signInEveryRole(t);
    const admin = callers.superadmin;
    for (const who of [callers.customer, callers.merchant]) {
      expectError(await as(t.app, who, 'GET', '/api/admin/categories'), 403, 'Only a superadmin can do that');
      expectError(await as(t.app, who, 'POST', '/api/admin/categories', { slug: 'x', name: 'X', icon: 'tag' }), 403, 'Only a superadmin can do that');
    }
    expectError(await as(t.app, null, 'DELETE', '/api/admin/categories/00000000-0000-4000-8000-000000000000'), 401, 'Please log in first');

    const made = await as(t.app, admin, 'POST', '/api/admin/categories', { slug: 'fitness', name: 'Fitness', icon: 'dumbbell', position: 3 });
    expectStatus(made, 201);
    const fitness = adminCategory.parse(made.body);
    expect(fitness).toMatchObject({ slug: 'fitness', name: 'Fitness', icon: 'dumbbell', position: 3, dealCount: 0, usedBy: 0 });
    expectError(await as(t.app, admin, 'POST', '/api/admin/categories', { slug: 'fitness', name: 'Again', icon: 'tag' }), 409, 'slug: Another category already has this slug');
    expectError(await as(t.app, admin, 'POST', '/api/admin/categories', { slug: 'Fit ness', name: 'X', icon: 'tag' }), 400, /^slug: must be lower-case/);
    expectError(await as(t.app, admin, 'POST', '/api/admin/categories', { slug: 'x', name: ' ', icon: 'tag' }), 400, 'name: is required');

    const changed = await as(t.app, admin, 'PATCH', `/api/admin/categories/${fitness.id}`, { name: 'Fitness & Gyms', position: 0 });
    expect(changed.body).toMatchObject({ slug: 'fitness', name: 'Fitness & Gyms', icon: 'dumbbell', position: 0 });
    expectError(await as(t.app, admin, 'PATCH', '/api/admin/categories/00000000-0000-4000-8000-000000000000', { name: 'X' }), 404, 'Category not found');

    const m = await buildMerchant(t.db);
    const used = await buildDeal(t.db, { merchantId: m.id, categoryId: fitness.id, status: 'archived' });
    const listed = adminCategoryList.parse((await as(t.app, admin, 'GET', '/api/admin/categories')).body);
    expect(listed.find((x) => x.id === fitness.id)).toMatchObject({ usedBy: 1, dealCount: 0 });
    expectError(await as(t.app, admin, 'DELETE', `/api/admin/categories/${fitness.id}`), 409, /^This category is used by 1 deal, so it cannot be deleted/);
    await t.db.update(deals).set({ categoryId: null }).where(eq(deals.id, used.id));
    const gone = await as(t.app, admin, 'DELETE', `/api/admin/categories/${fitness.id}`);
    expectStatus(gone, 200);
    expect(messageOf(gone)).toBe('Category deleted');
    expectError(await as(t.app, admin, 'DELETE', `/api/admin/categories/${fitness.id}`), 404, 'Category not found');
  });
});
