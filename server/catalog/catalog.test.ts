import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dealList, deal as dealSchema, NEXT_CURSOR_HEADER, reviewSummary, type Deal } from '../../contract/deals';
import { merchant as merchantSchema, merchantSummaryList } from '../../contract/merchants';
import { DEAL_LIST_DEFAULT_LIMIT, SEARCH_QUERY_MAX_LENGTH } from '../../contract/constants';
import { buildCustomer, buildDeal, buildMerchant, buildReview } from '../db/factories';
import { deals } from '../db/schema';
import { useTestApp } from '../test/app';

import { buildVouchers } from '../test/fixtures';

const t = useTestApp();

const MINUTE = 60_000;
const base = new Date('2025-03-01T12:00:00.000Z').getTime();
const at = (minutesAgo: number) => new Date(base - minutesAgo * MINUTE);

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, body: res.json() as unknown };
}

async function listDeals(query: Record<string, string> = {}) {
  const res = await get(`/api/deals?${new URLSearchParams(query)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { deals: dealList.parse(res.body), next: res.headers[NEXT_CURSOR_HEADER] as string | undefined };
}

async function titles(q: string): Promise<string[]> {
  return (await listDeals({ q })).deals.map((d) => d.title);
}

/** Follows x-next-cursor until it stops; fails on a runaway loop. */
async function walk(query: Record<string, string>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await listDeals({ ...query, ...(cursor ? { cursor } : {}) });
    ids.push(...page.deals.map((d) => d.id));
    cursor = page.next;
    pages++;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { ids, pages };
}

describe('GET /api/deals', () => {
  it('lists published deals of active merchants only, newest first, available or not', async () => {
    const shop = await buildMerchant(t.db);
    const older = await buildDeal(t.db, { merchantId: shop.id, title: 'Older', createdAt: at(30) });
    const newest = await buildDeal(t.db, { merchantId: shop.id, title: 'Newest', createdAt: at(10) });
    const unavailable = await buildDeal(t.db, { merchantId: shop.id, title: 'Paused', active: false, createdAt: at(20) });
    await buildDeal(t.db, { merchantId: shop.id, title: 'Draft', status: 'draft', createdAt: at(1) });
    await buildDeal(t.db, { merchantId: shop.id, title: 'Archived', status: 'archived', createdAt: at(2) });
    const inactive = await buildMerchant(t.db, { status: 'inactive' });
    await buildDeal(t.db, { merchantId: inactive.id, title: 'Of inactive', createdAt: at(3) });
    const pending = await buildMerchant(t.db, { status: 'pending' });
    await buildDeal(t.db, { merchantId: pending.id, title: 'Of pending', createdAt: at(4) });

    const { deals: list, next } = await listDeals();
    expect(list.map((d) => d.id)).toEqual([newest.id, unavailable.id, older.id]);
    expect(list.map((d) => d.status)).toEqual(['published', 'published', 'published']);
    expect(list[1]!.active).toBe(false);
    expect(list[0]!.merchantName).toBe(shop.name);
    expect(next).toBeUndefined();
  });

  it('answers an empty array on an empty catalogue', async () => {
    expect((await listDeals()).deals).toEqual([]);
  });

  it('sends each deal with exactly the fields of the response schema, in its order', async () => {
    const shop = await buildMerchant(t.db);
    await buildDeal(t.db, { merchantId: shop.id, inventory: 10, unitsTaken: 3, validFrom: at(60), validUntil: new Date(base + 60 * MINUTE), createdAt: at(2) });
    await buildDeal(t.db, { merchantId: shop.id, originalPriceCents: null, createdAt: at(1) });
    for (const url of ['/api/deals', '/api/deals?limit=1', '/api/deals?q=deal']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(dealList.parse(res.json())));
    }
    const { deals: list } = await listDeals();
    expect(list.map((d) => d.remaining)).toEqual([null, 7]);
  });

  it(`returns ${DEAL_LIST_DEFAULT_LIMIT} deals by default`, async () => {
    const shop = await buildMerchant(t.db);
    for (let i = 0; i < DEAL_LIST_DEFAULT_LIMIT + 1; i++) await buildDeal(t.db, { merchantId: shop.id, createdAt: at(i) });
    const page = await listDeals();
    expect(page.deals).toHaveLength(DEAL_LIST_DEFAULT_LIMIT);
    expect(page.next).toBeTypeOf('string');
  });

  describe('search (q)', () => {
    beforeEach(async () => {
      const harbor = await buildMerchant(t.db, { name: 'Harbor Outfitters' });
      const noodle = await buildMerchant(t.db, { name: 'Golden Noodle Bar' });
      const hidden = await buildMerchant(t.db, { name: 'Hidden Kayak Co', status: 'inactive' });
      const rows: [string, string, string][] = [
        [harbor.id, 'Sunset Kayak Tour', '<p>Two hours on the bay.</p>'],
        [harbor.id, 'Paddle Board Lesson', '<p>Smells of <em>lavender</em> and sea salt.</p>'],
        [noodle.id, 'Ramen for Two', '<p>Rich broth.</p>'],
        [harbor.id, '50% off pizza', '<p>Any large pizza.</p>'],
        [harbor.id, 'snake_case tacos', '<p>Tacos.</p>'],
        [harbor.id, "O'Brien's Pub Night", '<p>Pints.</p>'],
        [harbor.id, 'C:\\Temp walking tour', '<p>Backslash city.</p>'],
        [harbor.id, 'Crème brûlée class', '<p>Torch included.</p>'],
        [harbor.id, '🍣 Sushi night', '<p>Fish.</p>'],
        [harbor.id, 'Bakery box', '<p>Fresh <strong>sourdough</strong> bread &amp; jam</p>'],
        [hidden.id, 'Secret Kayak Trip', '<p>Nobody sees this.</p>'],
      ];
      for (const [i, [merchantId, title, description]] of rows.entries()) {
        await buildDeal(t.db, { merchantId, title, description, createdAt: at(i) });
      }
      await buildDeal(t.db, { merchantId: harbor.id, title: 'Draft Kayak', status: 'draft', createdAt: at(50) });
    });

    it('matches the title, the description and the merchant name, ignoring case', async () => {
      expect(await titles('KAYAK')).toEqual(['Sunset Kayak Tour']);
      expect(await titles('LaVeNdEr')).toEqual(['Paddle Board Lesson']);
      expect(await titles('golden noodle')).toEqual(['Ramen for Two']);
      expect(await titles('  kayak  ')).toEqual(['Sunset Kayak Tour']);
      expect(await titles('no such thing')).toEqual([]);
    });

    it('does not match the HTML markup around descriptions', async () => {
      expect(await titles('strong')).toEqual([]);
      expect(await titles('<p>')).toEqual([]);
      expect(await titles('sourdough')).toEqual(['Bakery box']);
    });

    it('matches the text a shopper reads across formatting and escaped characters', async () => {
      // The description reads "Fresh sourdough bread & jam"; it is stored as sanitised HTML.
      expect(await titles('fresh sourdough bread'), 'a phrase spanning <strong>').toEqual(['Bakery box']);
      expect(await titles('bread & jam'), 'an & stored as &amp;').toEqual(['Bakery box']);
    });

    it('treats LIKE wildcards, quotes and backslashes as plain characters', async () => {
      expect(await titles('%')).toEqual(['50% off pizza']);
      expect(await titles('_')).toEqual(['snake_case tacos']);
      expect(await titles('%_%')).toEqual([]);
      expect(await titles("' or 1=1 --")).toEqual([]);
      expect(await titles("O'Brien")).toEqual(["O'Brien's Pub Night"]);
      expect(await titles('\\')).toEqual(['C:\\Temp walking tour']);
      expect(await titles('C:\\T')).toEqual(['C:\\Temp walking tour']);
      expect(await titles('\\%')).toEqual([]);
      expect(await titles('\\\\')).toEqual([]);
    });

    it('matches unicode text, folding its case', async () => {
      expect(await titles('CRÈME BRÛLÉE')).toEqual(['Crème brûlée class']);
      expect(await titles('🍣')).toEqual(['🍣 Sushi night']);
      expect(await titles('ÿ€😀')).toEqual([]);
    });

    it(`accepts ${SEARCH_QUERY_MAX_LENGTH} characters and refuses more with a message naming q`, async () => {
      expect(await titles('a'.repeat(SEARCH_QUERY_MAX_LENGTH))).toEqual([]);
      const res = await get(`/api/deals?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expect.stringContaining('q') });
    });

    it('answers a NUL character in q like any other text, not with a server error', async () => {
      // PostgreSQL cannot hold U+0000 in text, so it must be refused (400) or matched as nothing (200 []).
      const res = await get('/api/deals?q=a%00b');
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    });

    it('pages through search results too', async () => {
      const all = (await listDeals({ q: 'a', limit: '100' })).deals.map((d) => d.id);
      expect(all.length).toBeGreaterThan(3);
      expect((await walk({ q: 'a', limit: '2' })).ids).toEqual(all);
    });
  });

  describe('limit', () => {
    it.each([
      ['0', 'at least 1'],
      ['101', 'at most 100'],
      ['-1', 'at least 1'],
      ['1.5', 'whole number'],
      ['abc', 'number'],
    ])('refuses limit=%s with a message naming the field', async (limit, why) => {
      const res = await get(`/api/deals?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expect.stringContaining('limit') });
      expect((res.body as { message: string }).message).toContain(why);
    });

    it('accepts 1 and 100', async () => {
      const shop = await buildMerchant(t.db);
      await buildDeal(t.db, { merchantId: shop.id, createdAt: at(1) });
      await buildDeal(t.db, { merchantId: shop.id, createdAt: at(2) });
      expect((await listDeals({ limit: '1' })).deals).toHaveLength(1);
      expect((await listDeals({ limit: '100' })).deals).toHaveLength(2);
    });
  });

  describe('cursor pagination', () => {
    it('walks every deal exactly once, ties on createdAt included, and stops', async () => {
      const shop = await buildMerchant(t.db);
      const created: Deal['id'][] = [];
      for (let i = 0; i < 4; i++) created.push((await buildDeal(t.db, { merchantId: shop.id, createdAt: at(i) })).id);
      // Five deals created in the same instant: only the id can order them.
      for (let i = 0; i < 5; i++) created.push((await buildDeal(t.db, { merchantId: shop.id, createdAt: at(10) })).id);
      for (let i = 0; i < 3; i++) created.push((await buildDeal(t.db, { merchantId: shop.id, createdAt: at(20 + i) })).id);

      const all = (await listDeals({ limit: '100' })).deals.map((d) => d.id);
      expect(new Set(all)).toEqual(new Set(created));

      for (const size of [1, 2, 3, 5, 12]) {
        const { ids, pages } = await walk({ limit: String(size) });
        expect(ids, `page size ${size}`).toEqual(all);
        expect(new Set(ids).size).toBe(ids.length);
        expect(pages).toBe(Math.ceil(created.length / size));
      }
    });

    it('orders ties by id, newest first overall', async () => {
      const shop = await buildMerchant(t.db);
      const same = at(5);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push((await buildDeal(t.db, { merchantId: shop.id, createdAt: same })).id);
      const listed = (await listDeals()).deals.map((d) => d.id);
      expect(listed).toEqual([...ids].sort().reverse());
    });

    it('loses no deal created within the same millisecond as a page boundary', async () => {
      const shop = await buildMerchant(t.db);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push((await buildDeal(t.db, { merchantId: shop.id })).id);
      // PostgreSQL keeps microseconds; give each deal its own microsecond inside one millisecond.
      for (const [i, id] of ids.entries()) {
        await t.db
          .update(deals)
          .set({ createdAt: sql`${`2025-03-01T12:00:00.123${String(100 + i * 100).padStart(3, '0')}Z`}::timestamptz` })
          .where(eq(deals.id, id));
      }
      const all = (await listDeals({ limit: '100' })).deals.map((d) => d.id);
      expect(all).toEqual([...ids].reverse());
      expect((await walk({ limit: '2' })).ids).toEqual(all);
    });

    it('sends no cursor when the last page is exactly full', async () => {
      const shop = await buildMerchant(t.db);
      for (let i = 0; i < 4; i++) await buildDeal(t.db, { merchantId: shop.id, createdAt: at(i) });
      const first = await listDeals({ limit: '2' });
      expect(first.next).toBeTypeOf('string');
      const second = await listDeals({ limit: '2', cursor: first.next! });
      expect(second.deals).toHaveLength(2);
      expect(second.next).toBeUndefined();
    });

    const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    const zeroUuid = '00000000-0000-0000-0000-000000000000';
    it.each([
      ['plain garbage', 'garbage!!'],
      ['base64 without a separator', encode('hello world')],
      ['a bad date', encode(`not-a-date|${zeroUuid}`)],
      ['a bad id', encode('2025-03-01T12:00:00.000Z|xyz')],
      ['an id that only looks like a UUID', encode(`2025-03-01T12:00:00.000Z|${'-'.repeat(36)}`)],
      ['a year PostgreSQL cannot store', encode(`+275760-09-13T00:00:00.000Z|${zeroUuid}`)],
      ['year zero', encode(`0000-01-01T00:00:00.000Z|${zeroUuid}`)],
      ['a value over 200 characters', 'a'.repeat(201)],
    ])('refuses a cursor with %s as 400', async (_name, cursor) => {
      const res = await get(`/api/deals?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toEqual({ message: expect.stringContaining('cursor') });
    });
  });

  describe("the list's JSON", () => {
    it('is what JSON.stringify writes of the deal the detail route answers, field for field and byte for byte', async () => {
      const shop = await buildMerchant(t.db, { name: 'Café "Zoë" \\ Søn 🍜' });
      const strange = [
        'Quotes " and \\ backslash / slash',
        'Line\nbreak, tab\t, return\r, bell \u0007, escape \u001b, delete \u007f',
        'Separators \u2028 and \u2029, emoji 😀, accents ÅÉÎ, CJK 寿司',
        '<script>alert("x")</script> &amp; &lt;',
      ];
      // Prices whose discount falls on or next to a half, where float and decimal rounding differ (a
      // price is free or at least 50 cents, so the small ratios are scaled up to it).
      const prices: [number, number | null][] = [
        [70, 80], [100, 800], [100, 300], [200, 300], [333, 999], [1999, 2999], [50, 10000], [199, 200], [0, 2500],
        [1000, 1000], [1001, 1000], [1000, null], [50, 0], [4999, 10000], [5001, 10000], [12345, 67890],
      ];
      let n = 0;
      for (const title of strange) {
        await buildDeal(t.db, { merchantId: shop.id, title, description: `<p>${title}</p>`, termsConditions: title, createdAt: at(n++) });
      }
      for (const [priceCents, originalPriceCents] of prices) {
        const inventory = n % 3 === 0 ? 0 : 5; // unlimited, or five units of which up to all are taken
        await buildDeal(t.db, { merchantId: shop.id, priceCents, originalPriceCents, inventory, unitsTaken: Math.min(inventory, n % 7), createdAt: at(n++) });
      }
      const timed = await buildDeal(t.db, {
        merchantId: shop.id,
        // A year below 100, which Date's own parser of PostgreSQL's text would have read as 19xx.
        validFrom: new Date('0050-06-01T08:30:00.123Z'),
        validUntil: new Date('9999-12-31T23:59:59.999Z'),
      });
      // Microseconds, which the API's times truncate to milliseconds.
      await t.db.update(deals).set({ createdAt: sql`'2025-02-28T23:59:59.999567Z'::timestamptz` }).where(eq(deals.id, timed.id));
      // A year JavaScript writes with six digits, reachable only by a direct write.
      const farOff = await buildDeal(t.db, { merchantId: shop.id, createdAt: at(n++) });
      await t.db.update(deals).set({ validUntil: sql`'12000-01-01T00:00:00Z'::timestamptz` }).where(eq(deals.id, farOff.id));

      const res = await t.app.inject({ method: 'GET', url: '/api/deals?limit=100' });
      expect(res.statusCode).toBe(200);
      const listed = dealList.parse(JSON.parse(res.payload));
      expect(listed).toHaveLength(strange.length + prices.length + 2);
      expect(res.payload).toBe(JSON.stringify(JSON.parse(res.payload)));
      for (const d of listed) expect(Object.keys(d)).toEqual(Object.keys(dealSchema.shape));

      const details = await Promise.all(listed.map(async (d) => dealSchema.parse((await get(`/api/deals/${d.id}`)).body)));
      expect(res.payload).toBe(JSON.stringify(details));
      const byId = new Map(listed.map((d) => [d.id, d]));
      expect(byId.get(farOff.id)!.validUntil).toBe('+012000-01-01T00:00:00.000Z');
      expect(byId.get(timed.id)).toMatchObject({
        validFrom: '0050-06-01T08:30:00.123Z',
        validUntil: '9999-12-31T23:59:59.999Z',
        createdAt: '2025-02-28T23:59:59.999Z',
      });
    });
  });

  it('writes the years before 1 AD as Date#toISOString does', async () => {
    const shop = await buildMerchant(t.db);
    const d = await buildDeal(t.db, { merchantId: shop.id });
    await t.db
      .update(deals)
      .set({ validFrom: sql`'0002-06-15T12:00:00.5009Z BC'::timestamptz`, validUntil: sql`'0001-12-31T00:00:00Z BC'::timestamptz` })
      .where(eq(deals.id, d.id));
    const jsTime = (year: number, month: number, day: number, hours: number, ms: number) => {
      const time = new Date(0);
      time.setUTCFullYear(year, month, day);
      time.setUTCHours(hours, 0, 0, ms);
      return time.toISOString();
    };
    const [listed] = (await listDeals()).deals;
    expect([listed!.validFrom, listed!.validUntil]).toEqual([jsTime(-1, 5, 15, 12, 500), jsTime(0, 11, 31, 0, 0)]);
    expect([listed!.validFrom, listed!.validUntil]).toEqual(['-000001-06-15T12:00:00.500Z', '0000-12-31T00:00:00.000Z']);
    // The detail route reads the same times through the schema's columns.
    const detail = await get(`/api/deals/${d.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ validFrom: listed!.validFrom, validUntil: listed!.validUntil });
  });

  describe('real figures (ADR 011)', () => {
    it('computes the discount, remaining units and sold-out state', async () => {
      const shop = await buildMerchant(t.db);
      const cases = [
        { title: 'third off', priceCents: 1000, originalPriceCents: 1500, inventory: 10, unitsTaken: 4 },
        { title: 'no original', priceCents: 1000, originalPriceCents: null, inventory: 5, unitsTaken: 5 },
        { title: 'original not higher', priceCents: 1000, originalPriceCents: 1000, inventory: 0, unitsTaken: 7 },
        { title: 'demo sushi', priceCents: 1999, originalPriceCents: 2999, inventory: 200, unitsTaken: 0 },
        { title: 'free', priceCents: 0, originalPriceCents: 2500, inventory: 1, unitsTaken: 0 },
      ];
      for (const [i, c] of cases.entries()) await buildDeal(t.db, { merchantId: shop.id, ...c, createdAt: at(i) });
      const byTitle = new Map((await listDeals()).deals.map((d) => [d.title, d]));
      const pick = (title: string) => {
        const d = byTitle.get(title)!;
        return { discountPercent: d.discountPercent, remaining: d.remaining, soldOut: d.soldOut };
      };
      expect(pick('third off')).toEqual({ discountPercent: 33, remaining: 6, soldOut: false });
      expect(pick('no original')).toEqual({ discountPercent: null, remaining: 0, soldOut: true });
      expect(pick('original not higher')).toEqual({ discountPercent: null, remaining: null, soldOut: false });
      expect(pick('demo sushi')).toEqual({ discountPercent: 33, remaining: 200, soldOut: false });
      expect(pick('free')).toEqual({ discountPercent: 100, remaining: 1, soldOut: false });
    });

    it('counts vouchers bought ever and since midnight UTC', async () => {
      const shop = await buildMerchant(t.db);
      const popular = await buildDeal(t.db, { merchantId: shop.id, title: 'Popular', createdAt: at(1) });
      const quiet = await buildDeal(t.db, { merchantId: shop.id, title: 'Quiet', createdAt: at(2) });
      const buyer = await buildCustomer(t.db);
      const other = await buildCustomer(t.db);
      await buildVouchers(t.db, { userId: buyer.id, dealId: popular.id, count: 2 });
      await buildVouchers(t.db, { userId: other.id, dealId: popular.id, count: 1 });
      const yesterday = new Date(Date.now() - 24 * 60 * MINUTE);
      await buildVouchers(t.db, { userId: other.id, dealId: popular.id, count: 2, createdAt: yesterday });

      const list = (await listDeals()).deals;
      const listed = list.find((d) => d.id === popular.id)!;
      expect({ bought: listed.boughtCount, today: listed.soldTodayCount }).toEqual({ bought: 5, today: 3 });
      const silent = list.find((d) => d.id === quiet.id)!;
      expect({ bought: silent.boughtCount, today: silent.soldTodayCount }).toEqual({ bought: 0, today: 0 });

      const detail = await get(`/api/deals/${popular.id}`);
      expect(dealSchema.parse(detail.body)).toMatchObject({ boughtCount: 5, soldTodayCount: 3 });
    });
  });
});

describe('GET /api/deals/:id', () => {
  it('answers a visible deal exactly as the list shows it', async () => {
    const shop = await buildMerchant(t.db, { name: 'Corner Bakery' });
    const d = await buildDeal(t.db, {
      merchantId: shop.id,
      title: 'Bread box',
      validFrom: new Date('2025-01-01T00:00:00.000Z'),
      validUntil: new Date('2025-12-31T23:59:59.000Z'),
    });
    const res = await get(`/api/deals/${d.id}`);
    expect(res.status).toBe(200);
    const body = dealSchema.parse(res.body);
    expect(body).toMatchObject({
      id: d.id,
      title: 'Bread box',
      merchantName: 'Corner Bakery',
      priceCents: 1000,
      validFrom: '2025-01-01T00:00:00.000Z',
      validUntil: '2025-12-31T23:59:59.000Z',
    });
    expect((await listDeals()).deals[0]).toEqual(body);
  });

  it('answers 404 for unknown, draft, archived and hidden-merchant deals', async () => {
    const shop = await buildMerchant(t.db);
    const draft = await buildDeal(t.db, { merchantId: shop.id, status: 'draft' });
    const archived = await buildDeal(t.db, { merchantId: shop.id, status: 'archived' });
    const inactive = await buildMerchant(t.db, { status: 'inactive' });
    const ofInactive = await buildDeal(t.db, { merchantId: inactive.id });
    const pending = await buildMerchant(t.db, { status: 'pending' });
    const ofPending = await buildDeal(t.db, { merchantId: pending.id });
    for (const id of ['00000000-0000-4000-8000-000000000000', draft.id, archived.id, ofInactive.id, ofPending.id]) {
      const res = await get(`/api/deals/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'Deal not found' });
    }
  });

  it('answers 400 naming the id for a value that is not a UUID', async () => {
    for (const id of ['abc', '123', 'x'.repeat(36), encodeURIComponent("' or 1=1 --")]) {
      const res = await get(`/api/deals/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body).toEqual({ message: expect.stringContaining('id') });
    }
  });
});

describe('GET /api/deals/:id/reviews', () => {
  it('summarises the average, the 1-5 distribution and the three newest reviews', async () => {
    const shop = await buildMerchant(t.db);
    const d = await buildDeal(t.db, { merchantId: shop.id });
    const ratings: [number, string, number][] = [
      [5, 'Emily Rogers', 1],
      [4, 'james', 2],
      [4, 'Sofia Maria Martinez', 3],
      [3, 'Liam Chen', 4],
      [1, 'Olivia Brown', 5],
    ];
    for (const [rating, name, daysAgo] of ratings) {
      const user = await buildCustomer(t.db);
      await buildReview(t.db, {
        dealId: d.id,
        userId: user.id,
        authorName: name,
        rating,
        comment: `${rating} stars`,
        createdAt: new Date(base - daysAgo * 86_400_000),
      });
    }
    const other = await buildDeal(t.db, { merchantId: shop.id });
    await buildReview(t.db, { dealId: other.id, userId: (await buildCustomer(t.db)).id, authorName: 'Elsewhere', rating: 5, comment: 'x' });

    const res = await get(`/api/deals/${d.id}/reviews`);
    expect(res.status).toBe(200);
    const summary = reviewSummary.parse(res.body);
    expect(summary.average).toBe(3.4);
    expect(summary.count).toBe(5);
    expect(summary.distribution).toEqual([1, 0, 1, 2, 1]);
    expect(summary.reviews.map((r) => [r.userName, r.userAvatar, r.rating])).toEqual([
      ['Emily Rogers', 'ER', 5],
      ['james', 'J', 4],
      ['Sofia Maria Martinez', 'SM', 4],
    ]);
    expect(summary.reviews[0]!.date).toBe(new Date(base - 86_400_000).toISOString());
  });

  it('answers an empty summary for a deal without reviews', async () => {
    const shop = await buildMerchant(t.db);
    const d = await buildDeal(t.db, { merchantId: shop.id });
    const res = await get(`/api/deals/${d.id}/reviews`);
    expect(res.body).toEqual({ average: null, count: 0, distribution: [0, 0, 0, 0, 0], reviews: [] });
  });

  it('answers 404 for a deal shoppers cannot see and 400 for a bad id', async () => {
    const shop = await buildMerchant(t.db);
    const draft = await buildDeal(t.db, { merchantId: shop.id, status: 'draft' });
    expect((await get(`/api/deals/${draft.id}/reviews`)).status).toBe(404);
    expect((await get('/api/deals/not-a-uuid/reviews')).status).toBe(400);
  });
});

describe('GET /api/merchants', () => {
  it('lists active merchants by name, with id and name only', async () => {
    const zen = await buildMerchant(t.db, { name: 'Zen Garden' });
    const anchor = await buildMerchant(t.db, { name: 'Anchor Diner' });
    const moon = await buildMerchant(t.db, { name: 'Moonlight Spa' });
    await buildMerchant(t.db, { name: 'Bygone Books', status: 'inactive' });
    await buildMerchant(t.db, { name: 'Coming Soon Cafe', status: 'pending' });
    const res = await get('/api/merchants');
    expect(res.status).toBe(200);
    expect(merchantSummaryList.parse(res.body)).toEqual([
      { id: anchor.id, name: 'Anchor Diner' },
      { id: moon.id, name: 'Moonlight Spa' },
      { id: zen.id, name: 'Zen Garden' },
    ]);
    expect(Object.keys((res.body as object[])[0]!).sort()).toEqual(['id', 'name']);
  });
});

describe('GET /api/merchants/:id', () => {
  it("answers an active merchant's card", async () => {
    const m = await buildMerchant(t.db, {
      name: 'Anchor Diner',
      address: '1 Pier Road',
      description: 'Breakfast all day.',
      businessHours: { morning: '07:00-11:00', evening: '17:00-22:00' },
    });
    const plain = await buildMerchant(t.db, { name: 'No Hours' });
    const res = await get(`/api/merchants/${m.id}`);
    expect(res.status).toBe(200);
    const card = merchantSchema.parse(res.body);
    expect(card).toMatchObject({ id: m.id, name: 'Anchor Diner', address: '1 Pier Road', status: 'active' });
    expect(JSON.parse(card.businessHours!)).toEqual({ morning: '07:00-11:00', evening: '17:00-22:00' });
    expect(merchantSchema.parse((await get(`/api/merchants/${plain.id}`)).body).businessHours).toBeNull();
  });

  it('answers 404 for inactive, pending and unknown merchants, 400 for a bad id', async () => {
    const inactive = await buildMerchant(t.db, { status: 'inactive' });
    const pending = await buildMerchant(t.db, { status: 'pending' });
    for (const id of [inactive.id, pending.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/api/merchants/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'Merchant not found' });
    }
    const bad = await get('/api/merchants/nope');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.stringContaining('id') });
  });
});
