/**
 * Group deals through the API (docs/product/rules.md#group-deals; ADR 029): starting and joining at
 * the group price, the group forming exactly when its last place is paid (every member's voucher at
 * once), failing when its window passes (every paid member refunded, no voucher), the refusals, the
 * places given back by lapsed checkouts, and what the order history, the success page and a
 * customer's groups show.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { group as groupSchema, groupCheckoutAnswer, myGroupList, openGroupList } from '../../../contract/groups';
import { attentionActionAnswer, attentionList } from '../../../contract/money';
import { adminOrderList, customerOrderList } from '../../../contract/orders';
import { buildUser } from '../../db/factories';
import { dealGroups, groupMembers, ledgerEntries, orders, refunds, vouchers } from '../../db/schema';
import { CapturingSms, deliverNotifications } from '../../test/notifications';
import { releaseExpiredOrders } from '../orders.service';
import type { OrderToPlace } from '../placement';
import { refuse, refusalFromDatabase } from '../refusals';
import { runExpirySweep } from '../expiry';
import { groupPagePreview } from './groups.service';
import { placeWithSeat, seatTerms } from './seats';
import { testConfig, useTestApp } from '../../test/app';
import { call, expectStatus, loginAs, messageOf } from '../../test/auth-helpers';
import { buyableDeal, customer, lapse, pay, paymentStatusOf, sessionIdOf, stockOf, testProviderFor, userUnitsOf, type Shopper } from '../../test/purchase-helpers';

const provider = testProviderFor(testConfig());
/** Every SMS sent, in order, once the outbox is delivered (ADR 038). */
const sms = new CapturingSms();
const t = useTestApp({ deps: { payments: provider, sms } });

const GROUP = { priceCents: 3000, groupSize: 3, groupPriceCents: 2000, groupWindowHours: 24, inventory: 10, maxPerUser: 2 };

async function groupDeal(overrides: Parameters<typeof buyableDeal>[1] = {}) {
  return (await buyableDeal(t.db, { ...GROUP, ...overrides })).deal;
}

async function start(who: Shopper, dealId: string) {
  const res = await call(t.app, 'POST', '/api/groups', { sessionId: who.sessionId, body: { dealId } });
  expectStatus(res, 200);
  const answer = groupCheckoutAnswer.parse(res.body);
  return { group: answer.group, sid: sessionIdOf(answer.url) };
}

async function join(who: Shopper, groupId: string) {
  return call(t.app, 'POST', `/api/groups/${groupId}/join`, { sessionId: who.sessionId });
}

async function joined(who: Shopper, groupId: string) {
  const res = await join(who, groupId);
  expectStatus(res, 200);
  return sessionIdOf(groupCheckoutAnswer.parse(res.body).url);
}

async function readGroup(id: string, who: Shopper | null = null) {
  const res = await call(t.app, 'GET', `/api/groups/${id}`, { sessionId: who?.sessionId ?? null });
  expectStatus(res, 200);
  return groupSchema.parse(res.body);
}

/** Moves a group's deadline into the past, as if its window had run out. */
async function elapse(groupId: string) {
  await t.db.update(dealGroups).set({ deadline: new Date(Date.now() - 1000) }).where(eq(dealGroups.id, groupId));
}

const sweep = () => runExpirySweep({ db: t.db, payments: provider, logger: t.app.log });

describe('starting and joining a group', () => {
  it('charges one unit at the group price, holds a place, and shows the group publicly', async () => {
    const deal = await groupDeal();
    const alice = await customer(t);
    const { group, sid } = await start(alice, deal.id);
    expect(group).toMatchObject({ status: 'open', size: 3, priceCents: 2000, seatsLeft: 2, paidCount: 0, members: [], mine: 'held' });
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, sid));
    expect(order).toMatchObject({ totalCents: 2000, status: 'pending' });
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 1 });

    expectStatus(await pay(t.app, alice, sid), 200);
    const shown = await readGroup(group.id);
    expect(shown).toMatchObject({ status: 'open', paidCount: 1, seatsLeft: 2, members: [{ initials: expect.any(String) }], mine: null, deal: { id: deal.id } });
    // Paid, but no voucher until the group forms; the money is in the ledger already.
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order!.id))).toHaveLength(0);
    const payments = await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.orderId, order!.id), eq(ledgerEntries.kind, 'payment')));
    expect(payments.map((p) => p.amountCents)).toEqual([2000]);
    const status = await paymentStatusOf(t.app, alice, sid);
    expect(status).toMatchObject({ status: 'paid', vouchers: [], group: { id: group.id, status: 'open', waitingFor: 2 } });
    // The deal's page lists it, with the viewer's own place.
    const open = openGroupList.parse((await call(t.app, 'GET', `/api/deals/${deal.id}/groups`, { sessionId: alice.sessionId })).body);
    expect(open).toEqual([expect.objectContaining({ id: group.id, seatsLeft: 2, mine: 'paid' })]);
  });

  it('forms when the last place is paid: every member gets one voucher, at once, and is told', async () => {
    const deal = await groupDeal();
    const [a, b, c] = [await customer(t), await customer(t), await customer(t)];
    const { group, sid: sa } = await start(a, deal.id);
    const sb = await joined(b, group.id);
    const sc = await joined(c, group.id);
    expectStatus(await pay(t.app, a, sa), 200);
    expectStatus(await pay(t.app, b, sb), 200);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.dealId, deal.id))).toHaveLength(0);
    await deliverNotifications(t.db, { sms });
    const sent = sms.sent.length;
    expectStatus(await pay(t.app, c, sc), 200);

    const issued = await t.db.select().from(vouchers).where(eq(vouchers.dealId, deal.id));
    expect(issued.map((v) => v.userId).sort()).toEqual([a.user.id, b.user.id, c.user.id].sort());
    expect(await readGroup(group.id, a)).toMatchObject({ status: 'formed', paidCount: 3, seatsLeft: 0, mine: 'paid', formedAt: expect.any(String) });
    expect((await paymentStatusOf(t.app, a, sa)).vouchers).toHaveLength(1);
    await deliverNotifications(t.db, { sms });
    expect(sms.sent.slice(sent).map((m) => m.body)).toEqual(Array(3).fill(expect.stringContaining('is complete')));
    // A redelivered payment issues nothing more.
    expectStatus(await pay(t.app, c, sc), 200);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.dealId, deal.id))).toHaveLength(3);
    // The order history says so.
    const history = customerOrderList.parse((await call(t.app, 'GET', '/api/user/orders', { sessionId: b.sessionId })).body);
    expect(history[0]!.group).toMatchObject({ id: group.id, status: 'formed', waitingFor: 0 });
  });

  it('refuses a full group, a second place, a closed group, a deal without a group price and a guest', async () => {
    const deal = await groupDeal({ groupSize: 2, groupPriceCents: 2000 });
    const [a, b, c] = [await customer(t), await customer(t), await customer(t)];
    const { group } = await start(a, deal.id);
    const again = await join(a, group.id);
    expectStatus(again, 409);
    expect(messageOf(again)).toBe('You are already in this group');
    await joined(b, group.id);
    const full = await join(c, group.id);
    expectStatus(full, 409);
    expect(messageOf(full)).toBe('This group is full. Start a new group instead.');

    const other = await start(c, deal.id);
    await elapse(other.group.id);
    const closed = await join(b, other.group.id);
    expectStatus(closed, 409);
    expect(messageOf(closed)).toBe('This group has closed. Start a new group instead.');

    const plain = await groupDeal({ groupSize: null, groupPriceCents: null });
    const none = await call(t.app, 'POST', '/api/groups', { sessionId: a.sessionId, body: { dealId: plain.id } });
    expectStatus(none, 409);
    expectStatus(await call(t.app, 'POST', '/api/groups', { body: { dealId: deal.id } }), 401);
    expectStatus(await call(t.app, 'GET', '/api/groups/00000000-0000-4000-8000-000000000000'), 404);
  });

  it('checks the place again where it takes it: a group that filled or closed, or took the customer in, since the checks is refused with nothing written', async () => {
    const deal = await groupDeal({ groupSize: 2, groupPriceCents: 2000 });
    const [a, b, c] = [await customer(t), await customer(t), await customer(t)];
    const { group } = await start(a, deal.id);
    const terms = (who: Shopper) => seatTerms(t.db, { start: false, groupId: group.id }, deal, who.user.id, new Date());
    const order = (who: Shopper): OrderToPlace => ({
      orderId: randomUUID(),
      userId: who.user.id,
      provider: provider.name,
      sessionId: `cs_${randomUUID()}`,
      expiresAt: new Date(Date.now() + 3_600_000),
      lines: [{ deal_id: deal.id, quantity: 1, unit_price_cents: 2000, title: deal.title, max_per_user: deal.maxPerUser }],
      budget: { key: `test:${randomUUID()}`, limit: 100, windowSeconds: 60 },
    });
    const refusalOf = async (place: Promise<void>) => {
      const err = await place.then(() => undefined, (e: unknown) => e);
      return refusalFromDatabase(err, () => deal)?.message;
    };

    // b passed the checks, then the last place went to c first.
    const late = await terms(b);
    await joined(c, group.id);
    const full = order(b);
    expect(await refusalOf(placeWithSeat(t.db, late, full))).toBe(refuse('groupFull').message);

    // c passed the checks of another group, which then closed.
    const other = await start(b, deal.id);
    const closing = await seatTerms(t.db, { start: false, groupId: other.group.id }, deal, c.user.id, new Date());
    await elapse(other.group.id);
    const closed = order(c);
    expect(await refusalOf(placeWithSeat(t.db, closing, closed))).toBe(refuse('groupClosed').message);

    // A group of three of another deal: c passed the checks, then a checkout of c's own took a place in it.
    const larger = await groupDeal({ groupSize: 3, groupPriceCents: 2000 });
    const third = await start(a, larger.id);
    const twice = await seatTerms(t.db, { start: false, groupId: third.group.id }, larger, c.user.id, new Date());
    await joined(c, third.group.id);
    const again = { ...order(c), lines: [{ deal_id: larger.id, quantity: 1, unit_price_cents: 2000, title: larger.title, max_per_user: larger.maxPerUser }] };
    expect(await refusalOf(placeWithSeat(t.db, twice, again))).toBe(refuse('alreadyInGroup').message);

    // Nothing of the refused placements was written, and the groups' places are as they were.
    for (const refused of [full, closed, again]) expect(await t.db.select().from(orders).where(eq(orders.id, refused.orderId))).toEqual([]);
    const seats = await t.db.select({ id: dealGroups.id, seatsTaken: dealGroups.seatsTaken }).from(dealGroups);
    expect(Object.fromEntries(seats.map((g) => [g.id, g.seatsTaken]))).toEqual({ [group.id]: 2, [other.group.id]: 1, [third.group.id]: 2 });
  });

  it('gives a lapsed checkout’s place back, and a late payment takes it again only while it is free', async () => {
    const deal = await groupDeal({ groupSize: 2, groupPriceCents: 2000 });
    const [a, b, c] = [await customer(t), await customer(t), await customer(t)];
    const { group, sid: sa } = await start(a, deal.id);
    expectStatus(await pay(t.app, a, sa), 200);
    const sb = await joined(b, group.id);
    expect((await readGroup(group.id)).seatsLeft).toBe(0);
    await lapse(t.db, sb);
    await releaseExpiredOrders(t.db);
    expect((await readGroup(group.id)).seatsLeft).toBe(1);
    expect(await userUnitsOf(t.db, b.user.id, deal.id)).toBe(0);
    // c takes the freed place and pays: the group forms without b.
    const sc = await joined(c, group.id);
    expectStatus(await pay(t.app, c, sc), 200);
    expect((await readGroup(group.id)).status).toBe('formed');
    // b's payment arrives late, through a webhook: refunded, no voucher, b not a member.
    const [orderB] = await t.db.select().from(orders).where(eq(orders.providerSessionId, sb));
    const res = await call(t.app, 'POST', `/api/test-provider/sessions/${sb}/pay`, { sessionId: b.sessionId, body: { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', cardholderName: 'B' } });
    expect([200, 409]).toContain(res.status);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, orderB!.id))).toHaveLength(0);
  });
});

describe('a group whose window passes', () => {
  it('fails: every paid member is refunded through the refund path, no voucher is issued, units go back', async () => {
    const deal = await groupDeal();
    const [a, b, c] = [await customer(t), await customer(t), await customer(t)];
    const { group, sid: sa } = await start(a, deal.id);
    const sb = await joined(b, group.id);
    await joined(c, group.id); // never pays
    expectStatus(await pay(t.app, a, sa), 200);
    expectStatus(await pay(t.app, b, sb), 200);
    await deliverNotifications(t.db, { sms });
    const sent = sms.sent.length;
    await elapse(group.id);
    const result = await sweep();
    expect(result).toMatchObject({ groupsFailed: 1, groupRefunds: 2 });

    expect(await readGroup(group.id, a)).toMatchObject({ status: 'failed', mine: 'refunded', seatsLeft: 0 });
    const rows = await t.db.select().from(refunds).where(eq(refunds.reason, 'group'));
    expect(rows.map((r) => [r.amountCents, r.status])).toEqual([
      [2000, 'succeeded'],
      [2000, 'succeeded'],
    ]);
    expect(rows.every((r) => r.voucherId === null && r.groupMemberId !== null)).toBe(true);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.dealId, deal.id))).toHaveLength(0);
    const members = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(members.map((m) => m.status).sort()).toEqual(['held', 'refunded', 'refunded']);
    // The two paid units are back; the unpaid one is still held until its checkout lapses.
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 1 });
    expect(await userUnitsOf(t.db, a.user.id, deal.id)).toBe(0);
    await deliverNotifications(t.db, { sms });
    // Each paid member: the group's failure, then the refund made.
    const told = sms.sent.slice(sent).map((m) => m.body);
    expect(told.filter((b) => b.includes('did not fill in time'))).toHaveLength(2);
    expect(told.filter((b) => b.includes('is on its way back to your card'))).toHaveLength(2);
    expect(told).toHaveLength(4);
    // Each refund's ledger row; a second sweep changes nothing.
    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'refund'));
    expect(ledger.map((l) => l.amountCents)).toEqual([-2000, -2000]);
    expect(await sweep()).toMatchObject({ groupsFailed: 0, groupRefunds: 0 });
    const history = customerOrderList.parse((await call(t.app, 'GET', '/api/user/orders', { sessionId: a.sessionId })).body);
    expect(history[0]).toMatchObject({ refundedCents: 2000, group: { status: 'failed', size: 3, closedAt: expect.any(String) }, refunds: [expect.objectContaining({ reason: 'group', voucherId: null })] });
    // Customer service reads the group's part in the order's story.
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const found = adminOrderList.parse((await call(t.app, 'GET', `/api/admin/orders?q=${history[0]!.id}`, { sessionId: admin.sessionId })).body);
    expect(found[0]!.story.map((e) => e.kind)).toEqual(expect.arrayContaining(['placed', 'paid', 'group_failed', 'refund_requested', 'refunded']));
    expect(found[0]!.story.find((e) => e.kind === 'group_failed')!.text).toBe('The group of 3 did not fill in time: every paid member is refunded.');
    expect(found[0]!.story[0]!.text).toBe('Order placed: 1 unit for $20.00 (a place in a group of 3).');
  });

  it('refunds a payment that arrives after the group failed', async () => {
    const deal = await groupDeal();
    const [a, b] = [await customer(t), await customer(t)];
    const { group } = await start(a, deal.id);
    const sb = await joined(b, group.id);
    await elapse(group.id);
    await sweep();
    const res = await pay(t.app, b, sb);
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('Sorry, this group closed before your payment completed. You have been refunded.');
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, sb));
    expect(order!.status).toBe('refunded');
  });

  it('keeps a member owed when the provider refuses the refund, for a superadmin to retry rather than every sweep', async () => {
    const deal = await groupDeal({ groupSize: 2, groupPriceCents: 2000 });
    const a = await customer(t);
    const { group, sid } = await start(a, deal.id);
    expectStatus(await pay(t.app, a, sid), 200);
    await elapse(group.id);
    provider.failNextRefunds(1);
    expect(await sweep()).toMatchObject({ groupsFailed: 1, groupRefunds: 0, groupRefundsFailed: 1 });
    expect((await readGroup(group.id, a)).mine).toBe('refunding');
    // A refusal is certain, so the sweep does not ask again: the refund waits on "Needs attention".
    const made = provider.unitRefunds.length;
    expect(await sweep()).toMatchObject({ groupRefunds: 0, groupRefundsFailed: 0 });
    expect(provider.unitRefunds.length).toBe(made);
    expect((await readGroup(group.id, a)).mine).toBe('refunding');

    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const listed = attentionList.parse((await call(t.app, 'GET', '/api/admin/attention', { sessionId: admin.sessionId })).body);
    const item = listed.items.find((i) => i.reason === 'group' && i.amountCents === 2000);
    expect(item).toMatchObject({ cause: 'failed', canRetry: true });
    const retried = await call(t.app, 'POST', `/api/admin/attention/${item!.id}/retry`, { sessionId: admin.sessionId });
    expectStatus(retried, 200);
    expect(attentionActionAnswer.parse(retried.body).item).toMatchObject({ status: 'succeeded', reason: 'group' });
    expect((await readGroup(group.id, a)).mine).toBe('refunded');
    expect(provider.unitRefunds.length).toBe(made + 1);
  });
});

describe('the group page as a shared link', () => {
  it('carries the group in its title and Open Graph tags', async () => {
    const deal = await groupDeal({ title: 'Omakase for one' });
    const a = await customer(t);
    const { group } = await start(a, deal.id);
    const preview = await groupPagePreview(t.db, 'http://deals.test', `/group/${group.id}`);
    expect(preview).toEqual({
      title: 'Join my group: Omakase for one',
      description: expect.stringMatching(/^3 people get it for \$20\.00 each instead of \$30\.00 at .+\. 2 places left\.$/),
      image: expect.stringMatching(new RegExp(`^http://deals\\.test/api/groups/${group.id}/share\\.png\\?v=[0-9a-f]{12}$`)),
      imageAlt: "Omakase for one: the group's price and the places left",
      imageWidth: 1200,
      imageHeight: 630,
      url: `http://deals.test/group/${group.id}`,
    });
    // A group page that names no group is answered 404 (server/http/web.ts).
    expect(await groupPagePreview(t.db, 'http://deals.test', '/group/not-a-group')).toBe('missing');
    expect(await groupPagePreview(t.db, 'http://deals.test', '/deal/whatever')).toBeNull();
  });
});

describe('POST /api/dev/groups/{id}/end-window', () => {
  it("ends an open group's window and runs the sweep: the paid member is refunded", async () => {
    const deal = await groupDeal();
    const a = await customer(t);
    const { group, sid } = await start(a, deal.id);
    expectStatus(await pay(t.app, a, sid), 200);
    const res = await call(t.app, 'POST', `/api/dev/groups/${group.id}/end-window`);
    expectStatus(res, 200);
    expect(groupSchema.parse(res.body)).toMatchObject({ status: 'failed' });
    expect((await readGroup(group.id, a)).mine).toBe('refunded');
  });
});

describe('GET /api/groups', () => {
  it("lists the customer's groups, newest first", async () => {
    const deal = await groupDeal();
    const a = await customer(t);
    const first = await start(a, deal.id);
    const second = await start(a, deal.id);
    const mine = myGroupList.parse((await call(t.app, 'GET', '/api/groups', { sessionId: a.sessionId })).body);
    expect(mine.map((g) => g.id)).toEqual([second.group.id, first.group.id]);
    expectStatus(await call(t.app, 'GET', '/api/groups'), 401);
  });

  it('shows each group with its own deal and its own members, across deals', async () => {
    const [dinner, spa] = [await groupDeal({ title: 'Dinner for two' }), await groupDeal({ title: 'Spa day' })];
    const [a, b] = [await customer(t), await customer(t)];
    const atDinner = await start(a, dinner.id);
    expectStatus(await pay(t.app, a, atDinner.sid), 200);
    await start(a, spa.id);
    await joined(b, atDinner.group.id);
    const mine = myGroupList.parse((await call(t.app, 'GET', '/api/groups', { sessionId: a.sessionId })).body);
    expect(mine.map((g) => [g.deal.title, g.paidCount, g.members.length, g.seatsLeft, g.mine])).toEqual([
      ['Spa day', 0, 0, 2, 'held'],
      ['Dinner for two', 1, 1, 1, 'paid'],
    ]);
  });
});
