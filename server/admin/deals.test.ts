/** Deal management by a superadmin (docs/product/rules.md#deal-states, docs/product/screens.md#deal-management, docs/product/api.md#superadmin; ADRs 010, 012, 017, 019). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminDealList, savedDealAnswer } from '../../contract/admin';
import { voucherList } from '../../contract/checkout';
import { DEAL_LIST_MAX_LIMIT, SEARCH_QUERY_MAX_LENGTH } from '../../contract/constants';
import { NEXT_CURSOR_HEADER } from '../../contract/deals';
import { buildCustomer, buildDeal, buildMerchant, setUnitsTaken } from '../db/factories';
import { unitsTakenOf } from '../db/stock-reads';
import { deals, orderItems, orders, vouchers } from '../db/schema';
import type { CatalogIds, CatalogItem } from '../integrations/payments/payment-provider';
import { TestPaymentProvider } from '../integrations/payments/test-provider';
import { type TestApp, createTestApp, useTestApp } from '../test/app';
import { resetDatabase } from '../test/database';
import { call, expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { buildPaidOrder, buildVouchers } from '../test/fixtures';
import {
  as,
  createDealViaApi,
  dealForm,
  expectError,
  fillParams,
  routesUnder,
  setStatusViaApi,
  shopperDeal,
  shopperDeals,
  signInEveryRole,
  signInSuperadmin,
  type Callers,
} from '../test/admin-helpers';

const t = useTestApp();
let callers: Callers;
let admin: TestSession;
/** An active merchant deals can be created for. */
let shopId: string;

beforeEach(async () => {
  callers = await signInEveryRole(t);
  admin = callers.superadmin;
  shopId = (await buildMerchant(t.db, { name: 'Harbor Outfitters' })).id;
});

const post = (body: unknown) => as(t.app, admin, 'POST', '/api/admin/deals', body);
const put = (id: string, body: unknown) => as(t.app, admin, 'PUT', `/api/admin/deals/${id}`, body);
const patchStatus = (id: string, body: unknown) => as(t.app, admin, 'PATCH', `/api/admin/deals/${id}/status`, body);
const remove = (id: string) => as(t.app, admin, 'DELETE', `/api/admin/deals/${id}`);
const create = (overrides: Parameters<typeof dealForm>[1] = {}) => createDealViaApi(t.app, admin, shopId, overrides);

async function stored(id: string) {
  const [row] = await t.db.select().from(deals).where(eq(deals.id, id));
  return row && { ...row, unitsTaken: await unitsTakenOf(t.db, id) };
}

async function adminList(query: Record<string, string> = {}) {
  const res = await as(t.app, admin, 'GET', `/api/admin/deals?${new URLSearchParams(query)}`);
  expectStatus(res, 200);
  return { deals: adminDealList.parse(res.body), next: res.headers[NEXT_CURSOR_HEADER] as string | undefined };
}

const adminTitles = async (q: string) => (await adminList({ q, limit: String(DEAL_LIST_MAX_LIMIT) })).deals.map((d) => d.title);

const MINUTE = 60_000;
const base = new Date('2025-03-01T12:00:00.000Z').getTime();
const at = (minutesAgo: number) => new Date(base - minutesAgo * MINUTE);

const UNKNOWN_ID = '6f1c1e8e-2d7a-4c3b-9a55-0a4f1f2b9c11';

describe('who may call /api/admin/deals*', () => {
  it('finds the deal routes in the app route table', () => {
    const routes = routesUnder(t.app, '/api/admin/deals').map((r) => `${r.method} ${r.url}`);
    // New routes are covered by the loops below without being listed here.
    expect(routes).toEqual(expect.arrayContaining([
      'DELETE /api/admin/deals/:id',
      'GET /api/admin/deals',
      'PATCH /api/admin/deals/:id/status',
      'POST /api/admin/deals',
      'PUT /api/admin/deals/:id',
    ]));
  });

  it('answers 401 to guests and to a made-up session, before looking at the body', async () => {
    const deal = await buildDeal(t.db, { merchantId: shopId });
    for (const route of routesUnder(t.app, '/api/admin/deals')) {
      for (const body of [undefined, {}, dealForm(shopId)]) {
        const url = fillParams(route.url, deal.id);
        const guest = await call(t.app, route.method, url, body === undefined ? {} : { body });
        expect(guest.status, `${route.method} ${url} as a guest`).toBe(401);
        const forged = await call(t.app, route.method, url, { sessionId: 'x'.repeat(43), ...(body === undefined ? {} : { body }) });
        expect(forged.status, `${route.method} ${url} with a forged session`).toBe(401);
      }
    }
    expect(await stored(deal.id)).toBeDefined();
  });

  it("answers 403 to customers and merchants, even for their own merchant's deal and an empty body", async () => {
    const own = await buildDeal(t.db, { merchantId: callers.merchantId, status: 'draft', active: false });
    for (const route of routesUnder(t.app, '/api/admin/deals')) {
      for (const [role, session] of [
        ['customer', callers.customer],
        ['merchant', callers.merchant],
      ] as const) {
        for (const id of [own.id, UNKNOWN_ID, 'not-a-uuid']) {
          const url = fillParams(route.url, id);
          for (const body of [undefined, {}, dealForm(callers.merchantId), { status: 'published', active: true }]) {
            const res = await as(t.app, session, route.method, url, body);
            expect(res.status, `${route.method} ${url} as a ${role} with ${JSON.stringify(body)}`).toBe(403);
          }
        }
      }
    }
    expect(await stored(own.id)).toMatchObject({ status: 'draft', active: false, title: own.title });
    expect(await t.db.select().from(deals)).toHaveLength(1);
  });
});

describe('POST /api/admin/deals', () => {
  it('creates an inactive draft with every field of the form, hidden from shoppers', async () => {
    const res = await post(
      dealForm(shopId, {
        title: '  Sunset Kayak Tour ',
        validFrom: '2030-01-01T00:00:00.000Z',
        validUntil: '2030-06-30T18:00:00+02:00',
      }),
    );
    expectStatus(res, 201);
    const created = savedDealAnswer.parse(res.body);
    expect(created).toMatchObject({
      merchantId: shopId,
      merchantName: 'Harbor Outfitters',
      merchantStatus: 'active',
      title: 'Sunset Kayak Tour',
      priceCents: 1999,
      originalPriceCents: 2999,
      discountPercent: 33,
      description: '<p>Two hours on the bay.</p>',
      imageUrl: 'https://images.example.com/kayak.jpg',
      inventory: 50,
      maxPerUser: 2,
      remaining: 50,
      soldOut: false,
      validFrom: '2030-01-01T00:00:00.000Z',
      validUntil: '2030-06-30T16:00:00.000Z',
      redemptionInstructions: '<p>Show the code at the desk.</p>',
      termsConditions: '<p>One per visit.</p>',
      status: 'draft',
      active: false,
      boughtCount: 0,
      stripeProductId: null,
      stripePriceId: null,
      catalogSyncError: null,
    });
    expect(await shopperDeals(t.app)).toEqual([]);
    expect(await shopperDeal(t.app, created.id)).toBeNull();
    expect((await adminList()).deals.map((d) => d.id)).toEqual([created.id]);
  });

  it('takes the minimal form: merchant, title and price, with inventory 0 and maxPerUser 1 by default', async () => {
    const res = await post({ merchantId: shopId, title: 'Just a title', priceCents: 0 });
    expectStatus(res, 201);
    expect(savedDealAnswer.parse(res.body)).toMatchObject({
      priceCents: 0,
      originalPriceCents: null,
      discountPercent: null,
      inventory: 0,
      remaining: null,
      maxPerUser: 1,
      description: '',
      imageUrl: '',
      validFrom: null,
      validUntil: null,
      status: 'draft',
      active: false,
    });
  });

  it.each([
    ['merchantId missing', { merchantId: undefined }, /^merchantId: /],
    ['merchantId not a UUID', { merchantId: 'harbor' }, /^merchantId: /],
    ['title missing', { title: undefined }, 'title: is required'],
    ['title blank', { title: '   ' }, 'title: is required'],
    ['priceCents missing', { priceCents: undefined }, /^priceCents: /],
    ['priceCents negative', { priceCents: -1 }, 'priceCents: must not be negative'],
    ['priceCents fractional', { priceCents: 19.99 }, 'priceCents: must be a whole number of cents'],
    ['priceCents as text', { priceCents: '1999' }, /^priceCents: /],
    ['priceCents null', { priceCents: null }, /^priceCents: /],
    ['priceCents infinite-ish', { priceCents: 1e12 }, /^priceCents: /],
    ['priceCents of 1 cent, below what a card payment can be', { priceCents: 1 }, 'priceCents: must be $0.00 or at least $0.50'],
    ['priceCents of 49 cents, below what a card payment can be', { priceCents: 49 }, 'priceCents: must be $0.00 or at least $0.50'],
    ['originalPriceCents negative', { originalPriceCents: -100 }, /^originalPriceCents: /],
    ['originalPriceCents fractional', { originalPriceCents: 29.5 }, /^originalPriceCents: /],
    ['inventory negative', { inventory: -1 }, 'inventory: must not be negative'],
    ['inventory fractional', { inventory: 2.5 }, /^inventory: /],
    ['maxPerUser 0', { maxPerUser: 0 }, 'maxPerUser: must be at least 1'],
    ['maxPerUser negative', { maxPerUser: -3 }, /^maxPerUser: /],
    ['maxPerUser fractional', { maxPerUser: 1.5 }, /^maxPerUser: /],
    ['imageUrl javascript:', { imageUrl: 'javascript:alert(1)' }, 'imageUrl: must be a URL'],
    ['imageUrl data:', { imageUrl: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }, 'imageUrl: must be a URL'],
    ['imageUrl protocol-relative', { imageUrl: '//evil.example.com/x.png' }, 'imageUrl: must be a URL'],
    ['imageUrl ftp:', { imageUrl: 'ftp://files.example.com/x.png' }, 'imageUrl: must be a URL'],
    ['imageUrl bare word', { imageUrl: 'kayak.jpg' }, 'imageUrl: must be a URL'],
    ['imageUrl with a space', { imageUrl: 'https://example.com/a b.png' }, 'imageUrl: must be a URL'],
    ['validFrom not a date', { validFrom: 'next tuesday' }, /^validFrom: /],
    ['validUntil without an offset', { validUntil: '2030-01-01T10:00' }, /^validUntil: /],
    ['validUntil before validFrom', { validFrom: '2030-02-01T00:00:00Z', validUntil: '2030-01-31T23:59:59Z' }, 'validUntil: must not be before validFrom'],
    ['createStripeProduct as text', { createStripeProduct: 'yes' }, /^createStripeProduct: /],
  ])('refuses the form with %s (400 naming the field) and stores nothing', async (_why, overrides, message) => {
    expectError(await post(dealForm(shopId, overrides)), 400, message);
    expect(await t.db.select().from(deals)).toEqual([]);
  });

  it.each([
    ['an https URL', 'https://images.example.com/kayak.jpg?w=400'],
    ['an http URL', 'http://images.example.com/kayak.jpg'],
    ['a path on this site', '/images/demo/sushi.jpg'],
    ['the placeholder route', '/api/placeholder/400/300'],
    ['nothing', ''],
  ])('accepts %s as the image', async (_what, imageUrl) => {
    expect((await create({ imageUrl })).imageUrl).toBe(imageUrl);
  });

  it('accepts validity windows that are open on either side or a single instant', async () => {
    expect(await create({ validFrom: '2030-01-01T00:00:00Z', validUntil: null })).toMatchObject({ validFrom: '2030-01-01T00:00:00.000Z', validUntil: null });
    expect(await create({ validFrom: null, validUntil: '2030-01-01T00:00:00Z' })).toMatchObject({ validFrom: null, validUntil: '2030-01-01T00:00:00.000Z' });
    expect(await create({ validFrom: '2030-01-01T00:00:00Z', validUntil: '2030-01-01T00:00:00Z' })).toMatchObject({ validUntil: '2030-01-01T00:00:00.000Z' });
  });

  it('keeps a validity date in a year below 100 as typed, on the admin list and the shopper page alike', async () => {
    // A date picker lets a slip of the keyboard give year 0026; it must come back as 0026, not 1926.
    const created = await create({ validFrom: '0026-11-24T09:00:00Z', validUntil: '0099-12-31T23:59:59.999Z' });
    const expected = { validFrom: '0026-11-24T09:00:00.000Z', validUntil: '0099-12-31T23:59:59.999Z' };
    expect(created).toMatchObject(expected);
    const published = await patchStatus(created.id, { status: 'published', active: true });
    expectStatus(published, 200);
    expect(published.body).toMatchObject(expected);
    expect((await adminList()).deals.find((d) => d.id === created.id)).toMatchObject(expected);
    expect(await shopperDeal(t.app, created.id)).toMatchObject(expected);
  });

  it.each([
    ['inactive', 'merchantId: Only active merchants can be selected'],
    ['pending', 'merchantId: Only active merchants can be selected'],
  ] as const)('refuses a %s merchant', async (status, message) => {
    const m = await buildMerchant(t.db, { status });
    expectError(await post(dealForm(m.id)), 400, message);
    expect(await t.db.select().from(deals)).toEqual([]);
  });

  it('takes a free deal ($0) and the least the payment provider can charge, for the price and the group price', async () => {
    expect(await create({ priceCents: 0 })).toMatchObject({ priceCents: 0 });
    expect(await create({ priceCents: 50 })).toMatchObject({ priceCents: 50 });
    expect(await create({ priceCents: 51, groupSize: 2, groupPriceCents: 50 })).toMatchObject({ priceCents: 51, groupPriceCents: 50 });
  });

  it('words the refusal of a price the provider cannot charge in Chinese too', async () => {
    const body = dealForm(shopId, { priceCents: 49 });
    const chinese = await call(t.app, 'POST', '/api/admin/deals', { sessionId: admin.sessionId, body, headers: { 'accept-language': 'zh-CN' } });
    expectError(chinese, 400, 'priceCents: 必须是 US$0.00 或不小于 US$0.50');
    const group = dealForm(shopId, { priceCents: 3000, groupSize: 2, groupPriceCents: 10 });
    const groupChinese = await call(t.app, 'POST', '/api/admin/deals', { sessionId: admin.sessionId, body: group, headers: { 'accept-language': 'zh-CN' } });
    expectError(groupChinese, 400, 'groupPriceCents: 不能小于 US$0.50');
  });

  it('saves a group offer, which shoppers see on the deal', async () => {
    const created = await create({ priceCents: 3000, groupSize: 4, groupPriceCents: 2200, groupWindowHours: 48 });
    expect(created).toMatchObject({ groupSize: 4, groupPriceCents: 2200, groupWindowHours: 48 });
    expect(await stored(created.id)).toMatchObject({ groupSize: 4, groupPriceCents: 2200, groupWindowHours: 48 });
    const plain = await create({ priceCents: 3000 });
    expect(plain).toMatchObject({ groupSize: null, groupPriceCents: null, groupWindowHours: 24 });
  });

  it.each([
    [{ groupSize: 3 }, 'groupPriceCents: Give both the group size and the group price, or neither'],
    [{ groupPriceCents: 1000 }, 'groupPriceCents: Give both the group size and the group price, or neither'],
    [{ groupSize: 3, groupPriceCents: 3000 }, 'groupPriceCents: must be below the price'],
    [{ groupSize: 3, groupPriceCents: 49 }, 'groupPriceCents: must be at least $0.50'],
    [{ groupSize: 3, groupPriceCents: 1 }, 'groupPriceCents: must be at least $0.50'],
    [{ groupSize: 3, groupPriceCents: 0 }, 'groupPriceCents: must be at least $0.50'],
    [{ groupSize: 1, groupPriceCents: 1000 }, 'groupSize: must be at least 2'],
    [{ groupSize: 11, groupPriceCents: 1000 }, 'groupSize: must be at most 10'],
    [{ groupSize: 2, groupPriceCents: 1000, groupWindowHours: 169 }, 'groupWindowHours: must be at most 168'],
  ])('refuses the group offer %o', async (offer, message) => {
    expectError(await post(dealForm(shopId, { priceCents: 3000, ...offer })), 400, message);
    expect(await t.db.select().from(deals)).toEqual([]);
  });

  it('refuses a merchant that does not exist', async () => {
    expectError(await post(dealForm(UNKNOWN_ID)), 400, 'merchantId: No such merchant');
  });

  it('sanitises the HTML fields on the way in: scripts, event handlers and javascript: links are dropped', async () => {
    const hostile =
      '<p onclick="steal()">Fresh <strong>bread</strong></p><script>alert(1)</script><img src=x onerror="alert(2)">' +
      '<a href="javascript:alert(3)">click</a><a href="https://example.com/menu">menu</a><iframe src="https://evil.example"></iframe>';
    const created = await create({ description: hostile, redemptionInstructions: hostile, termsConditions: hostile });
    for (const field of ['description', 'redemptionInstructions', 'termsConditions'] as const) {
      const html = created[field];
      expect(html, field).toContain('<strong>bread</strong>');
      expect(html, field).toContain('href="https://example.com/menu"');
      for (const bad of ['<script', 'alert(1)', 'onerror', 'onclick', 'javascript:', '<img', '<iframe']) expect(html, `${field} keeps ${bad}`).not.toContain(bad);
    }
    const row = await stored(created.id);
    expect(row!.description).toBe(created.description);
    expect(row!.termsConditions).not.toContain('<script');
    expect((await call(t.app, 'GET', `/api/deals/${created.id}`, { sessionId: admin.sessionId })).body).toMatchObject({ description: created.description });
  });

  it('refuses a NUL character in a text field with 400 rather than failing with 500', async () => {
    // PostgreSQL text cannot hold U+0000; the API must say so instead of crashing on the insert.
    for (const field of ['title', 'description', 'imageUrl', 'redemptionInstructions', 'termsConditions'] as const) {
      const value = field === 'imageUrl' ? '/images/a\u0000b.jpg' : 'Fresh\u0000bread';
      const res = await post(dealForm(shopId, { [field]: value }));
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    expect(await t.db.select().from(deals)).toEqual([]);
  });

  it('ignores the fields a form cannot set: units taken, state, payment-provider ids, id, dates', async () => {
    const forcedId = '11111111-1111-4111-8111-111111111111';
    const created = await create({
      id: forcedId,
      unitsTaken: 40,
      active: true,
      status: 'published',
      stripeProductId: 'prod_attacker',
      stripePriceId: 'price_attacker',
      createdAt: '2000-01-01T00:00:00.000Z',
      boughtCount: 500,
      searchText: 'x',
    });
    expect(created).toMatchObject({ status: 'draft', active: false, stripeProductId: null, stripePriceId: null, boughtCount: 0, remaining: 50 });
    expect(created.id).not.toBe(forcedId);
    expect(new Date(created.createdAt).getFullYear()).toBeGreaterThan(2020);
    expect(await stored(created.id)).toMatchObject({ unitsTaken: 0, status: 'draft', active: false, stripeProductId: null });
    expect(await shopperDeals(t.app)).toEqual([]);
  });
});

describe('PATCH /api/admin/deals/{id}/status', () => {
  it('publishes ({published, true}): shoppers see it as Available', async () => {
    const created = await create();
    const published = await setStatusViaApi(t.app, admin, created.id, 'published', true);
    expect(published).toMatchObject({ status: 'published', active: true });
    expect((await shopperDeals(t.app)).map((d) => [d.id, d.active])).toEqual([[created.id, true]]);
    expect(await shopperDeal(t.app, created.id)).toMatchObject({ active: true, status: 'published' });
    expect(new Date(published.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
  });

  it('unpublishes ({draft, false}): shoppers no longer see it', async () => {
    const created = await create();
    await setStatusViaApi(t.app, admin, created.id, 'published', true);
    expect(await setStatusViaApi(t.app, admin, created.id, 'draft', false)).toMatchObject({ status: 'draft', active: false });
    expect(await shopperDeals(t.app)).toEqual([]);
    expect(await shopperDeal(t.app, created.id)).toBeNull();
  });

  it('pauses ({published, false}): shoppers still see it, as Unavailable', async () => {
    const created = await create();
    await setStatusViaApi(t.app, admin, created.id, 'published', false);
    expect((await shopperDeals(t.app)).map((d) => [d.id, d.active])).toEqual([[created.id, false]]);
    expect(await shopperDeal(t.app, created.id)).toMatchObject({ active: false, status: 'published' });
  });

  it.each([
    [{ status: 'draft', active: true }, 'active: only a published deal can be active'],
    [{ status: 'archived', active: true }, 'active: only a published deal can be active'],
    [{ status: 'live', active: true }, /^status: /],
    [{ status: 'published' }, /^active: /],
    [{ active: true }, /^status: /],
    [{ status: 'published', active: 'true' }, /^active: /],
    [{}, /^status: /],
  ])('refuses %j with 400 and leaves the deal as it was', async (body, message) => {
    const created = await create();
    expectError(await patchStatus(created.id, body), 400, message);
    expect(await stored(created.id)).toMatchObject({ status: 'draft', active: false });
  });

  it('answers 404 for an unknown deal', async () => {
    expectError(await patchStatus(UNKNOWN_ID, { status: 'published', active: true }), 404, 'Deal not found');
  });
});

describe('PUT /api/admin/deals/{id}', () => {
  it('saves every field of the edit form', async () => {
    const created = await create();
    const other = await buildMerchant(t.db, { name: 'Golden Noodle Bar' });
    const res = await put(
      created.id,
      dealForm(other.id, {
        title: 'Ramen for Two',
        priceCents: 2500,
        originalPriceCents: null,
        description: '<p>Rich broth.</p>',
        imageUrl: '/images/ramen.jpg',
        inventory: 0,
        maxPerUser: 4,
        validFrom: '2030-01-01T00:00:00Z',
        validUntil: '2030-12-31T00:00:00Z',
        redemptionInstructions: '<p>Ask for the chef.</p>',
        termsConditions: '<p>Dine-in only.</p>',
      }),
    );
    expectStatus(res, 200);
    const saved = savedDealAnswer.parse(res.body);
    expect(saved).toMatchObject({
      id: created.id,
      merchantId: other.id,
      merchantName: 'Golden Noodle Bar',
      title: 'Ramen for Two',
      priceCents: 2500,
      originalPriceCents: null,
      discountPercent: null,
      description: '<p>Rich broth.</p>',
      imageUrl: '/images/ramen.jpg',
      inventory: 0,
      remaining: null,
      maxPerUser: 4,
      validFrom: '2030-01-01T00:00:00.000Z',
      validUntil: '2030-12-31T00:00:00.000Z',
      redemptionInstructions: '<p>Ask for the chef.</p>',
      termsConditions: '<p>Dine-in only.</p>',
      status: 'draft',
      active: false,
      createdAt: created.createdAt,
      catalogSyncError: null,
    });
    expect((await adminList()).deals.find((d) => d.id === created.id)).toMatchObject({ title: 'Ramen for Two', priceCents: 2500 });
  });

  it('keeps the status when none is sent, and a status other than published makes the deal inactive', async () => {
    const created = await create();
    await setStatusViaApi(t.app, admin, created.id, 'published', true);
    const kept = savedDealAnswer.parse((await put(created.id, dealForm(shopId, { title: 'Renamed' }))).body);
    expect(kept).toMatchObject({ title: 'Renamed', status: 'published', active: true });
    expect((await shopperDeals(t.app)).map((d) => d.title)).toEqual(['Renamed']);

    const res = await put(created.id, dealForm(shopId, { status: 'archived' }));
    expectStatus(res, 200);
    expect(savedDealAnswer.parse(res.body)).toMatchObject({ status: 'archived', active: false });
    expect(await shopperDeals(t.app)).toEqual([]);
  });

  it('applies the same validation and sanitising as creation', async () => {
    const created = await create();
    expectError(await put(created.id, dealForm(shopId, { priceCents: -5 })), 400, 'priceCents: must not be negative');
    expectError(await put(created.id, dealForm(shopId, { priceCents: 1 })), 400, 'priceCents: must be $0.00 or at least $0.50');
    expectError(await put(created.id, dealForm(shopId, { priceCents: 49 })), 400, 'priceCents: must be $0.00 or at least $0.50');
    expectError(await put(created.id, dealForm(shopId, { groupSize: 2, groupPriceCents: 49 })), 400, 'groupPriceCents: must be at least $0.50');
    expectError(await put(created.id, dealForm(shopId, { imageUrl: 'javascript:alert(1)' })), 400, 'imageUrl: must be a URL');
    expectError(await put(created.id, dealForm(shopId, { title: '' })), 400, 'title: is required');
    expectError(await put(created.id, dealForm(shopId, { status: 'deleted' })), 400, /^status: /);
    expectError(
      await put(created.id, dealForm(shopId, { validFrom: '2030-02-01T00:00:00Z', validUntil: '2030-01-01T00:00:00Z' })),
      400,
      'validUntil: must not be before validFrom',
    );
    const res = await put(created.id, dealForm(shopId, { description: '<p>ok</p><script>alert(1)</script><b onmouseover="x()">b</b>' }));
    expectStatus(res, 200);
    expect(savedDealAnswer.parse(res.body).description).toBe('<p>ok</p><b>b</b>');
    expect(await stored(created.id)).toMatchObject({ priceCents: 1999, title: 'Sunset Kayak Tour' });
  });

  it('refuses to move a deal to an inactive or pending merchant, but keeps one whose merchant became inactive editable', async () => {
    const created = await create();
    for (const status of ['inactive', 'pending'] as const) {
      const m = await buildMerchant(t.db, { status });
      expectError(await put(created.id, dealForm(m.id)), 400, 'merchantId: Only active merchants can be selected');
    }
    expect((await stored(created.id))!.merchantId).toBe(shopId);

    await as(t.app, admin, 'PATCH', `/api/admin/merchants/${shopId}/status`, { status: 'inactive' });
    expectStatus(await put(created.id, dealForm(shopId, { title: 'Still editable' })), 200);
  });

  it('ignores units taken, payment-provider ids and dates in the body', async () => {
    const created = await create();
    const res = await put(
      created.id,
      dealForm(shopId, { unitsTaken: 49, stripeProductId: 'prod_x', stripePriceId: 'price_x', createdAt: '2000-01-01T00:00:00Z', id: UNKNOWN_ID }),
    );
    expectStatus(res, 200);
    expect(await stored(created.id)).toMatchObject({ unitsTaken: 0, stripeProductId: null, stripePriceId: null });
    expect(savedDealAnswer.parse(res.body)).toMatchObject({ id: created.id, createdAt: created.createdAt });
  });

  describe('inventory against units already sold or held', () => {
    it('answers 409 when the offer would drop below units taken, and accepts exactly that many or no limit', async () => {
      const created = await create({ inventory: 50 });
      await setUnitsTaken(t.db, created.id, 12);

      expectError(await put(created.id, dealForm(shopId, { inventory: 11 })), 409, 'inventory: cannot be lower than the 12 units already sold or held');
      expectError(await put(created.id, dealForm(shopId, { inventory: 1 })), 409, /^inventory: /);
      expect(await stored(created.id)).toMatchObject({ inventory: 50, unitsTaken: 12 });

      const exact = await put(created.id, dealForm(shopId, { inventory: 12 }));
      expectStatus(exact, 200);
      expect(savedDealAnswer.parse(exact.body)).toMatchObject({ inventory: 12, remaining: 0, soldOut: true });

      const unlimited = await put(created.id, dealForm(shopId, { inventory: 0 }));
      expectStatus(unlimited, 200);
      expect(savedDealAnswer.parse(unlimited.body)).toMatchObject({ inventory: 0, remaining: null, soldOut: false });
      expect((await stored(created.id))!.unitsTaken).toBe(12);
    });

    it('saves nothing else of a refused edit', async () => {
      const created = await create({ inventory: 20 });
      await setUnitsTaken(t.db, created.id, 5);
      expectStatus(await put(created.id, dealForm(shopId, { inventory: 4, title: 'Should not stick', priceCents: 50 })), 409);
      expect(await stored(created.id)).toMatchObject({ title: 'Sunset Kayak Tour', priceCents: 1999, inventory: 20 });
    });
  });

  it('answers 404 for an unknown deal and 400 for an id that is not a UUID', async () => {
    expectError(await put(UNKNOWN_ID, dealForm(shopId)), 404, 'Deal not found');
    expectError(await put('123', dealForm(shopId)), 400, /^id: /);
  });
});

describe('DELETE /api/admin/deals/{id}', () => {
  it('deletes a deal nobody ordered, along with its favourites', async () => {
    const created = await create();
    await setStatusViaApi(t.app, admin, created.id, 'published', true);
    const fav = await as(t.app, callers.customer, 'POST', '/api/favorites', { dealId: created.id });
    expectStatus(fav, 200);

    const res = await remove(created.id);
    expectStatus(res, 200);
    expect(res.body).toEqual({ message: 'Deal deleted' });
    expect(await stored(created.id)).toBeUndefined();
    expect(await shopperDeals(t.app)).toEqual([]);
    expect((await as(t.app, callers.customer, 'GET', '/api/favorites')).body).toEqual([]);

    expectError(await remove(created.id), 404, 'Deal not found');
  });

  it('answers 409 for a deal in an order (no voucher yet), and keeps it', async () => {
    const created = await create();
    const buyer = await buildCustomer(t.db);
    const { order } = await buildPaidOrder(t.db, { userId: buyer.id, dealId: created.id });
    expectError(await remove(created.id), 409, 'This deal has orders or vouchers, so it cannot be deleted; archive it instead');
    expect(await stored(created.id)).toBeDefined();
    expect(await t.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.dealId, created.id))).toHaveLength(1);
  });

  it('answers 409 for a deal with vouchers; archiving then hides it from shoppers while its vouchers stay valid', async () => {
    const created = await create();
    await setStatusViaApi(t.app, admin, created.id, 'published', true);
    const buyer = await buildCustomer(t.db);
    const { vouchers: issued } = await buildVouchers(t.db, { userId: buyer.id, dealId: created.id, count: 2 });

    expectError(await remove(created.id), 409, /archive it instead/);

    const archived = await setStatusViaApi(t.app, admin, created.id, 'archived', false);
    expect(archived).toMatchObject({ status: 'archived', active: false, boughtCount: 2 });
    expect(await shopperDeals(t.app)).toEqual([]);
    expect(await shopperDeal(t.app, created.id)).toBeNull();
    expect((await call(t.app, 'GET', `/api/deals?q=${encodeURIComponent('Sunset')}`)).body).toEqual([]);

    expect(await t.db.select().from(vouchers).where(eq(vouchers.dealId, created.id))).toHaveLength(2);
    const buyerSession = await loginAs(t, buyer);
    const mine = voucherList.parse((await as(t.app, buyerSession, 'GET', '/api/user/vouchers')).body);
    expect(mine.map((v) => v.voucherCode).sort()).toEqual(issued.map((v) => v.code).sort());
    expect(mine.every((v) => v.dealTitle === 'Sunset Kayak Tour' && !v.redeemed)).toBe(true);

    // Still listed for the admin, and still not deletable.
    expect((await adminList()).deals.find((d) => d.id === created.id)).toMatchObject({ status: 'archived' });
    expectStatus(await remove(created.id), 409);
  });

  it('answers 404 for an unknown deal and 400 for an id that is not a UUID', async () => {
    expectError(await remove(UNKNOWN_ID), 404, 'Deal not found');
    expectError(await remove('nope'), 400, /^id: /);
  });
});

describe('GET /api/admin/deals', () => {
  it('lists every deal newest first, drafts, archived and inactive merchants included, with payment-provider ids', async () => {
    const sleepy = await buildMerchant(t.db, { name: 'Sleepy Spa', status: 'inactive' });
    const published = await buildDeal(t.db, { merchantId: shopId, createdAt: at(1), stripeProductId: 'prod_1', stripePriceId: 'price_1' });
    const draft = await buildDeal(t.db, { merchantId: shopId, status: 'draft', active: false, createdAt: at(2) });
    const archived = await buildDeal(t.db, { merchantId: shopId, status: 'archived', active: false, createdAt: at(3) });
    const paused = await buildDeal(t.db, { merchantId: shopId, active: false, createdAt: at(4) });
    const ofInactive = await buildDeal(t.db, { merchantId: sleepy.id, createdAt: at(5) });

    const { deals: list, next } = await adminList();
    expect(list.map((d) => d.id)).toEqual([published.id, draft.id, archived.id, paused.id, ofInactive.id]);
    expect(list[0]).toMatchObject({ stripeProductId: 'prod_1', stripePriceId: 'price_1', merchantStatus: 'active' });
    expect(list[1]).toMatchObject({ status: 'draft', stripeProductId: null });
    expect(list[4]).toMatchObject({ merchantName: 'Sleepy Spa', merchantStatus: 'inactive' });
    expect(next).toBeUndefined();
    expect(list.every((d) => typeof d.updatedAt === 'string')).toBe(true);
  });

  it('pages with limit and cursor through every deal exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const status = (['published', 'draft', 'archived'] as const)[i % 3];
      // Two deals share each creation time, so the id breaks the tie.
      ids.push((await buildDeal(t.db, { merchantId: shopId, status, active: false, createdAt: at(Math.floor(i / 2)) })).id);
    }
    const all = (await adminList({ limit: '100' })).deals.map((d) => d.id);
    expect(all.sort()).toEqual([...ids].sort());

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await adminList({ limit: '3', ...(cursor ? { cursor } : {}) });
      expect(page.deals.length).toBeLessThanOrEqual(3);
      seen.push(...page.deals.map((d) => d.id));
      cursor = page.next;
      pages++;
      expect(pages).toBeLessThan(10);
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual((await adminList({ limit: '100' })).deals.map((d) => d.id));
    expect(new Set(seen).size).toBe(7);
  });

  it.each([
    ['limit=0', /^limit: /],
    [`limit=${DEAL_LIST_MAX_LIMIT + 1}`, /^limit: /],
    ['limit=abc', /^limit: /],
    ['cursor=garbage', 'cursor: is invalid'],
    [`cursor=${Buffer.from('yesterday|not-an-id').toString('base64url')}`, 'cursor: is invalid'],
    [`cursor=${'A'.repeat(201)}`, /^cursor: /],
    [`q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`, /^q: /],
  ])('refuses %s with 400 naming the parameter', async (query, message) => {
    expectError(await as(t.app, admin, 'GET', `/api/admin/deals?${query}`), 400, message);
  });

  describe('search (q)', () => {
    beforeEach(async () => {
      const noodle = await buildMerchant(t.db, { name: 'Golden Noodle Bar', status: 'pending' });
      const rows: [string, string, string, 'published' | 'draft' | 'archived'][] = [
        [shopId, 'Sunset Kayak Tour', '<p>Two hours on the bay.</p>', 'published'],
        [shopId, 'Paddle Board Lesson', '<p>Smells of <em>lavender</em>.</p>', 'draft'],
        [noodle.id, 'Ramen for Two', '<p>Rich broth.</p>', 'archived'],
        [shopId, '50% off pizza', '<p>Any large pizza.</p>', 'draft'],
        [shopId, 'snake_case tacos', '<p>Tacos.</p>', 'published'],
        [shopId, "O'Brien's Pub Night", '<p>Pints.</p>', 'draft'],
        [shopId, 'C:\\Temp walking tour', '<p>Backslash city.</p>', 'draft'],
        [shopId, 'Crème brûlée class', '<p>Torch included.</p>', 'published'],
        [shopId, '🍣 Sushi night', '<p>Fish.</p>', 'draft'],
      ];
      for (const [i, [merchantId, title, description, status]] of rows.entries()) {
        await buildDeal(t.db, { merchantId, title, description, status, active: status === 'published', createdAt: at(i) });
      }
    });

    it('matches title, description and merchant name in every state, ignoring case', async () => {
      expect(await adminTitles('KAYAK')).toEqual(['Sunset Kayak Tour']);
      expect(await adminTitles('lavender')).toEqual(['Paddle Board Lesson']);
      expect(await adminTitles('golden NOODLE')).toEqual(['Ramen for Two']);
      expect(await adminTitles('brûlée')).toEqual(['Crème brûlée class']);
      expect(await adminTitles('🍣')).toEqual(['🍣 Sushi night']);
      expect(await adminTitles('  kayak ')).toEqual(['Sunset Kayak Tour']);
      expect(await adminTitles('em')).not.toContain('Paddle Board Lesson');
    });

    it('treats wildcards, quotes, backslashes and SQL as plain text', async () => {
      expect(await adminTitles('%')).toEqual(['50% off pizza']);
      expect(await adminTitles('_')).toEqual(['snake_case tacos']);
      expect(await adminTitles("O'Brien")).toEqual(["O'Brien's Pub Night"]);
      expect(await adminTitles('C:\\Temp')).toEqual(['C:\\Temp walking tour']);
      expect(await adminTitles('\\')).toEqual(['C:\\Temp walking tour']);
      expect(await adminTitles('%%')).toEqual([]);
      expect(await adminTitles('_a')).toEqual([]);
      expect(await adminTitles("' OR '1'='1")).toEqual([]);
      expect(await adminTitles("'; delete from deals; --")).toEqual([]);
      expect(await adminTitles('") or true --')).toEqual([]);
      expect(await adminTitles('$1')).toEqual([]);
      expect(await t.db.select().from(deals)).toHaveLength(9);
    });

    it('answers a NUL character or lone surrogates in q without a server error', async () => {
      for (const q of ['a%00b', '%00', '%ED%A0%80', '%FF%FE']) {
        const res = await as(t.app, admin, 'GET', `/api/admin/deals?q=${q}`);
        expect(res.status, `q=${q}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }
    });

    it('pages through search results', async () => {
      const all = (await adminList({ q: 'a', limit: '100' })).deals.map((d) => d.id);
      expect(all.length).toBeGreaterThan(3);
      const first = await adminList({ q: 'a', limit: '2' });
      expect(first.next).toBeTypeOf('string');
      const second = await adminList({ q: 'a', limit: '2', cursor: first.next! });
      expect([...first.deals, ...second.deals].map((d) => d.id)).toEqual(all.slice(0, 4));
    });
  });
});

/** A provider whose catalogue sync can be switched to fail; everything else is the built-in test provider. */
class FlakyCatalogProvider extends TestPaymentProvider {
  failing = true;
  attempts: CatalogItem[] = [];

  override async syncCatalogItem(item: CatalogItem): Promise<CatalogIds> {
    this.attempts.push(item);
    if (this.failing) throw new Error('Stripe is unreachable (ECONNREFUSED)');
    return super.syncCatalogItem(item);
  }
}

describe('catalogue sync with the payment provider', () => {
  it('with the built-in test provider, stores the product and price ids when asked to', async () => {
    const created = await create({ createStripeProduct: true, priceCents: 1999 });
    expect(created).toMatchObject({
      stripeProductId: `test_prod_${created.id}`,
      stripePriceId: `test_price_${created.id}_1999`,
      catalogSyncError: null,
    });
    expect(await stored(created.id)).toMatchObject({ stripeProductId: `test_prod_${created.id}`, stripePriceId: `test_price_${created.id}_1999` });
    expect((await adminList()).deals[0]).toMatchObject({ stripePriceId: `test_price_${created.id}_1999` });

    const repriced = savedDealAnswer.parse((await put(created.id, dealForm(shopId, { priceCents: 2499, createStripeProduct: true }))).body);
    expect(repriced).toMatchObject({ stripeProductId: `test_prod_${created.id}`, stripePriceId: `test_price_${created.id}_2499`, catalogSyncError: null });
  });

  it('syncs nothing when not asked to, on create or edit, and keeps ids from an earlier sync', async () => {
    const plain = await create({ createStripeProduct: false });
    expect(plain).toMatchObject({ stripeProductId: null, stripePriceId: null, catalogSyncError: null });
    const omitted = await create({ createStripeProduct: undefined });
    expect(omitted).toMatchObject({ stripeProductId: null, stripePriceId: null });

    const synced = await create({ createStripeProduct: true });
    const edited = savedDealAnswer.parse((await put(synced.id, dealForm(shopId, { priceCents: 5000, createStripeProduct: false }))).body);
    expect(edited).toMatchObject({ priceCents: 5000, stripeProductId: `test_prod_${synced.id}`, stripePriceId: `test_price_${synced.id}_1999` });
  });

  describe('when the provider fails', () => {
    let flaky: TestApp;
    let provider: FlakyCatalogProvider;
    let flakyAdmin: TestSession;
    let flakyShop: string;

    beforeAll(async () => {
      provider = new FlakyCatalogProvider('whsec_test_flaky', 'http://127.0.0.1');
      flaky = await createTestApp({ deps: { payments: provider } });
    });
    afterAll(async () => {
      await flaky?.close();
    });
    beforeEach(async () => {
      await resetDatabase(flaky.database);
      provider.failing = true;
      provider.attempts = [];
      flakyAdmin = await signInSuperadmin(flaky);
      flakyShop = (await buildMerchant(flaky.db)).id;
    });

    it('still saves a new deal and says why the sync failed', async () => {
      const res = await as(flaky.app, flakyAdmin, 'POST', '/api/admin/deals', dealForm(flakyShop, { createStripeProduct: true, title: 'Saved anyway' }));
      expectStatus(res, 201);
      const created = savedDealAnswer.parse(res.body);
      expect(created).toMatchObject({ title: 'Saved anyway', status: 'draft', stripeProductId: null, stripePriceId: null });
      expect(created.catalogSyncError).toContain('Stripe is unreachable (ECONNREFUSED)');
      expect(provider.attempts).toEqual([{ dealId: created.id, title: 'Saved anyway', priceCents: 1999, productId: null, priceId: null }]);
      const [row] = await flaky.db.select().from(deals).where(eq(deals.id, created.id));
      expect(row).toMatchObject({ title: 'Saved anyway', stripeProductId: null });
    });

    it('still saves an edit, keeps the ids of the last good sync, and hands them to the next attempt', async () => {
      provider.failing = false;
      const first = savedDealAnswer.parse(
        (await as(flaky.app, flakyAdmin, 'POST', '/api/admin/deals', dealForm(flakyShop, { createStripeProduct: true }))).body,
      );
      expect(first.catalogSyncError).toBeNull();

      provider.failing = true;
      const res = await as(flaky.app, flakyAdmin, 'PUT', `/api/admin/deals/${first.id}`, dealForm(flakyShop, { priceCents: 2999, createStripeProduct: true }));
      expectStatus(res, 200);
      const edited = savedDealAnswer.parse(res.body);
      expect(edited).toMatchObject({ priceCents: 2999, stripeProductId: first.stripeProductId, stripePriceId: first.stripePriceId });
      expect(edited.catalogSyncError).toContain('ECONNREFUSED');
      expect(provider.attempts.at(-1)).toEqual({
        dealId: first.id,
        title: first.title,
        priceCents: 2999,
        productId: first.stripeProductId,
        priceId: first.stripePriceId,
      });

      provider.failing = false;
      const retried = savedDealAnswer.parse(
        (await as(flaky.app, flakyAdmin, 'PUT', `/api/admin/deals/${first.id}`, dealForm(flakyShop, { priceCents: 2999, createStripeProduct: true }))).body,
      );
      expect(retried).toMatchObject({ stripePriceId: `test_price_${first.id}_2999`, catalogSyncError: null });
    });

    it('does not call the provider when the save itself is refused', async () => {
      const res = await as(flaky.app, flakyAdmin, 'POST', '/api/admin/deals', dealForm(flakyShop, { createStripeProduct: true, priceCents: -1 }));
      expectStatus(res, 400);
      const inactive = await buildMerchant(flaky.db, { status: 'inactive' });
      expectStatus(await as(flaky.app, flakyAdmin, 'POST', '/api/admin/deals', dealForm(inactive.id, { createStripeProduct: true })), 400);
      expect(provider.attempts).toEqual([]);
      expect((await flaky.db.execute(sql`select count(*)::int as n from deals`)) as unknown as { rows: { n: number }[] }).toMatchObject({ rows: [{ n: 0 }] });
    });
  });
});
