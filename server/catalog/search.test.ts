/**
 * Search answers what docs/product/rules.md#listing-and-search says, page for page: the API's pages
 * are compared with a plain reference query (ILIKE on the deal's text and on the merchants table's
 * names, no LIMIT), over a catalogue large enough, and analysed, for the planner to walk the
 * newest-first index for common words and read the trigram indexes for rare ones.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { dealList, NEXT_CURSOR_HEADER } from '../../contract/deals';
import { buildDeal, buildMerchant } from '../db/factories';
import { deals, merchants } from '../db/schema';
import { useTestApp } from '../test/app';
import { likePattern } from './deal-query';

const t = useTestApp();

const MINUTE = 60_000;
const base = new Date('2025-03-01T12:00:00.000Z').getTime();
const DEALS = 800;

async function page(query: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/api/deals?${new URLSearchParams(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return { ids: dealList.parse(res.json()).map((d) => d.id), next: res.headers[NEXT_CURSOR_HEADER] as string | undefined };
}

/** Every page of a search, following the cursor. */
async function pages(q: string, limit: number): Promise<string[][]> {
  const found: string[][] = [];
  let cursor: string | undefined;
  do {
    const p = await page({ q, limit: String(limit), ...(cursor ? { cursor } : {}) });
    found.push(p.ids);
    cursor = p.next;
    expect(found.length).toBeLessThan(200);
  } while (cursor);
  return found;
}

/** The rule, stated plainly: listed deals whose text or whose merchant's name contains q, ignoring case, newest first. */
async function reference(q: string): Promise<string[]> {
  const pattern = likePattern(q.trim());
  const rows = await t.db
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(
      and(
        eq(deals.status, 'published'),
        eq(merchants.status, 'active'),
        or(sql`${deals.searchText} ilike ${pattern}`, sql`${merchants.name} ilike ${pattern}`),
      ),
    )
    .orderBy(desc(deals.createdAt), desc(deals.id));
  return rows.map((r) => r.id);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out.length > 0 ? out : [[]];
}

const ITEMS = ['Sushi Platter', 'Spa Day', 'Candlelit DINNER', 'Massage', 'Yoga Pass'];

describe('search over a large catalogue', () => {
  let shops: { id: string; name: string }[];

  beforeEach(async () => {
    shops = [
      await buildMerchant(t.db, { name: 'Golden Noodle Bar' }),
      await buildMerchant(t.db, { name: 'Harbor Outfitters' }),
      await buildMerchant(t.db, { name: 'ZEST CAFÉ' }),
      await buildMerchant(t.db, { name: 'Hidden Noodle Co', status: 'inactive' }),
    ];
    // Every item in one title in five (so "dinner" is common), "Zanzibar" in four descriptions, a
    // tenth of the deals unlisted, and pairs of deals created in the same instant.
    const rows = Array.from({ length: DEALS }, (_, i) => {
      const status = i % 10 === 3 ? ('draft' as const) : i % 10 === 6 ? ('archived' as const) : ('published' as const);
      return {
        merchantId: shops[i % shops.length]!.id,
        title: `${i % 2 === 0 ? 'Weekend' : 'Family'} ${ITEMS[i % ITEMS.length]} ${i}`,
        description: `<p>Fresh <strong>every</strong> day.</p>${i % 250 === 10 ? '<p>Spices from <em>Zanzibar</em>.</p>' : ''}`,
        priceCents: 1000,
        status,
        active: status === 'published',
        createdAt: new Date(base - Math.floor(i / 2) * MINUTE),
      };
    });
    await t.db.insert(deals).values(rows);
    await t.db.execute(sql`analyze deals`);
  });

  it.each([
    ['a common word', 'dinner'],
    ['a common word in another case', 'DiNnEr'],
    ['a rare word', 'zanzibar'],
    ["a merchant's name", 'Golden Noodle Bar'],
    ["part of a merchant's name, unlisted merchants left out", 'noodle'],
    ["a merchant's name folded from upper case, accents included", 'zest café'],
    ['a word no deal has', 'quokka'],
  ])('answers %s (%s) as the rule says, page after page', async (_, q) => {
    const expected = await reference(q);
    if (q !== 'quokka') expect(expected.length).toBeGreaterThan(0);
    expect(await pages(q, 7)).toEqual(chunks(expected, 7));
    expect((await page({ q, limit: '20' })).ids).toEqual(expected.slice(0, 20));
  });

  it('finds a merchant by its new name after a rename, and no longer by the old one', async () => {
    const golden = shops[0]!;
    await t.db.update(merchants).set({ name: 'Silver Ramen House' }).where(eq(merchants.id, golden.id));
    expect((await page({ q: 'golden noodle', limit: '100' })).ids).toEqual([]);
    const renamed = (await pages('silver ramen', 50)).flat();
    expect(renamed).toEqual(await reference('silver ramen'));
    expect(renamed.length).toBeGreaterThan(0);
  });

  it("finds a deal moved to another merchant by that merchant's name", async () => {
    const [harbor, golden] = [shops[1]!, shops[0]!];
    const moved = await buildDeal(t.db, { merchantId: harbor.id, title: 'Lantern Walk', createdAt: new Date(base + MINUTE) });
    expect((await page({ q: 'golden noodle', limit: '1' })).ids).not.toContain(moved.id);
    await t.db.update(deals).set({ merchantId: golden.id }).where(eq(deals.id, moved.id));
    expect((await page({ q: 'golden noodle', limit: '1' })).ids).toEqual([moved.id]);
    expect((await page({ q: 'harbor outfitters', limit: '1' })).ids).not.toContain(moved.id);
  });

  it("keeps the merchant's name whatever else writes to the deal", async () => {
    const harbor = shops[1]!;
    const deal = await buildDeal(t.db, { merchantId: harbor.id, title: 'Lantern Walk', createdAt: new Date(base + MINUTE) });
    await t.db.update(deals).set({ searchMerchantName: 'golden noodle bar', title: 'Lantern Walk at Dusk' }).where(eq(deals.id, deal.id));
    const [row] = await t.db.select({ name: deals.searchMerchantName }).from(deals).where(eq(deals.id, deal.id));
    expect(row?.name).toBe('harbor outfitters');
    await expect(buildDeal(t.db, { merchantId: '00000000-0000-0000-0000-000000000000' })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23503' }),
    });
  });
});
