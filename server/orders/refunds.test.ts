/**
 * Refunds of single vouchers through the built-in provider: the owner's and a superadmin's routes,
 * every refusal, a provider's error and the retry after it, the unit given back to the offer and the
 * allowance, and the ledger's row.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { refundAnswer } from '../../contract/orders';
import { voucherList } from '../../contract/checkout';
import { buildMerchantAccount, buildUser } from '../db/factories';
import { ledgerEntries, refunds, vouchers } from '../db/schema';
import { createTestApp, testConfig, useTestApp } from '../test/app';
import { buildVouchers } from '../test/fixtures';
import { call, expectStatus, loginAs, messageOf } from '../test/auth-helpers';
import { buy, buyableDeal, customer, orderOf, postCheckout, stockOf, testProviderFor, userUnitsOf, type Shopper } from '../test/purchase-helpers';
import { refundIdempotencyKey, REFUND_MESSAGES } from './refunds';
import { english, renderText } from '../i18n';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

type DealOverrides = Parameters<typeof buyableDeal>[1];

/** A customer who bought `quantity` units of a fresh deal through the built-in provider, with their vouchers. */
async function bought(overrides: DealOverrides = {}, quantity = 1) {
  const { deal, merchant } = await buyableDeal(t.db, { priceCents: 2500, inventory: 10, maxPerUser: 3, ...overrides });
  const me = await customer(t);
  const sid = await buy(t.app, me, { items: [{ dealId: deal.id, quantity }] });
  const order = await orderOf(t.db, sid);
  const issued = await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id)).orderBy(vouchers.unitIndex);
  return { deal, merchant, me, order, voucher: issued[0]!, vouchers: issued };
}

const refundAsOwner = (who: { sessionId: string } | null, voucherId: string) =>
  call(t.app, 'POST', `/api/vouchers/${voucherId}/refund`, { sessionId: who?.sessionId ?? null });

const refundAsAdmin = (who: { sessionId: string } | null, voucherId: string, body?: unknown) =>
  call(t.app, 'POST', `/api/admin/vouchers/${voucherId}/refund`, { sessionId: who?.sessionId ?? null, ...(body !== undefined ? { body } : {}) });

async function superadmin() {
  return loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
}

async function voucherStatus(id: string) {
  const [v] = await t.db.select().from(vouchers).where(eq(vouchers.id, id));
  return v!;
}

/** The order's refund rows of the ledger, each note (a key: server/i18n/texts.ts) as it reads in English. */
async function refundLedgerRows(orderId: string) {
  const rows = await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'refund')));
  return rows.map((row) => ({ ...row, note: renderText('en', row.note) }));
}

async function redeem(merchantId: string, code: string, pin: string) {
  const account = await loginAs(t, await buildMerchantAccount(t.db, merchantId));
  return call(t.app, 'POST', '/api/redeem', { sessionId: account.sessionId, body: { code, pin } });
}

describe('POST /api/vouchers/{id}/refund', () => {
  it("gives the unit's price back through the provider, once, and the unit back to the offer and the allowance", async () => {
    const { deal, me, order, voucher } = await bought({}, 2);
    expect(order.paymentRef).toMatch(/^pi_test_/);
    const before = await stockOf(t.db, deal.id);
    const refundsBefore = provider.unitRefunds.length;

    const res = await refundAsOwner(me, voucher.id);
    expectStatus(res, 200);
    const answer = refundAnswer.parse(res.body);
    expect(answer.refund).toMatchObject({ amountCents: 2500, status: 'succeeded', reason: 'customer' });
    expect(answer.voucher).toMatchObject({ id: voucher.id, status: 'refunded', redeemed: false, refund: answer.refund });

    // The voucher list presents it the same way.
    const list = voucherList.parse((await call(t.app, 'GET', '/api/user/vouchers', { sessionId: me.sessionId })).body);
    expect(list.find((v) => v.id === voucher.id)).toEqual(answer.voucher);

    const [row] = await t.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id));
    expect(row).toMatchObject({ status: 'succeeded', voucherStatusBefore: 'active', requestedBy: me.user.id, provider: 'test', idempotencyKey: refundIdempotencyKey(row!.id) });
    expect(provider.unitRefunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({
        amountCents: 2500,
        paymentRef: order.paymentRef,
        sessionId: order.providerSessionId,
        refundId: row!.id,
        orderId: order.id,
        reason: 'customer',
        idempotencyKey: refundIdempotencyKey(row!.id),
        voucherId: voucher.id,
      }),
    ]);
    expect(row!.providerRef).toBe(provider.unitRefunds.at(-1)!.ref);
    expect(await refundLedgerRows(order.id)).toEqual([
      expect.objectContaining({ amountCents: -2500, refundId: row!.id, providerRef: row!.providerRef, note: 'customer' }),
    ]);
    expect(await stockOf(t.db, deal.id)).toEqual({ ...before, unitsTaken: before.unitsTaken - 1 });
    expect(await userUnitsOf(t.db, me.user.id, deal.id)).toBe(1);
  });

  it('refuses a second refund, and redemption of a refunded voucher', async () => {
    const { merchant, me, voucher } = await bought();
    expectStatus(await refundAsOwner(me, voucher.id), 200);
    const again = await refundAsOwner(me, voucher.id);
    expectStatus(again, 409);
    expect(messageOf(again)).toBe('This voucher was already refunded');
    const redeemed = await redeem(merchant.id, voucher.code, voucher.pin);
    expectStatus(redeemed, 409);
    expect(messageOf(redeemed)).toBe('Voucher was refunded');
    expect(await t.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id))).toHaveLength(1);
  });

  it("answers 404 for someone else's voucher or none, 401 for a guest, 400 for a bad id", async () => {
    const { voucher } = await bought();
    const stranger = await customer(t);
    const theirs = await refundAsOwner(stranger, voucher.id);
    expectStatus(theirs, 404);
    expect(messageOf(theirs)).toBe('Voucher not found');
    expectStatus(await refundAsOwner(stranger, '00000000-0000-4000-8000-000000000000'), 404);
    expectStatus(await refundAsOwner(null, voucher.id), 401);
    const bad = await refundAsOwner(stranger, 'not-a-uuid');
    expectStatus(bad, 400);
    expect(messageOf(bad)).toBe('id: must be a UUID');
    expect((await voucherStatus(voucher.id)).status).toBe('active');
  });

  it('refuses a deal that offers no refunds, and a redeemed or expired voucher', async () => {
    const noRefunds = await bought({ refundAnytime: false });
    const res = await refundAsOwner(noRefunds.me, noRefunds.voucher.id);
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('Refunds are not offered for this deal');

    const used = await bought();
    expectStatus(await redeem(used.merchant.id, used.voucher.code, used.voucher.pin), 200);
    const redeemed = await refundAsOwner(used.me, used.voucher.id);
    expectStatus(redeemed, 409);
    expect(messageOf(redeemed)).toBe('This voucher has been redeemed');

    const old = await bought();
    await t.db.update(vouchers).set({ status: 'expired' }).where(eq(vouchers.id, old.voucher.id));
    const expired = await refundAsOwner(old.me, old.voucher.id);
    expectStatus(expired, 409);
    expect(messageOf(expired)).toBe('This voucher has expired');

    expect(await t.db.select().from(refunds)).toHaveLength(0);
  });

  it('refuses an unused voucher past its date whose deal does not refund on expiry, and refunds one whose deal does', async () => {
    const past = new Date(Date.now() - 60_000);
    const kept = await bought({ autoRefundOnExpiry: false });
    await t.db.update(vouchers).set({ validUntil: past }).where(eq(vouchers.id, kept.voucher.id));
    const res = await refundAsOwner(kept.me, kept.voucher.id);
    expectStatus(res, 409);
    expect(messageOf(res)).toBe('This voucher has expired');
    expect((await voucherStatus(kept.voucher.id)).status).toBe('active');

    const auto = await bought({ autoRefundOnExpiry: true });
    await t.db.update(vouchers).set({ validUntil: past }).where(eq(vouchers.id, auto.voucher.id));
    expectStatus(await refundAsOwner(auto.me, auto.voucher.id), 200);
  });

  it('answers 502 when the provider refuses, leaves the voucher active, and a retry refunds once', async () => {
    const { deal, me, order, voucher } = await bought();
    const before = await stockOf(t.db, deal.id);
    const refundsBefore = provider.unitRefunds.length;
    provider.failNextRefunds(1, 'card issuer unavailable');

    const failed = await refundAsOwner(me, voucher.id);
    expectStatus(failed, 502);
    expect(failed.body).toEqual({ message: english(REFUND_MESSAGES.providerFailed) });
    expect((await voucherStatus(voucher.id)).status).toBe('active');
    const [first] = await t.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id));
    expect(first).toMatchObject({ status: 'failed', failure: 'card issuer unavailable' });
    expect(await stockOf(t.db, deal.id)).toEqual(before);
    expect(await refundLedgerRows(order.id)).toEqual([]);

    const retried = await refundAsOwner(me, voucher.id);
    expectStatus(retried, 200);
    expect(refundAnswer.parse(retried.body).refund.status).toBe('succeeded');
    expect(provider.unitRefunds.length - refundsBefore).toBe(1);
    // The retry is a new attempt, asked with a key of its own: the refused one's would be refused again.
    const [second] = await t.db.select().from(refunds).where(and(eq(refunds.voucherId, voucher.id), eq(refunds.status, 'succeeded')));
    expect(provider.unitRefunds.at(-1)!.idempotencyKey).toBe(refundIdempotencyKey(second!.id));
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(await refundLedgerRows(order.id)).toHaveLength(1);
    expect(await stockOf(t.db, deal.id)).toEqual({ ...before, unitsTaken: before.unitsTaken - 1 });
    // The failed attempt stays as history beside the one that stands.
    const rows = await t.db.select({ status: refunds.status }).from(refunds).where(eq(refunds.voucherId, voucher.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('lets the customer buy again up to maxPerUser after a refund', async () => {
    const { deal, me, voucher } = await bought({ maxPerUser: 1, inventory: 1 });
    const refused = await postCheckout(t.app, me, { dealId: deal.id });
    expectStatus(refused, 409);
    expectStatus(await refundAsOwner(me, voucher.id), 200);
    expect(await stockOf(t.db, deal.id)).toMatchObject({ unitsTaken: 0 });
    await buy(t.app, me, { dealId: deal.id });
    expect(await userUnitsOf(t.db, me.user.id, deal.id)).toBe(1);
    expectStatus(await postCheckout(t.app, me, { dealId: deal.id }), 409);
  });

  it('keeps the other vouchers of the order untouched', async () => {
    const { me, vouchers: issued } = await bought({}, 3);
    expectStatus(await refundAsOwner(me, issued[1]!.id), 200);
    const statuses = await Promise.all(issued.map((v) => voucherStatus(v.id)));
    expect(statuses.map((v) => v.status)).toEqual(['active', 'refunded', 'active']);
  });
});

describe('POST /api/admin/vouchers/{id}/refund', () => {
  it('is for superadmins only', async () => {
    const { me, voucher } = await bought();
    expectStatus(await refundAsAdmin(null, voucher.id, {}), 401);
    expectStatus(await refundAsAdmin(me, voucher.id, {}), 403);
    expect((await voucherStatus(voucher.id)).status).toBe('active');
  });

  it('refunds an active voucher, with or without a reason, even for a deal that offers no refunds', async () => {
    const admin = await superadmin();
    const { deal, order, voucher } = await bought({ refundAnytime: false });
    const before = await stockOf(t.db, deal.id);
    const res = await refundAsAdmin(admin, voucher.id);
    expectStatus(res, 200);
    expect(refundAnswer.parse(res.body).refund).toMatchObject({ reason: 'admin', status: 'succeeded', amountCents: 2500 });
    expect(await stockOf(t.db, deal.id)).toEqual({ ...before, unitsTaken: before.unitsTaken - 1 });
    expect(await refundLedgerRows(order.id)).toHaveLength(1);

    const other = await bought();
    const withNote = await refundAsAdmin(admin, other.voucher.id, { reason: '  Shop closed for repairs ' });
    expectStatus(withNote, 200);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.voucherId, other.voucher.id));
    expect(row).toMatchObject({ reason: 'admin', note: 'Shop closed for repairs' });
  });

  it('refunds a redeemed voucher as goodwill only with a reason, giving back the money but not the used unit', async () => {
    const admin = await superadmin();
    const { deal, me, merchant, order, voucher } = await bought();
    expectStatus(await redeem(merchant.id, voucher.code, voucher.pin), 200);
    const before = await stockOf(t.db, deal.id);

    for (const body of [{}, { reason: '   ' }, undefined]) {
      const res = await refundAsAdmin(admin, voucher.id, body);
      expectStatus(res, 400);
      expect(messageOf(res)).toBe(english(REFUND_MESSAGES.reasonRequired));
    }
    expectStatus(await refundAsAdmin(admin, voucher.id, { reason: 'x'.repeat(501) }), 400);

    const res = await refundAsAdmin(admin, voucher.id, { reason: 'The spa was closed on arrival' });
    expectStatus(res, 200);
    const answer = refundAnswer.parse(res.body);
    expect(answer.refund.reason).toBe('goodwill');
    expect(answer.voucher).toMatchObject({ status: 'refunded', redeemed: false, redeemedAt: null });
    expect(await refundLedgerRows(order.id)).toEqual([expect.objectContaining({ amountCents: -2500, note: 'goodwill' })]);
    expect(await stockOf(t.db, deal.id)).toEqual(before);
    expect(await userUnitsOf(t.db, me.user.id, deal.id)).toBe(1);

    const again = await refundAsAdmin(admin, voucher.id, { reason: 'again' });
    expectStatus(again, 409);
    expect(messageOf(again)).toBe('This voucher was already refunded');
  });

  it('puts a redeemed voucher back as it was when the provider refuses a goodwill refund', async () => {
    const admin = await superadmin();
    const { merchant, voucher } = await bought();
    expectStatus(await redeem(merchant.id, voucher.code, voucher.pin), 200);
    const redeemedBefore = await voucherStatus(voucher.id);
    provider.failNextRefunds(1);
    const res = await refundAsAdmin(admin, voucher.id, { reason: 'Complaint' });
    expectStatus(res, 502);
    expect(messageOf(res)).toBe(english(REFUND_MESSAGES.providerFailedRedeemed));
    const after = await voucherStatus(voucher.id);
    expect(after).toMatchObject({ status: 'redeemed', redeemed: true, redeemedBy: redeemedBefore.redeemedBy });
    // Taken back from the redemption log, written in the same transaction as the redemption.
    expect(Math.abs(after.redeemedAt!.getTime() - redeemedBefore.redeemedAt!.getTime())).toBeLessThan(1000);
  });

  it('answers 404 for a voucher that does not exist', async () => {
    const res = await refundAsAdmin(await superadmin(), '00000000-0000-4000-8000-000000000000', {});
    expectStatus(res, 404);
    expect(messageOf(res)).toBe('Voucher not found');
  });
});

it('refuses a refund through a provider the order was not paid with', async () => {
  const other = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_other', STRIPE_WEBHOOK_SECRET: 'whsec_other', STRIPE_API_BASE: 'http://127.0.0.1:9' },
  });
  try {
    // The voucher lives in the first app's database; built again here for the Stripe app's own.
    const { deal } = await buyableDeal(other.db);
    const me: Shopper = await customer(other);
    const { vouchers: [v] } = await buildVouchers(other.db, { userId: me.user.id, dealId: deal.id, count: 1 });
    const res = await call(other.app, 'POST', `/api/vouchers/${v!.id}/refund`, { sessionId: me.sessionId });
    expectStatus(res, 409);
    expect(messageOf(res)).toBe(english(REFUND_MESSAGES.otherProvider));
  } finally {
    await other.close();
  }
});
