/**
 * A deal hidden from shoppers (turned back into a draft, archived, or its merchant no longer active) is hidden
 * everywhere (docs/product/rules.md#group-deals): its open groups, its groups' public pages and their share pages
 * answer 404 to everyone but the group's own members, who still follow their place. And a merchant's staff, who
 * only redeem, see of its deals what shoppers see: no drafts, nor their reviews.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { groupCheckoutAnswer } from '../../../contract/groups';
import { buildMerchantAccount, buildUser } from '../../db/factories';
import { deals, merchants } from '../../db/schema';
import { testConfig, useTestApp } from '../../test/app';
import { call, expectStatus, loginAs } from '../../test/auth-helpers';
import { buyableDeal, customer, pay, sessionIdOf, testProviderFor } from '../../test/purchase-helpers';
import { groupPagePreview } from './groups.service';

const t = useTestApp({ deps: { payments: testProviderFor(testConfig()) } });

const GROUP = { priceCents: 3000, groupSize: 3, groupPriceCents: 2000, groupWindowHours: 24, inventory: 10, maxPerUser: 2 };

/** A group deal with a group its starter has paid a place in. */
async function openGroup() {
  const { deal, merchant } = await buyableDeal(t.db, GROUP);
  const starter = await customer(t);
  const res = await call(t.app, 'POST', '/api/groups', { sessionId: starter.sessionId, body: { dealId: deal.id } });
  expectStatus(res, 200);
  const answer = groupCheckoutAnswer.parse(res.body);
  expectStatus(await pay(t.app, starter, sessionIdOf(answer.url)), 200);
  return { deal, merchant, starter, groupId: answer.group.id };
}

const hide = {
  'turned back into a draft': (dealId: string) => t.db.update(deals).set({ status: 'draft', active: false }).where(eq(deals.id, dealId)),
  archived: (dealId: string) => t.db.update(deals).set({ status: 'archived', active: false }).where(eq(deals.id, dealId)),
  "whose merchant is no longer active": async (_dealId: string, merchantId: string) =>
    t.db.update(merchants).set({ status: 'inactive' }).where(eq(merchants.id, merchantId)),
};

describe('a deal hidden from shoppers', () => {
  it.each(Object.entries(hide))('%s: its groups answer 404 to all but their members', async (_how, hideIt) => {
    const { deal, merchant, starter, groupId } = await openGroup();
    const stranger = await customer(t);
    // Seen by everyone while the deal is listed.
    expectStatus(await call(t.app, 'GET', `/api/groups/${groupId}`, { sessionId: null }), 200);
    expectStatus(await call(t.app, 'GET', `/api/deals/${deal.id}/groups`, { sessionId: null }), 200);
    expect(await groupPagePreview(t.db, 'http://x.test', `/group/${groupId}`)).toMatchObject({ title: expect.stringContaining(deal.title) });

    await hideIt(deal.id, merchant.id);

    expectStatus(await call(t.app, 'GET', `/api/deals/${deal.id}`, { sessionId: null }), 404);
    expectStatus(await call(t.app, 'GET', `/api/deals/${deal.id}/groups`, { sessionId: null }), 404);
    expectStatus(await call(t.app, 'GET', `/api/deals/${deal.id}/groups`, { sessionId: stranger.sessionId }), 404);
    for (const who of [null, stranger]) {
      const res = await call(t.app, 'GET', `/api/groups/${groupId}`, { sessionId: who?.sessionId ?? null });
      expectStatus(res, 404);
      expect(JSON.stringify(res.body)).not.toContain(deal.title);
    }
    expectStatus(await call(t.app, 'POST', `/api/groups/${groupId}/join`, { sessionId: stranger.sessionId }), 404);
    // The share page carries no title or price: it is answered 404 (server/http/web.ts).
    expect(await groupPagePreview(t.db, 'http://x.test', `/group/${groupId}`)).toBe('missing');
    // The member still follows their place.
    const mine = await call(t.app, 'GET', `/api/groups/${groupId}`, { sessionId: starter.sessionId });
    expectStatus(mine, 200);
    expect(mine.body).toMatchObject({ id: groupId, mine: 'paid' });
    expectStatus(await call(t.app, 'GET', '/api/groups', { sessionId: starter.sessionId }), 200);
  });
});

describe("a merchant's staff", () => {
  it("see the merchant's published deals as shoppers do, and neither its drafts nor their reviews", async () => {
    const { deal: listed, merchant } = await buyableDeal(t.db, { priceCents: 1500 });
    const { deal: draft } = await buyableDeal(t.db, { priceCents: 1500, status: 'draft', active: false }, {});
    await t.db.update(deals).set({ merchantId: merchant.id }).where(eq(deals.id, draft.id));
    const owner = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
    const staff = await loginAs(t, await buildMerchantAccount(t.db, merchant.id, { merchantRole: 'staff' }));
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));

    for (const path of [`/api/deals/${draft.id}`, `/api/deals/${draft.id}/reviews`]) {
      expectStatus(await call(t.app, 'GET', path, { sessionId: staff.sessionId }), 404);
      expectStatus(await call(t.app, 'GET', path, { sessionId: owner.sessionId }), 200);
      expectStatus(await call(t.app, 'GET', path, { sessionId: admin.sessionId }), 200);
    }
    expectStatus(await call(t.app, 'GET', `/api/deals/${listed.id}`, { sessionId: staff.sessionId }), 200);
  });
});
