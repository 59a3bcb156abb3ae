/**
 * The expiry sweep, called directly: one reminder per voucher, expiry of vouchers whose deal does
 * not refund on expiry, automatic refunds through the one refund path (a refusal leaves the voucher
 * active, for a superadmin to retry), and refunds left pending by a crash asked about again.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { VOUCHER_EXPIRY_REMINDER_DAYS } from '../../contract/constants';
import { buildCustomer, buildUser } from '../db/factories';
import { ledgerEntries, refunds, users, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { buildVouchers } from '../test/fixtures';
import { buyableDeal, stockOf, testProviderFor } from '../test/purchase-helpers';
import { CapturingSms, deliverNotifications } from '../test/notifications';
import { runExpirySweep } from './expiry';
import { refundIdempotencyKey, retryRefund } from './refunds';

const provider = testProviderFor(testConfig());
const sms = new CapturingSms();
const t = useTestApp({ deps: { payments: provider, sms } });
/** The reminders sent: the outbox delivered, the receipts of the vouchers the fixtures issued left out. */
async function remindersSent() {
  sms.sent.length = 0;
  await deliverNotifications(t.db, { sms });
  return sms.sent.filter((m) => /expires on|到期/.test(m.body));
}
const DAY = 86_400_000;

const sweep = (batch?: number) => runExpirySweep({ db: t.db, payments: provider, logger: t.app.log }, batch);

/** One voucher of a fresh deal, ending at `validUntil`, bought through a paid order (with its unit taken, as checkout would). */
async function voucherEnding(validUntil: Date, deal: Parameters<typeof buyableDeal>[1] = {}) {
  const { deal: d } = await buyableDeal(t.db, { title: 'Harbor Kayak Tour', priceCents: 4000, inventory: 5, ...deal });
  const user = await buildCustomer(t.db);
  const { order, vouchers: [v] } = await buildVouchers(t.db, { userId: user.id, dealId: d.id, count: 1 });
  await t.db.update(vouchers).set({ validUntil }).where(eq(vouchers.id, v!.id));
  // The unit the order took, as checkout and fulfilment leave it.
  await t.db.execute(sql`select deal_stock_move(${d.id}::uuid, 1, true)`);
  return { deal: d, user, order, voucher: { ...v!, validUntil } };
}

async function statusOf(id: string) {
  const [v] = await t.db.select().from(vouchers).where(eq(vouchers.id, id));
  return v!;
}

describe('expiry reminders', () => {
  it('sends one SMS per voucher ending within the reminder window, whatever the number of sweeps', async () => {
    const soon = await voucherEnding(new Date(Date.now() + DAY));
    const kept = await voucherEnding(new Date(Date.now() + 2 * DAY), { title: 'Pottery Class', autoRefundOnExpiry: false });
    const later = await voucherEnding(new Date(Date.now() + (VOUCHER_EXPIRY_REMINDER_DAYS + 1) * DAY));

    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect(first!.reminded + second!.reminded).toBe(2);
    expect((await sweep()).reminded).toBe(0);

    const phone = async (userId: string) => (await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]!.phone;
    const sent = await remindersSent();
    expect(sent).toHaveLength(2);
    expect(sent.find((s) => s.body.includes(soon.voucher.code))!.to).toBe(await phone(soon.user.id));
    expect(sent.find((s) => s.body.includes(kept.voucher.code))!.body).toMatch(
      /^DealMarket: Your voucher \w+ for Pottery Class expires on \w{3} \d{1,2}, \d{4}\. Use it before then\. http:\/\/localhost:3000\/my\/vouchers$/,
    );
    expect(sent.find((s) => s.body.includes(soon.voucher.code))!.body).toContain('Use it or it will be refunded automatically.');
    expect(await remindersSent()).toEqual([]);
    expect((await statusOf(later.voucher.id)).expiryRemindedAt).toBeNull();
    expect((await statusOf(soon.voucher.id)).expiryRemindedAt).not.toBeNull();
  });

  it("writes the reminder in its owner's language", async () => {
    const v = await voucherEnding(new Date(Date.now() + DAY), { title: 'Pottery Class' });
    await t.db.update(users).set({ language: 'zh-CN' }).where(eq(users.id, v.user.id));
    expect((await sweep()).reminded).toBe(1);
    const sent = await remindersSent();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(new RegExp(`^【DealMarket】您的“Pottery Class”团购券 ${v.voucher.code} 将于 \\d{4}年\\d{1,2}月\\d{1,2}日到期。请在此之前使用，否则将自动退款。 http://localhost:3000/my/vouchers$`));
  });

  it('does not remind a voucher that is no longer active', async () => {
    const v = await voucherEnding(new Date(Date.now() + DAY));
    await t.db.update(vouchers).set({ status: 'expired' }).where(eq(vouchers.id, v.voucher.id));
    expect((await sweep()).reminded).toBe(0);
    expect(await remindersSent()).toEqual([]);
  });
});

describe('expiry', () => {
  it('expires unused vouchers past their date whose deal does not refund on expiry, and leaves the rest', async () => {
    const past = await voucherEnding(new Date(Date.now() - 60_000), { autoRefundOnExpiry: false });
    const current = await voucherEnding(new Date(Date.now() + 10 * DAY), { autoRefundOnExpiry: false });
    const result = await sweep();
    expect(result.expired).toBe(1);
    expect((await statusOf(past.voucher.id)).status).toBe('expired');
    expect((await statusOf(current.voucher.id)).status).toBe('active');
    expect(await t.db.select().from(refunds)).toEqual([]);
  });

  it('refunds unused vouchers past their date whose deal refunds on expiry, once, with the unit back', async () => {
    const past = await voucherEnding(new Date(Date.now() - 60_000));
    const before = await stockOf(t.db, past.deal.id);
    const refundsBefore = provider.unitRefunds.length;
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a!.refunded + b!.refunded).toBe(1);
    expect((await statusOf(past.voucher.id)).status).toBe('refunded');
    const rows = await t.db.select().from(refunds).where(eq(refunds.voucherId, past.voucher.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'succeeded', reason: 'expiry', amountCents: 1000, requestedBy: null })]);
    expect(provider.unitRefunds.slice(refundsBefore)).toEqual([expect.objectContaining({ idempotencyKey: refundIdempotencyKey(rows[0]!.id), voucherId: past.voucher.id })]);
    expect(await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.orderId, past.order.id), eq(ledgerEntries.kind, 'refund')))).toHaveLength(1);
    expect(await stockOf(t.db, past.deal.id)).toEqual({ ...before, unitsTaken: before.unitsTaken - 1 });
    expect((await sweep()).refunded).toBe(0);
  });

  it('leaves a voucher active when the provider refuses its refund, and leaves it to a superadmin rather than asking again every sweep', async () => {
    const past = await voucherEnding(new Date(Date.now() - 60_000));
    provider.failNextRefunds(1);
    const first = await sweep();
    expect(first).toMatchObject({ refunded: 0, refundsFailed: 1 });
    expect((await statusOf(past.voucher.id)).status).toBe('active');
    const [refused] = await t.db.select().from(refunds).where(eq(refunds.voucherId, past.voucher.id));
    expect(refused).toMatchObject({ status: 'failed', reason: 'expiry', failure: 'The test provider refused the refund' });

    // A refusal is certain: the same request would be refused again, so the sweep does not make it.
    const refundsBefore = provider.unitRefunds.length;
    expect(await sweep()).toMatchObject({ refunded: 0, refundsFailed: 0 });
    expect((await statusOf(past.voucher.id)).status).toBe('active');
    expect(provider.unitRefunds.length).toBe(refundsBefore);

    // A superadmin's retry (from "Needs attention") is a new attempt, with a key of its own.
    const admin = await buildUser(t.db, { role: 'superadmin' });
    const retried = await retryRefund({ db: t.db, payments: provider, logger: t.app.log }, refused!.id, admin.id);
    expect(retried).toMatchObject({ status: 'succeeded', reason: 'expiry', voucherId: past.voucher.id, requestedBy: admin.id });
    expect(retried.idempotencyKey).toBe(refundIdempotencyKey(retried.id));
    expect(retried.idempotencyKey).not.toBe(refused!.idempotencyKey);
    expect((await statusOf(past.voucher.id)).status).toBe('refunded');
    const statuses = (await t.db.select().from(refunds).where(eq(refunds.voucherId, past.voucher.id))).map((r) => r.status).sort();
    expect(statuses).toEqual(['failed', 'succeeded']);
  });

  it('takes a bounded batch a pass', async () => {
    for (let i = 0; i < 3; i++) await voucherEnding(new Date(Date.now() - 60_000), { autoRefundOnExpiry: false });
    expect((await sweep(2)).expired).toBe(2);
    expect((await sweep(2)).expired).toBe(1);
  });
});

describe('refunds left pending', () => {
  it('asks the provider again, with the same key, about a refund a crash left pending, once its first retry is due a minute later', async () => {
    const v = await voucherEnding(new Date(Date.now() + 10 * DAY));
    const before = await stockOf(t.db, v.deal.id);
    // What a server leaves behind when it stops between the claim and the provider's answer: the
    // attempt with its own key, never asked, its first retry due a minute after the claim.
    await t.db.update(vouchers).set({ status: 'refunded' }).where(eq(vouchers.id, v.voucher.id));
    const id = randomUUID();
    const [stuck] = await t.db
      .insert(refunds)
      .values({
        id,
        idempotencyKey: refundIdempotencyKey(id),
        voucherId: v.voucher.id,
        orderId: v.order.id,
        userId: v.user.id,
        amountCents: 1000,
        reason: 'customer',
        voucherStatusBefore: 'active',
        provider: 'test',
        requestedBy: v.user.id,
        createdAt: new Date(Date.now() - 30_000),
        nextTryAt: new Date(Date.now() + 30_000),
      })
      .returning();
    expect((await sweep()).retried).toBe(0);
    await t.db.update(refunds).set({ nextTryAt: new Date(Date.now() - 1_000) }).where(eq(refunds.id, stuck!.id));
    const refundsBefore = provider.unitRefunds.length;
    expect((await sweep()).retried).toBe(1);
    const [after] = await t.db.select().from(refunds).where(eq(refunds.id, stuck!.id));
    expect(after).toMatchObject({ status: 'succeeded', tries: 1, nextTryAt: null });
    expect(provider.unitRefunds.slice(refundsBefore)).toEqual([expect.objectContaining({ idempotencyKey: refundIdempotencyKey(stuck!.id), refundId: stuck!.id, ref: after!.providerRef })]);
    expect(await stockOf(t.db, v.deal.id)).toEqual({ ...before, unitsTaken: before.unitsTaken - 1 });
    expect((await sweep()).retried).toBe(0);
  });
});
