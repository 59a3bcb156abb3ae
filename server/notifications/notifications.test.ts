/**
 * Notifications (ADR 038): each event writes exactly one notification per recipient, in the recipient's language,
 * however often or concurrently its code runs; the outbox is sent once per channel, retried with backoff when a
 * vendor refuses, never doubled, and listed for superadmins when it fails for good; the bell and the channel
 * switches through the API.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_VALUES, NOTIFICATION_MAX_ATTEMPTS, NOTIFICATION_TOPIC_OF } from '../../contract/constants';
import { notificationPage, notificationSettings, failedSendPage, sendState } from '../../contract/notifications';
import { buildDeal, buildMerchant, buildMerchantAccount, buildUser } from '../db/factories';
import { dealGroups, deals, notificationDeliveries, notifications, statements, users, vouchers } from '../db/schema';
import { signInSuperadmin } from '../test/admin-helpers';
import { call, expectStatus, loginAs } from '../test/auth-helpers';
import { testConfig, useTestApp } from '../test/app';
import {
  buy,
  buyableDeal,
  customer,
  formedGroupOfTwo,
  checkoutOk,
  pay,
  paymentStatusOf,
  postTestWebhook,
  signedPaidEvent,
  testProviderFor,
  orderOf,
} from '../test/purchase-helpers';
import { CapturingEmail, CapturingSms, deliverNotifications, TEST_ORIGIN } from '../test/notifications';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { runExpirySweep } from '../orders/expiry';
import { NOTIFICATION_SEND_BATCH, retryDelayMs, sendAllDueNotifications } from './sender';

const provider = testProviderFor(testConfig());
const sms = new CapturingSms();
const email = new CapturingEmail();
const t = useTestApp({ deps: { payments: provider, sms, email } });

const silentLogger = pino({ level: 'silent' }) as FastifyBaseLogger;
const deliver = (now?: Date) => deliverNotifications(t.db, { sms, email }, now);

async function notificationsOf(userId: string) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId));
}

async function deliveriesOf(userId: string) {
  return t.db
    .select({ channel: notificationDeliveries.channel, status: notificationDeliveries.status, kind: notifications.kind, attempts: notificationDeliveries.attempts, id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notifications.userId, userId));
}

function reset() {
  sms.sent.length = 0;
  sms.refuse = 0;
  email.sent.length = 0;
}

describe('the receipt when vouchers are issued', () => {
  it('is one notification per order with its codes and never a PIN, one SMS, whatever the number of fulfilments raced', async () => {
    reset();
    const { deal } = await buyableDeal(t.db, { title: 'Harbor Kayak Tour', priceCents: 4000, inventory: 10, maxPerUser: 5 });
    const shopper = await customer(t);
    const sid = await checkoutOk(t.app, shopper, { items: [{ dealId: deal.id, quantity: 2 }] });
    const event = signedPaidEvent(provider, await orderOf(t.db, sid));
    // The pay call, the webhook twice and the success page's poll, all at once: one fulfilment, one receipt.
    await Promise.all([pay(t.app, shopper, sid), postTestWebhook(t.app, event), postTestWebhook(t.app, event), paymentStatusOf(t.app, shopper, sid)]);

    const [receipt, ...more] = await notificationsOf(shopper.user.id);
    expect(more).toEqual([]);
    expect(receipt!.kind).toBe('vouchers_issued');
    const issued = await t.db.select().from(vouchers).where(eq(vouchers.userId, shopper.user.id));
    expect(issued).toHaveLength(2);
    expect((receipt!.params.codes as string[]).sort()).toEqual(issued.map((v) => v.code).sort());

    expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const texts = sms.to(shopper.user.phone);
    expect(texts).toHaveLength(1);
    for (const v of issued) {
      expect(texts[0]).toContain(v.code);
      expect(texts[0]).not.toContain(v.pin);
    }
    expect(texts[0]).toMatch(/^DealMarket: Harbor Kayak Tour: voucher .+ http:\/\/localhost:3000\/my\/vouchers$/);
    // Sending again sends nothing more.
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sms.to(shopper.user.phone)).toHaveLength(1);
  });

  it("is written in the customer's language and also emailed to a verified address", async () => {
    reset();
    const { deal } = await buyableDeal(t.db, { title: 'Pottery Class', priceCents: 2500 });
    const shopper = await customer(t);
    await t.db.update(users).set({ language: 'zh-CN', email: `pottery-${shopper.user.id}@example.com` }).where(eq(users.id, shopper.user.id));
    await buy(t.app, shopper, { items: [{ dealId: deal.id, quantity: 1 }] });
    expect(await deliver()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const [text] = sms.to(shopper.user.phone);
    expect(text).toMatch(/^【DealMarket】Pottery Class：券码 /);
    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]!.to).toBe(`pottery-${shopper.user.id}@example.com`);
    expect(email.sent[0]!.text).toContain('http://localhost:3000/my/vouchers');
  });

  it('leaves out a channel the customer switched off, and the bell still lists it', async () => {
    reset();
    const { deal } = await buyableDeal(t.db, { priceCents: 1500 });
    const shopper = await customer(t);
    const switched = await call(t.app, 'PUT', '/api/notifications/settings', { sessionId: shopper.sessionId, body: { sms: { orders: false } } });
    expectStatus(switched, 200);
    expect(notificationSettings.parse(switched.body).sms).toEqual({ orders: false, groups: true, reminders: true, merchant: true });
    await buy(t.app, shopper, { items: [{ dealId: deal.id, quantity: 1 }] });
    expect(await deliveriesOf(shopper.user.id)).toEqual([]);
    await deliver();
    expect(sms.to(shopper.user.phone)).toEqual([]);
    const bell = notificationPage.parse((await call(t.app, 'GET', '/api/notifications', { sessionId: shopper.sessionId })).body);
    expect(bell.items.map((n) => n.kind)).toEqual(['vouchers_issued']);
    expect(bell.unread).toBe(1);
  });
});

describe('group outcomes', () => {
  it('tells each member once when the group forms, with their own code and no separate receipt', async () => {
    reset();
    const { deal } = await buyableDeal(t.db, { title: 'Sushi Platter', priceCents: 6000, groupSize: 2, groupPriceCents: 4500, inventory: 10 });
    const { ada, bob, groupId } = await formedGroupOfTwo(t, deal.id);
    for (const member of [ada, bob]) {
      const rows = await notificationsOf(member.user.id);
      expect(rows.map((n) => [n.kind, n.subjectId])).toEqual([['group_formed', groupId]]);
      const [own] = await t.db.select().from(vouchers).where(eq(vouchers.userId, member.user.id));
      expect(rows[0]!.params.codes).toEqual([own!.code]);
    }
    await deliver();
    expect(sms.to(ada.user.phone)).toHaveLength(1);
    expect(sms.to(ada.user.phone)[0]).toContain(`/group/${groupId}`);
  });

  it('tells each paid member once when the group fails, and again when each refund is made', async () => {
    reset();
    const { deal } = await buyableDeal(t.db, { title: 'Spa Day', priceCents: 9000, groupSize: 3, groupPriceCents: 7000, inventory: 10 });
    const ada = await customer(t);
    const started = await call(t.app, 'POST', '/api/groups', { sessionId: ada.sessionId, body: { dealId: deal.id } });
    expectStatus(started, 200);
    const { group, url } = started.body as { group: { id: string }; url: string };
    expectStatus(await pay(t.app, ada, new URL(url).searchParams.get('session_id')!), 200);
    await t.db.update(dealGroups).set({ deadline: new Date(Date.now() - 1000) }).where(eq(dealGroups.id, group.id));
    const sweep = () => runExpirySweep({ db: t.db, payments: provider, logger: t.app.log });
    await Promise.all([sweep(), sweep()]);
    await sweep();
    const kinds = (await notificationsOf(ada.user.id)).map((n) => n.kind).sort();
    expect(kinds).toEqual(['group_failed', 'refund_succeeded']);
    await deliver();
    const texts = sms.to(ada.user.phone);
    expect(texts).toHaveLength(2);
    expect(texts.some((s) => s.includes('did not fill in time') && s.includes('$70.00'))).toBe(true);
    expect(texts.some((s) => s.includes('$70.00 for Spa Day is on its way back'))).toBe(true);
  });
});

describe('refunds', () => {
  it('notify once when the customer and the expiry sweep refund the same voucher at the same moment', async () => {
    reset();
    const { deal } = await buyableDeal(t.db, { title: 'Yoga Pass', priceCents: 3000, autoRefundOnExpiry: true, refundAnytime: true });
    const shopper = await customer(t);
    await buy(t.app, shopper, { items: [{ dealId: deal.id, quantity: 1 }] });
    await deliver();
    const [v] = await t.db.select().from(vouchers).where(eq(vouchers.userId, shopper.user.id));
    await t.db.update(vouchers).set({ validUntil: new Date(Date.now() - 1000) }).where(eq(vouchers.id, v!.id));
    const sweep = () => runExpirySweep({ db: t.db, payments: provider, logger: t.app.log });
    await Promise.all([call(t.app, 'POST', `/api/vouchers/${v!.id}/refund`, { sessionId: shopper.sessionId, body: {} }), sweep(), sweep()]);
    const refundNews = (await notificationsOf(shopper.user.id)).filter((n) => n.kind.startsWith('refund_'));
    expect(refundNews.map((n) => n.kind)).toEqual(['refund_succeeded']);
    reset();
    await deliver();
    expect(sms.to(shopper.user.phone)).toEqual([expect.stringContaining('$30.00 for Yoga Pass is on its way back to your card.')]);
  });
});

describe("merchants' news", () => {
  async function merchantWithOwnerAndStaff() {
    const shop = await buildMerchant(t.db);
    const owner = await buildMerchantAccount(t.db, shop.id, { merchantRole: 'owner' });
    const staff = await buildMerchantAccount(t.db, shop.id, { merchantRole: 'staff' });
    return { shop, owner, staff };
  }

  it("tell the owners, not the staff, of each decision on a proposal, the reason included, also after a resubmission", async () => {
    reset();
    const { shop, owner, staff } = await merchantWithOwnerAndStaff();
    const deal = await buildDeal(t.db, { merchantId: shop.id, title: 'Tea Tasting', status: 'pending_review', active: false, submittedAt: new Date() });
    const admin = await signInSuperadmin(t);
    const reject = () => call(t.app, 'POST', `/api/admin/deals/${deal.id}/reject`, { sessionId: admin.sessionId, body: { reason: 'Add a photo of the tea.' } });
    await Promise.all([reject(), reject()]);
    // Handed in again and turned down again: told again.
    await t.db.update(deals).set({ status: 'pending_review', rejectionReason: null, submittedAt: new Date(Date.now() + 1000) }).where(eq(deals.id, deal.id));
    expectStatus(await reject(), 200);
    await t.db.update(deals).set({ status: 'pending_review', rejectionReason: null, submittedAt: new Date(Date.now() + 2000) }).where(eq(deals.id, deal.id));
    expectStatus(await call(t.app, 'POST', `/api/admin/deals/${deal.id}/approve`, { sessionId: admin.sessionId, body: {} }), 200);

    expect((await notificationsOf(owner.id)).map((n) => n.kind).sort()).toEqual(['proposal_approved', 'proposal_rejected', 'proposal_rejected']);
    expect(await notificationsOf(staff.id)).toEqual([]);
    await deliver();
    const texts = sms.to(owner.phone);
    expect(texts).toHaveLength(3);
    expect(texts.filter((s) => s.includes('Tea Tasting was not approved: Add a photo of the tea.'))).toHaveLength(2);
    expect(texts.some((s) => s.includes(`/merchant/deals/${deal.id}`))).toBe(true);
  });

  it('tell the owners when a statement is drawn up and when its payout is recorded, once each', async () => {
    reset();
    const { shop, owner } = await merchantWithOwnerAndStaff();
    await t.db.update(users).set({ language: 'zh-CN' }).where(eq(users.id, owner.id));
    const [statement] = await t.db
      .insert(statements)
      .values({
        merchantId: shop.id,
        periodStart: new Date('2026-11-16T00:00:00Z'),
        periodEnd: new Date('2026-11-23T00:00:00Z'),
        commissionBps: 1000,
        grossCents: 10_000,
        commissionCents: 1000,
        refundsCents: 0,
        netCents: 9000,
        lineCount: 1,
      })
      .returning();
    const admin = await signInSuperadmin(t);
    const payout = () => call(t.app, 'POST', `/api/admin/statements/${statement!.id}/payout`, { sessionId: admin.sessionId, body: { reference: 'WIRE-1' } });
    await Promise.all([payout(), payout()]);
    expect((await notificationsOf(owner.id)).map((n) => n.kind).sort()).toEqual(['payout_recorded', 'statement_ready']);
    await deliver();
    const texts = sms.to(owner.phone);
    expect(texts).toHaveLength(2);
    expect(texts.some((s) => s.includes('US$90.00') && s.includes('WIRE-1'))).toBe(true);
  });
});

describe('the outbox', () => {
  it('tries a refused send again after a growing wait, never sends one twice, and lists it for superadmins after the last try', async () => {
    reset();
    const { deal } = await buyableDeal(t.db, { priceCents: 1200 });
    const shopper = await customer(t);
    await buy(t.app, shopper, { items: [{ dealId: deal.id, quantity: 1 }] });
    const start = new Date();
    sms.refuse = NOTIFICATION_MAX_ATTEMPTS - 1;
    expect(await deliver(start)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    // Not due yet: nothing is tried.
    expect(await deliver(new Date(start.getTime() + retryDelayMs(1) - 1000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    let at = start.getTime();
    for (let attempt = 1; attempt < NOTIFICATION_MAX_ATTEMPTS - 1; attempt++) {
      at += retryDelayMs(attempt);
      expect(await deliver(new Date(at))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    }
    at += retryDelayMs(NOTIFICATION_MAX_ATTEMPTS - 1);
    expect(await deliver(new Date(at))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sms.to(shopper.user.phone)).toHaveLength(1);
    expect((await deliveriesOf(shopper.user.id))[0]).toMatchObject({ status: 'sent', attempts: NOTIFICATION_MAX_ATTEMPTS });

    // A send refused every time fails for good and waits on the superadmins' list, which sends it again on request.
    const other = await customer(t);
    await buy(t.app, other, { items: [{ dealId: deal.id, quantity: 1 }] });
    sms.refuse = NOTIFICATION_MAX_ATTEMPTS;
    at = Date.now();
    for (let attempt = 1; attempt <= NOTIFICATION_MAX_ATTEMPTS; attempt++) {
      await deliver(new Date(at));
      at += retryDelayMs(attempt);
    }
    const [failed] = await deliveriesOf(other.user.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: NOTIFICATION_MAX_ATTEMPTS });
    const admin = await signInSuperadmin(t);
    const list = failedSendPage.parse((await call(t.app, 'GET', '/api/admin/notifications/failed', { sessionId: admin.sessionId })).body);
    expect(list.items.map((s) => [s.id, s.kind, s.channel, s.lastError])).toEqual([[failed!.id, 'vouchers_issued', 'sms', 'the SMS vendor refused the message']]);
    expectStatus(await call(t.app, 'GET', '/api/admin/notifications/failed', { sessionId: other.sessionId }), 403);
    const retried = await call(t.app, 'POST', `/api/admin/notifications/failed/${failed!.id}/retry`, { sessionId: admin.sessionId, body: {} });
    expect(sendState.parse(retried.body).status).toBe('pending');
    expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sms.to(other.user.phone)).toHaveLength(1);
    expectStatus(await call(t.app, 'POST', `/api/admin/notifications/failed/${crypto.randomUUID()}/retry`, { sessionId: admin.sessionId, body: {} }), 404);
  });

  it('sends a backlog larger than a pass in one turn of the job, each message once', async () => {
    reset();
    const { deal } = await buyableDeal(t.db, { priceCents: 800 });
    const shopper = await customer(t);
    await buy(t.app, shopper, { items: [{ dealId: deal.id, quantity: 1 }] });
    await deliver();
    reset();
    const [receipt] = await notificationsOf(shopper.user.id);
    // A busy minute's receipts: more than one pass takes, all due at once.
    const extra = NOTIFICATION_SEND_BATCH + 20;
    await t.db.execute(sql`
      with made as (
        insert into notifications (user_id, kind, subject_id, params)
        select ${shopper.user.id}, kind, gen_random_uuid(), params from notifications, generate_series(1, ${extra})
        where id = ${receipt!.id}
        returning id
      )
      insert into notification_deliveries (notification_id, channel, address)
      select id, 'sms', ${shopper.user.phone} from made`);
    const result = await sendAllDueNotifications({ db: t.db, sms, email, logger: silentLogger, publicOrigin: TEST_ORIGIN });
    expect(result).toEqual({ sent: extra, retrying: 0, failed: 0 });
    expect(sms.to(shopper.user.phone)).toHaveLength(extra);
    expect((await deliveriesOf(shopper.user.id)).filter((d) => d.status !== 'sent')).toEqual([]);
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('sends each message once when several servers send at the same moment', async () => {
    reset();
    const { deal } = await buyableDeal(t.db, { priceCents: 800, inventory: 50 });
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => customer(t)));
    for (const s of shoppers) await buy(t.app, s, { items: [{ dealId: deal.id, quantity: 1 }] });
    const results = await Promise.all([deliver(), deliver(), deliver()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(6);
    expect(sms.sent).toHaveLength(6);
    for (const s of shoppers) expect(sms.to(s.user.phone)).toHaveLength(1);
  });

  it('gives up a send whose server stopped mid-send after the last try, and takes over one that stopped before', async () => {
    reset();
    const { deal } = await buyableDeal(t.db, { priceCents: 800 });
    const shopper = await customer(t);
    await buy(t.app, shopper, { items: [{ dealId: deal.id, quantity: 1 }] });
    const [d] = await deliveriesOf(shopper.user.id);
    // Claimed by a server that stopped: the lease passed.
    await t.db.update(notificationDeliveries).set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(notificationDeliveries.id, d!.id));
    expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    await t.db
      .update(notificationDeliveries)
      .set({ status: 'sending', sentAt: null, attempts: NOTIFICATION_MAX_ATTEMPTS, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(notificationDeliveries.id, d!.id));
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await deliveriesOf(shopper.user.id))[0]!.status).toBe('failed');
  });
});

describe('the bell', () => {
  it('lists only the caller\'s notifications, newest first, in pages, and marks them read', async () => {
    const shopper = await customer(t);
    const other = await customer(t);
    const { deal } = await buyableDeal(t.db, { title: 'Bike Rental', priceCents: 1000, inventory: 20, maxPerUser: 5 });
    for (let i = 0; i < 3; i++) await buy(t.app, shopper, { items: [{ dealId: deal.id, quantity: 1 }] });
    await buy(t.app, other, { items: [{ dealId: deal.id, quantity: 1 }] });

    expectStatus(await call(t.app, 'GET', '/api/notifications'), 401);
    const first = notificationPage.parse((await call(t.app, 'GET', '/api/notifications?limit=2', { sessionId: shopper.sessionId, headers: { 'accept-language': 'zh-CN' } })).body);
    expect(first.items).toHaveLength(2);
    expect(first.unread).toBe(3);
    expect(first.items[0]).toMatchObject({ kind: 'vouchers_issued', title: '团购券已发放', link: '/my/vouchers', readAt: null });
    const second = notificationPage.parse((await call(t.app, 'GET', `/api/notifications?limit=2&cursor=${first.nextCursor}`, { sessionId: shopper.sessionId })).body);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((n) => n.id)).size).toBe(3);
    expect(second.items[0]!.title).toBe('Your vouchers are ready');
    expectStatus(await call(t.app, 'GET', '/api/notifications?cursor=nonsense', { sessionId: shopper.sessionId }), 400);

    const [othersOne] = await notificationsOf(other.user.id);
    const read = await call(t.app, 'POST', '/api/notifications/read', { sessionId: shopper.sessionId, body: { ids: [first.items[0]!.id, othersOne!.id] } });
    expect(read.body).toEqual({ unread: 2 });
    expect((await call(t.app, 'GET', '/api/notifications/unread', { sessionId: other.sessionId })).body).toEqual({ unread: 1 });
    expect((await call(t.app, 'POST', '/api/notifications/read', { sessionId: shopper.sessionId, body: {} })).body).toEqual({ unread: 0 });
    expect((await call(t.app, 'GET', '/api/notifications/unread', { sessionId: shopper.sessionId })).body).toEqual({ unread: 0 });
  });

  it('offers the merchant topic to merchant owners only, and email only with a verified address', async () => {
    const shop = await buildMerchant(t.db);
    const owner = await buildMerchantAccount(t.db, shop.id, { merchantRole: 'owner', email: `owner-${shop.id}@example.com` });
    const staff = await buildMerchantAccount(t.db, shop.id, { merchantRole: 'staff' });
    const ownerSettings = notificationSettings.parse((await call(t.app, 'GET', '/api/notifications/settings', { sessionId: (await loginAs(t, owner)).sessionId })).body);
    expect(ownerSettings.topics).toEqual(['orders', 'groups', 'reminders', 'merchant']);
    expect(ownerSettings.verifiedEmail).toBe(`owner-${shop.id}@example.com`);
    const staffSettings = notificationSettings.parse((await call(t.app, 'GET', '/api/notifications/settings', { sessionId: (await loginAs(t, staff)).sessionId })).body);
    expect(staffSettings.topics).toEqual(['orders', 'groups', 'reminders']);
    expect(staffSettings.verifiedEmail).toBeNull();
  });
});

describe('the database and the contract', () => {
  it('agree on the topic of every kind', async () => {
    for (const kind of NOTIFICATION_KIND_VALUES) {
      const result: unknown = await t.db.execute(sql`select notification_topic(${kind}) as topic`);
      // node-postgres and PGlite both answer `{ rows }`.
      const [row] = (result as { rows: { topic: string }[] }).rows;
      expect(row!.topic, kind).toBe(NOTIFICATION_TOPIC_OF[kind]);
    }
  });

  it('refuse a kind the product does not know', async () => {
    const user = await buildUser(t.db);
    await expect(t.db.insert(notifications).values({ userId: user.id, kind: 'spam' as never, subjectId: user.id })).rejects.toThrow();
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id)))).toEqual([]);
  });
});
