/**
 * A group's places and payments that come after their hold lapsed (ADR 029): the late payment takes
 * the place back only together with its units, so one refunded because the units are gone (the
 * offer sold out, or the customer's allowance spent meanwhile) leaves the place free for others.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { groupCheckoutAnswer } from '../../../contract/groups';
import { dealGroups, groupMembers, orders, vouchers } from '../../db/schema';
import { releaseExpiredOrders } from '../orders.service';
import { testConfig, useTestApp } from '../../test/app';
import { call, expectStatus } from '../../test/auth-helpers';
import { buy, buyableDeal, customer, lapse, orderOf, pay, postTestWebhook, sessionIdOf, signedPaidEvent, stockOf, testProviderFor, type Shopper } from '../../test/purchase-helpers';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

async function start(who: Shopper, dealId: string) {
  const res = await call(t.app, 'POST', '/api/groups', { sessionId: who.sessionId, body: { dealId } });
  expectStatus(res, 200);
  const answer = groupCheckoutAnswer.parse(res.body);
  return { groupId: answer.group.id, sid: sessionIdOf(answer.url) };
}

async function join(who: Shopper, groupId: string) {
  return call(t.app, 'POST', `/api/groups/${groupId}/join`, { sessionId: who.sessionId });
}

/** A group of two: `a` started and paid, `b` joined and let the checkout lapse, and the hold was released. */
async function groupWithLapsedMember(overrides: Parameters<typeof buyableDeal>[1]) {
  const { deal } = await buyableDeal(t.db, { priceCents: 3000, groupSize: 2, groupPriceCents: 2000, ...overrides });
  const [a, b, c] = [await customer(t), await customer(t), await customer(t)];
  const started = await start(a, deal.id);
  expectStatus(await pay(t.app, a, started.sid), 200);
  const joined = await join(b, started.groupId);
  expectStatus(joined, 200);
  const sb = sessionIdOf(groupCheckoutAnswer.parse(joined.body).url);
  await lapse(t.db, sb);
  expect(await releaseExpiredOrders(t.db)).toBe(1);
  return { deal, groupId: started.groupId, a, b, c, lateOrder: await orderOf(t.db, sb) };
}

async function groupRow(id: string) {
  const [row] = await t.db.select().from(dealGroups).where(eq(dealGroups.id, id));
  return row!;
}

describe('a payment that arrives after its hold lapsed', () => {
  it('is refunded without keeping the place when the customer has bought their allowance meanwhile', async () => {
    const { deal, groupId, b, c, lateOrder } = await groupWithLapsedMember({ inventory: 10, maxPerUser: 1 });
    // b buys the deal at the full price instead, which spends the allowance of one.
    await buy(t.app, b, { dealId: deal.id });
    const res = await postTestWebhook(t.app, signedPaidEvent(provider, lateOrder));
    expect(res.json()).toMatchObject({ result: 'refunded' });

    expect((await orderOf(t.db, lateOrder.providerSessionId!)).status).toBe('refunded');
    expect(await groupRow(groupId)).toMatchObject({ status: 'open', seatsTaken: 1, paidCount: 1 });
    // The place is free: c takes it, pays, and the group forms with a and c.
    const joined = await join(c, groupId);
    expectStatus(joined, 200);
    expectStatus(await pay(t.app, c, sessionIdOf(groupCheckoutAnswer.parse(joined.body).url)), 200);
    expect(await groupRow(groupId)).toMatchObject({ status: 'formed', seatsTaken: 2, paidCount: 2 });
    const members = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
    expect(members.map((m) => m.status).sort()).toEqual(['lapsed', 'paid', 'paid']);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, lateOrder.id))).toEqual([]);
  });

  it('is refunded without keeping the place when the offer sold out meanwhile', async () => {
    const { deal, groupId, c, lateOrder } = await groupWithLapsedMember({ inventory: 2, maxPerUser: 2 });
    const other = await customer(t);
    await buy(t.app, other, { dealId: deal.id });
    const res = await postTestWebhook(t.app, signedPaidEvent(provider, lateOrder));
    expect(res.json()).toMatchObject({ result: 'refunded' });

    expect(await groupRow(groupId)).toMatchObject({ status: 'open', seatsTaken: 1, paidCount: 1 });
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 2 });
    // The place is free; what stops c now is the sold-out offer, not a full group.
    const refused = await join(c, groupId);
    expectStatus(refused, 409);
    expect(refused.body).toEqual({ message: `"${deal.title}" is sold out` });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, lateOrder.id));
    expect(order!.status).toBe('refunded');
  });
});
