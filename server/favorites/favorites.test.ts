/** A signed-in user's own favourite deals (docs/product/api.md#favourites; ADRs 010, 017, 019). */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dealList } from '../../contract/deals';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount } from '../db/factories';
import { deals, favorites, merchants } from '../db/schema';
import { useTestApp } from '../test/app';

import { call, expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { as, expectError } from '../test/admin-helpers';

const t = useTestApp();
let shopId: string;
let alice: TestSession & { userId: string };

beforeEach(async () => {
  shopId = (await buildMerchant(t.db, { name: 'Harbor Outfitters' })).id;
  alice = await customer();
});

const MINUTE = 60_000;
const base = new Date('2025-03-01T12:00:00.000Z').getTime();
const at = (minutesAgo: number) => new Date(base - minutesAgo * MINUTE);

async function customer(): Promise<TestSession & { userId: string }> {
  const user = await buildCustomer(t.db);
  return { ...(await loginAs(t, user)), userId: user.id };
}

const add = (who: TestSession | null, dealId: unknown) => as(t.app, who, 'POST', '/api/favorites', { dealId });
const removeFav = (who: TestSession | null, dealId: string) => as(t.app, who, 'DELETE', `/api/favorites/${dealId}`);

async function listOf(who: TestSession): Promise<string[]> {
  const res = await as(t.app, who, 'GET', '/api/favorites');
  expectStatus(res, 200);
  return dealList.parse(res.body).map((d) => d.id);
}

const rowsOf = (userId: string) => t.db.select().from(favorites).where(eq(favorites.userId, userId));

describe('guests', () => {
  it('get 401 on every favourites call', async () => {
    const deal = await buildDeal(t.db, { merchantId: shopId });
    expectError(await call(t.app, 'GET', '/api/favorites'), 401, 'Please log in first');
    expectError(await add(null, deal.id), 401, 'Please log in first');
    expectError(await removeFav(null, deal.id), 401, 'Please log in first');
    // Before the body is looked at, and with a made-up session too.
    expectStatus(await call(t.app, 'POST', '/api/favorites', { body: {} }), 401);
    expectStatus(await call(t.app, 'GET', '/api/favorites', { sessionId: 'y'.repeat(43) }), 401);
    expect(await t.db.select().from(favorites)).toEqual([]);
  });
});

describe('POST /api/favorites', () => {
  it('adds a favourite, and adding it again changes nothing', async () => {
    const deal = await buildDeal(t.db, { merchantId: shopId });
    const first = await add(alice, deal.id);
    expectStatus(first, 200);
    expect(first.body).toEqual({ message: 'Added to favorites' });
    const [row] = await rowsOf(alice.userId);

    for (let i = 0; i < 3; i++) expectStatus(await add(alice, deal.id), 200);
    expect(await rowsOf(alice.userId)).toEqual([row]);
    expect(await listOf(alice)).toEqual([deal.id]);
  });

  it('takes the two simultaneous adds of a double click as one', async () => {
    const deal = await buildDeal(t.db, { merchantId: shopId });
    const answers = await Promise.all([add(alice, deal.id), add(alice, deal.id), add(alice, deal.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await rowsOf(alice.userId)).toHaveLength(1);
  });

  it('answers 404 for a deal that does not exist or that shoppers cannot see', async () => {
    const hiddenShop = await buildMerchant(t.db, { status: 'inactive' });
    const pendingShop = await buildMerchant(t.db, { status: 'pending' });
    const cases = {
      unknown: '6f1c1e8e-2d7a-4c3b-9a55-0a4f1f2b9c11',
      draft: (await buildDeal(t.db, { merchantId: shopId, status: 'draft', active: false })).id,
      archived: (await buildDeal(t.db, { merchantId: shopId, status: 'archived', active: false })).id,
      'of an inactive merchant': (await buildDeal(t.db, { merchantId: hiddenShop.id })).id,
      'of a pending merchant': (await buildDeal(t.db, { merchantId: pendingShop.id })).id,
    };
    for (const [what, id] of Object.entries(cases)) {
      const res = await add(alice, id);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body).toEqual({ message: 'Deal not found' });
    }
    expect(await rowsOf(alice.userId)).toEqual([]);
  });

  it('accepts a published deal that is paused (Unavailable)', async () => {
    const paused = await buildDeal(t.db, { merchantId: shopId, active: false });
    expectStatus(await add(alice, paused.id), 200);
    expect(await listOf(alice)).toEqual([paused.id]);
  });

  it.each([[undefined], [''], ['not-a-uuid'], [42], [null]])('refuses the deal id %j with 400 naming the field', async (dealId) => {
    expectError(await add(alice, dealId), 400, /^dealId: /);
  });

  it('ignores a userId in the body: the favourite is always the caller\'s own', async () => {
    const bob = await customer();
    const deal = await buildDeal(t.db, { merchantId: shopId });
    expectStatus(await as(t.app, alice, 'POST', '/api/favorites', { dealId: deal.id, userId: bob.userId }), 200);
    expect(await rowsOf(bob.userId)).toEqual([]);
    expect(await rowsOf(alice.userId)).toHaveLength(1);
  });
});

describe('GET /api/favorites', () => {
  it('lists favourites newest-favourited first, whatever order the deals were created in', async () => {
    const oldest = await buildDeal(t.db, { merchantId: shopId, title: 'Oldest', createdAt: at(30) });
    const middle = await buildDeal(t.db, { merchantId: shopId, title: 'Middle', createdAt: at(20) });
    const newest = await buildDeal(t.db, { merchantId: shopId, title: 'Newest', createdAt: at(10) });
    for (const deal of [newest, oldest, middle]) expectStatus(await add(alice, deal.id), 200);
    expect(await listOf(alice)).toEqual([middle.id, oldest.id, newest.id]);

    // Favouriting again does not move a deal up: it was favourited when it was first added.
    expectStatus(await add(alice, newest.id), 200);
    expect(await listOf(alice)).toEqual([middle.id, oldest.id, newest.id]);

    // Removing and adding again does.
    expectStatus(await removeFav(alice, newest.id), 200);
    expectStatus(await add(alice, newest.id), 200);
    expect(await listOf(alice)).toEqual([newest.id, middle.id, oldest.id]);
  });

  it('answers whole deals as the home list does', async () => {
    const deal = await buildDeal(t.db, { merchantId: shopId, title: 'Sushi platter', priceCents: 1999, originalPriceCents: 2999 });
    await add(alice, deal.id);
    const res = await as(t.app, alice, 'GET', '/api/favorites');
    const [fav] = dealList.parse(res.body);
    const home = await call(t.app, 'GET', `/api/deals/${deal.id}`);
    expect(fav).toEqual(home.body);
    expect(fav).toMatchObject({ title: 'Sushi platter', merchantName: 'Harbor Outfitters', discountPercent: 33 });
  });

  it('hides favourites that shoppers can no longer see, and shows them again when they come back', async () => {
    const drafted = await buildDeal(t.db, { merchantId: shopId, title: 'Drafted later' });
    const archived = await buildDeal(t.db, { merchantId: shopId, title: 'Archived later' });
    const paused = await buildDeal(t.db, { merchantId: shopId, title: 'Paused later' });
    const otherShop = await buildMerchant(t.db);
    const ofClosedShop = await buildDeal(t.db, { merchantId: otherShop.id, title: 'Shop closed later' });
    const kept = await buildDeal(t.db, { merchantId: shopId, title: 'Kept' });
    for (const d of [drafted, archived, paused, ofClosedShop, kept]) expectStatus(await add(alice, d.id), 200);

    await t.db.update(deals).set({ status: 'draft', active: false }).where(eq(deals.id, drafted.id));
    await t.db.update(deals).set({ status: 'archived', active: false }).where(eq(deals.id, archived.id));
    await t.db.update(deals).set({ active: false }).where(eq(deals.id, paused.id));
    await t.db.update(merchants).set({ status: 'inactive' }).where(eq(merchants.id, otherShop.id));

    const res = await as(t.app, alice, 'GET', '/api/favorites');
    const shown = dealList.parse(res.body);
    expect(shown.map((d) => d.title)).toEqual(['Kept', 'Paused later']);
    expect(shown.find((d) => d.id === paused.id)!.active).toBe(false);
    // Hidden, not forgotten.
    expect(await rowsOf(alice.userId)).toHaveLength(5);

    await t.db.update(deals).set({ status: 'published', active: true }).where(eq(deals.id, drafted.id));
    await t.db.update(merchants).set({ status: 'active' }).where(eq(merchants.id, otherShop.id));
    expect(await listOf(alice)).toEqual([kept.id, ofClosedShop.id, paused.id, drafted.id]);
  });

  it('answers an empty list for someone with no favourites', async () => {
    expect(await listOf(alice)).toEqual([]);
  });

  it('works for merchant accounts, showing only deals a shopper may see', async () => {
    const merchantSession = await loginAs(t, await buildMerchantAccount(t.db, shopId));
    const deal = await buildDeal(t.db, { merchantId: shopId });
    expectStatus(await add(merchantSession, deal.id), 200);
    expect(await listOf(merchantSession)).toEqual([deal.id]);
  });
});

describe('DELETE /api/favorites/{dealId}', () => {
  it('removes a favourite, and removing it again (or one never added) still answers 200', async () => {
    const deal = await buildDeal(t.db, { merchantId: shopId });
    const other = await buildDeal(t.db, { merchantId: shopId });
    await add(alice, deal.id);
    await add(alice, other.id);

    const res = await removeFav(alice, deal.id);
    expectStatus(res, 200);
    expect(res.body).toEqual({ message: 'Removed from Favorites' });
    expect(await listOf(alice)).toEqual([other.id]);

    expectStatus(await removeFav(alice, deal.id), 200);
    expectStatus(await removeFav(alice, '6f1c1e8e-2d7a-4c3b-9a55-0a4f1f2b9c11'), 200);
    expect(await listOf(alice)).toEqual([other.id]);
  });

  it('removes a favourite whose deal shoppers can no longer see', async () => {
    const deal = await buildDeal(t.db, { merchantId: shopId });
    await add(alice, deal.id);
    await t.db.update(deals).set({ status: 'archived', active: false }).where(eq(deals.id, deal.id));
    expectStatus(await removeFav(alice, deal.id), 200);
    expect(await rowsOf(alice.userId)).toEqual([]);
  });

  it('refuses an id that is not a UUID with 400 naming the field', async () => {
    expectError(await removeFav(alice, 'abc'), 400, /^dealId: /);
  });
});

describe('each user sees and changes only their own favourites', () => {
  it('keeps two customers apart', async () => {
    const bob = await customer();
    const shared = await buildDeal(t.db, { merchantId: shopId, title: 'Shared' });
    const onlyAlice = await buildDeal(t.db, { merchantId: shopId, title: 'Only Alice' });
    const onlyBob = await buildDeal(t.db, { merchantId: shopId, title: 'Only Bob' });
    for (const d of [shared, onlyAlice]) await add(alice, d.id);
    for (const d of [shared, onlyBob]) await add(bob, d.id);

    expect(await listOf(alice)).toEqual([onlyAlice.id, shared.id]);
    expect(await listOf(bob)).toEqual([onlyBob.id, shared.id]);

    // Bob removing a deal Alice also favourited touches only Bob's list.
    expectStatus(await removeFav(bob, shared.id), 200);
    expectStatus(await removeFav(bob, onlyAlice.id), 200);
    expect(await listOf(alice)).toEqual([onlyAlice.id, shared.id]);
    expect(await listOf(bob)).toEqual([onlyBob.id]);
    expect(await t.db.select().from(favorites).where(and(eq(favorites.userId, alice.userId), eq(favorites.dealId, shared.id)))).toHaveLength(1);
  });

  it('forgets a deleted deal for everyone', async () => {
    const bob = await customer();
    const deal = await buildDeal(t.db, { merchantId: shopId });
    await add(alice, deal.id);
    await add(bob, deal.id);
    await t.db.delete(deals).where(eq(deals.id, deal.id));
    expect(await listOf(alice)).toEqual([]);
    expect(await listOf(bob)).toEqual([]);
    expect(await t.db.select().from(favorites)).toEqual([]);
  });
});
