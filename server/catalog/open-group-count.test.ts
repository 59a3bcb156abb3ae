/**
 * A deal's `openGroupCount` (docs/product/api.md#deals): its groups one may join now, open, before their deadline,
 * with a paid member and a free place, the very groups GET /api/deals/{id}/groups lists; in every order of the
 * shoppers' list and in the deal's own answer, and 0 for a deal without a group offer.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dealGroups } from '../db/schema';
import { buildCustomer, buildDeal, buildMerchant } from '../db/factories';
import { useTestApp } from '../test/app';
import { call, expectStatus } from '../test/auth-helpers';

const t = useTestApp();

const HOUR = 3_600_000;

type NewGroup = Partial<typeof dealGroups.$inferInsert>;

/** A group of three of the deal, with one paid place and an hour to go unless told otherwise. */
async function groupOf(dealId: string, values: NewGroup = {}) {
  const starter = await buildCustomer(t.db);
  const [row] = await t.db
    .insert(dealGroups)
    .values({ dealId, startedBy: starter.id, size: 3, priceCents: 2000, seatsTaken: 1, paidCount: 1, deadline: new Date(Date.now() + HOUR), ...values })
    .returning();
  return row!;
}

/** A group deal with one group in each state: two one may join, and the others none may. */
async function dealWithGroups() {
  const shop = await buildMerchant(t.db, { latitude: 40.7, longitude: -74 });
  const deal = await buildDeal(t.db, { merchantId: shop.id, title: 'Hot pot for three', priceCents: 3000, groupSize: 3, groupPriceCents: 2000 });
  const joinable = [await groupOf(deal.id), await groupOf(deal.id, { seatsTaken: 2, paidCount: 1 })];
  // Full, though one place is only held; past its deadline; with no paid member yet; formed; failed.
  await groupOf(deal.id, { seatsTaken: 3, paidCount: 2 });
  await groupOf(deal.id, { deadline: new Date(Date.now() - HOUR) });
  await groupOf(deal.id, { paidCount: 0 });
  await groupOf(deal.id, { status: 'formed', seatsTaken: 3, paidCount: 3, formedAt: new Date() });
  await groupOf(deal.id, { status: 'failed', failedAt: new Date() });
  return { shop, deal, joinable };
}

const countIn = (body: unknown, id: string) => (body as { id: string; openGroupCount: number }[]).find((d) => d.id === id)?.openGroupCount;

describe('openGroupCount', () => {
  it('counts the open groups with a free place and a paid member before their deadline, as the deal\'s open groups list them', async () => {
    const { deal, joinable } = await dealWithGroups();

    const detail = await call(t.app, 'GET', `/api/deals/${deal.id}`);
    expectStatus(detail, 200);
    expect((detail.body as { openGroupCount: number }).openGroupCount).toBe(2);

    const listed = await call(t.app, 'GET', `/api/deals/${deal.id}/groups`);
    expect((listed.body as { id: string }[]).map((g) => g.id).sort()).toEqual(joinable.map((g) => g.id).sort());
  });

  it('is the same in every order and filter of the shoppers\' list', async () => {
    const { deal } = await dealWithGroups();
    for (const query of ['', '?sort=price_asc', '?sort=popular', '?q=hot%20pot', '?minPriceCents=100', '?sort=nearest&lat=40.7&lng=-74']) {
      const res = await call(t.app, 'GET', `/api/deals${query}`);
      expectStatus(res, 200);
      expect(countIn(res.body, deal.id), query || 'the first page').toBe(2);
    }
  });

  it('follows the groups: a place taken, a group filled or closed counts at once', async () => {
    const shop = await buildMerchant(t.db);
    const deal = await buildDeal(t.db, { merchantId: shop.id, groupSize: 2, groupPriceCents: 500 });
    const count = async () => ((await call(t.app, 'GET', `/api/deals/${deal.id}`)).body as { openGroupCount: number }).openGroupCount;
    expect(await count()).toBe(0);
    const g = await groupOf(deal.id, { size: 2 });
    expect(await count()).toBe(1);
    await t.db.update(dealGroups).set({ seatsTaken: 2 }).where(eq(dealGroups.id, g.id));
    expect(await count()).toBe(0);
    await t.db.update(dealGroups).set({ seatsTaken: 1, status: 'failed', failedAt: new Date() }).where(eq(dealGroups.id, g.id));
    expect(await count()).toBe(0);
  });

  it('is 0 for a deal without a group offer, whatever groups it once had', async () => {
    const shop = await buildMerchant(t.db);
    const deal = await buildDeal(t.db, { merchantId: shop.id, groupSize: null, groupPriceCents: null });
    await groupOf(deal.id);
    const detail = await call(t.app, 'GET', `/api/deals/${deal.id}`);
    expect((detail.body as { openGroupCount: number }).openGroupCount).toBe(0);
    expect(countIn((await call(t.app, 'GET', '/api/deals')).body, deal.id)).toBe(0);
  });
});
