/**
 * GET /api/deals/{id}/allowance: what a customer may still buy of a deal, counted as checkout counts it (ADR 012):
 * units paid and not refunded, units held by open checkouts and group places; a released hold and a refunded voucher
 * give theirs back. Checkout agrees with it at the edge: at 0 it refuses, one short it takes exactly one more.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dealAllowance, dealEndpoints } from '../../contract/deals';
import { pathOf } from '../../contract/endpoint';
import { groupCheckoutAnswer } from '../../contract/groups';
import { buildMerchantAccount, buildUser } from '../db/factories';
import { deals, merchants, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, loginAs, messageOf } from '../test/auth-helpers';
import { buy, buyableDeal, checkoutOk, customer, lapse, pay, postCheckout, sessionIdOf, testProviderFor, userUnitsOf } from '../test/purchase-helpers';
import { releaseExpiredOrders } from './orders.service';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

const allowanceOf = (who: { sessionId: string } | null, dealId: string) =>
  call(t.app, 'GET', pathOf(dealEndpoints.allowance, { id: dealId }), { sessionId: who?.sessionId ?? null });

async function allowance(who: { sessionId: string }, dealId: string) {
  const res = await allowanceOf(who, dealId);
  expectStatus(res, 200);
  return dealAllowance.parse(res.body);
}

describe('GET /api/deals/{id}/allowance: who may ask', () => {
  it('refuses a guest with 401, before the id is even read', async () => {
    const { deal } = await buyableDeal(t.db);
    expectStatus(await allowanceOf(null, deal.id), 401);
    expectStatus(await allowanceOf(null, 'not-a-uuid'), 401);
  });

  it('refuses a merchant or a superadmin with 403: only customers buy', async () => {
    const { deal, merchant } = await buyableDeal(t.db);
    const owner = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    for (const who of [owner, admin]) {
      const res = await allowanceOf(who, deal.id);
      expectStatus(res, 403);
      expect(messageOf(res)).toBe('Only customer accounts can buy deals');
    }
  });

  it('answers 404 for a deal shoppers cannot see (a draft, an archived deal, an inactive merchant\'s, none) and 400 for a bad id', async () => {
    const me = await customer(t);
    const { deal: draft } = await buyableDeal(t.db, { status: 'draft' });
    const { deal: archived } = await buyableDeal(t.db, { status: 'archived' });
    const { deal: ofInactive, merchant } = await buyableDeal(t.db);
    await t.db.update(merchants).set({ status: 'inactive' }).where(eq(merchants.id, merchant.id));
    for (const id of [draft.id, archived.id, ofInactive.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await allowanceOf(me, id);
      expectStatus(res, 404);
      expect(messageOf(res)).toBe('Deal not found');
    }
    expectStatus(await allowanceOf(me, 'not-a-uuid'), 400);
  });

  it('answers for a deal that is switched off or sold out: the customer\'s part does not depend on it', async () => {
    const me = await customer(t);
    const { deal } = await buyableDeal(t.db, { active: false, maxPerUser: 3 });
    expect(await allowance(me, deal.id)).toEqual({ dealId: deal.id, limit: 3, bought: 0, held: 0, remaining: 3 });
  });
});

describe('GET /api/deals/{id}/allowance: the counting', () => {
  it('counts bought and held units, as checkout does, and checkout refuses at 0', async () => {
    const { deal } = await buyableDeal(t.db, { maxPerUser: 4, priceCents: 1500 });
    const me = await customer(t);
    const other = await customer(t);
    expect(await allowance(me, deal.id)).toEqual({ dealId: deal.id, limit: 4, bought: 0, held: 0, remaining: 4 });

    await buy(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
    expect(await allowance(me, deal.id)).toEqual({ dealId: deal.id, limit: 4, bought: 2, held: 0, remaining: 2 });

    // An open checkout holds its unit until it is paid, cancelled or lapses.
    const open = await checkoutOk(t.app, me, { dealId: deal.id });
    expect(await allowance(me, deal.id)).toMatchObject({ bought: 2, held: 1, remaining: 1 });
    // Another customer's purchases are theirs alone.
    expect(await allowance(other, deal.id)).toMatchObject({ bought: 0, held: 0, remaining: 4 });

    // One short: checkout takes exactly one more, not two.
    const two = await postCheckout(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
    expectStatus(two, 409);
    expect(messageOf(two)).toBe(`You can buy at most 4 of "${deal.title}"`);
    const last = await checkoutOk(t.app, me, { dealId: deal.id });
    expect(await allowance(me, deal.id)).toMatchObject({ bought: 2, held: 2, remaining: 0 });
    expect(await userUnitsOf(t.db, me.user.id, deal.id)).toBe(4);
    expectStatus(await postCheckout(t.app, me, { dealId: deal.id }), 409);

    // Paid, the held unit becomes bought; cancelled, it goes back to the allowance.
    expectStatus(await pay(t.app, me, last), 200);
    expect(await allowance(me, deal.id)).toMatchObject({ bought: 3, held: 1, remaining: 0 });
    expectStatus(await call(t.app, 'POST', `/api/test-provider/sessions/${open}/cancel`, { sessionId: me.sessionId }), 200);
    expect(await allowance(me, deal.id)).toEqual({ dealId: deal.id, limit: 4, bought: 3, held: 0, remaining: 1 });
  });

  it('counts a lapsed hold until it is released, as checkout still does', async () => {
    const { deal } = await buyableDeal(t.db, { maxPerUser: 1 });
    const me = await customer(t);
    const sid = await checkoutOk(t.app, me, { dealId: deal.id });
    await lapse(t.db, sid);
    expect(await allowance(me, deal.id)).toMatchObject({ held: 1, remaining: 0 });
    expectStatus(await postCheckout(t.app, me, { dealId: deal.id }), 409);
    await releaseExpiredOrders(t.db);
    expect(await allowance(me, deal.id)).toMatchObject({ bought: 0, held: 0, remaining: 1 });
  });

  it('counts a place in a group: held while its checkout is open, bought once paid while the group fills', async () => {
    const { deal } = await buyableDeal(t.db, { maxPerUser: 2, groupSize: 3, groupPriceCents: 900 });
    const me = await customer(t);
    const started = await call(t.app, 'POST', '/api/groups', { sessionId: me.sessionId, body: { dealId: deal.id } });
    expectStatus(started, 200);
    const { url } = groupCheckoutAnswer.parse(started.body);
    expect(await allowance(me, deal.id)).toEqual({ dealId: deal.id, limit: 2, bought: 0, held: 1, remaining: 1 });
    expectStatus(await pay(t.app, me, sessionIdOf(url)), 200);
    // Paid and waiting for the group: no voucher yet, but the unit is the customer's.
    expect(await t.db.select().from(vouchers).where(eq(vouchers.dealId, deal.id))).toEqual([]);
    expect(await allowance(me, deal.id)).toMatchObject({ bought: 1, held: 0, remaining: 1 });
    await buy(t.app, me, { dealId: deal.id });
    expect(await allowance(me, deal.id)).toMatchObject({ bought: 2, held: 0, remaining: 0 });
    // At the limit, a new group is refused like any checkout.
    const again = await call(t.app, 'POST', '/api/groups', { sessionId: me.sessionId, body: { dealId: deal.id } });
    expectStatus(again, 409);
    expect(messageOf(again)).toBe(`You can buy at most 2 of "${deal.title}"`);
  });

  it('gives a refunded voucher\'s unit back (rules.md#refunds-and-the-voucher-s-life), and a redeemed one keeps counting', async () => {
    const { deal } = await buyableDeal(t.db, { maxPerUser: 2, refundAnytime: true });
    const me = await customer(t);
    await buy(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
    expect(await allowance(me, deal.id)).toMatchObject({ bought: 2, remaining: 0 });
    const [first, second] = await t.db.select().from(vouchers).where(eq(vouchers.dealId, deal.id));
    await t.db.update(vouchers).set({ status: 'redeemed', redeemed: true, redeemedAt: new Date() }).where(eq(vouchers.id, second!.id));

    expectStatus(await call(t.app, 'POST', `/api/vouchers/${first!.id}/refund`, { sessionId: me.sessionId }), 200);
    expect(await allowance(me, deal.id)).toEqual({ dealId: deal.id, limit: 2, bought: 1, held: 0, remaining: 1 });
    // The unit given back can be bought again.
    await buy(t.app, me, { dealId: deal.id });
    expect(await allowance(me, deal.id)).toMatchObject({ bought: 2, remaining: 0 });
  });

  it('follows a limit lowered below what the customer has: nothing remains, never less than nothing', async () => {
    const { deal } = await buyableDeal(t.db, { maxPerUser: 3 });
    const me = await customer(t);
    await buy(t.app, me, { items: [{ dealId: deal.id, quantity: 3 }] });
    await t.db.update(deals).set({ maxPerUser: 1 }).where(eq(deals.id, deal.id));
    expect(await allowance(me, deal.id)).toEqual({ dealId: deal.id, limit: 1, bought: 3, held: 0, remaining: 0 });
  });
});
