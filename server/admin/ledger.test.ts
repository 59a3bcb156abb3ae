/** GET /api/admin/ledger: the append-only money ledger, newest first, with totals that match the orders. */
import { describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { ledgerPage, type LedgerEntry, type LedgerPage } from '../../contract/orders';
import { buildUser } from '../db/factories';
import { deals, ledgerEntries, orders, refunds, vouchers } from '../db/schema';
import { testConfig, useTestApp } from '../test/app';
import { call, expectStatus, loginAs, messageOf, type TestSession } from '../test/auth-helpers';
import { dbError } from '../test/fixtures';
import { buy, buyableDeal, checkoutOk, customer, orderOf, pay, testProviderFor } from '../test/purchase-helpers';

const provider = testProviderFor(testConfig());
const t = useTestApp({ deps: { payments: provider } });

async function read(who: TestSession, query = ''): Promise<LedgerPage> {
  const res = await call(t.app, 'GET', `/api/admin/ledger${query}`, { sessionId: who.sessionId });
  expectStatus(res, 200);
  return ledgerPage.parse(res.body);
}

/** Two paid orders, a refund of one voucher, and a late payment returned whole. */
async function moneyMoved() {
  const ada = await customer(t);
  const bob = await customer(t);
  const { deal: bread } = await buyableDeal(t.db, { priceCents: 800, maxPerUser: 5 });
  const { deal: cake } = await buyableDeal(t.db, { priceCents: 450, maxPerUser: 5 });
  const first = await orderOf(t.db, await buy(t.app, ada, { items: [{ dealId: bread.id, quantity: 2 }] }));
  await buy(t.app, bob, { dealId: cake.id });
  const lateSid = await checkoutOk(t.app, bob, { dealId: bread.id });
  await t.db.update(deals).set({ status: 'archived', active: false }).where(eq(deals.id, bread.id));
  expectStatus(await pay(t.app, bob, lateSid), 409);
  const late = await orderOf(t.db, lateSid);

  // A refund the provider has confirmed, written as it stands: the trigger adds its ledger row.
  const [v] = await t.db.select().from(vouchers).where(eq(vouchers.orderId, first.id)).limit(1);
  await t.db.update(vouchers).set({ status: 'refunded' }).where(eq(vouchers.id, v!.id));
  const [refund] = await t.db
    .insert(refunds)
    .values({
      voucherId: v!.id,
      orderId: first.id,
      userId: ada.user.id,
      amountCents: 800,
      status: 'succeeded',
      reason: 'customer',
      voucherStatusBefore: 'active',
      provider: 'test',
      providerRef: 're_ledger_1',
      settledAt: new Date(),
    })
    .returning();
  return { first, late, refund: refund! };
}

describe('GET /api/admin/ledger', () => {
  it('sums the ledger to what the orders and refunds say', async () => {
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const { first, late, refund } = await moneyMoved();
    const page = await read(admin);
    expect(page.totals).toEqual({ paymentsCents: 1600 + 450 + 800, refundsCents: -(800 + 800), payoutsCents: 0, reversalsCents: 0, balanceCents: 2850 - 1600, entries: 5 });

    // The same sums, from the orders and refunds themselves: a payment returned whole is a refund of its own.
    const fulfilled = await t.db.select().from(orders).where(isNotNull(orders.fulfilledAt));
    const returnedWhole = await t.db.select().from(orders).where(eq(orders.status, 'refunded'));
    const refunded = await t.db.select().from(refunds).where(eq(refunds.status, 'succeeded'));
    const sum = (xs: { totalCents?: number; amountCents?: number }[]) => xs.reduce((n, x) => n + (x.totalCents ?? x.amountCents ?? 0), 0);
    expect(returnedWhole.map((o) => o.id)).toEqual([late.id]);
    expect(page.totals.paymentsCents).toBe(sum(fulfilled) + sum(returnedWhole));
    expect(page.totals.refundsCents).toBe(-sum(refunded));

    expect(page.nextCursor).toBeNull();
    expect(page.entries.map((e) => e.seq)).toEqual([...page.entries.map((e) => e.seq)].sort((a, b) => b - a));
    expect(page.entries[0]).toMatchObject({ kind: 'refund', amountCents: -800, orderId: first.id, refundId: refund.id, providerRef: 're_ledger_1', provider: 'test' });
    // A payment's row carries the provider's payment id.
    const payment = page.entries.find((e) => e.kind === 'payment' && e.orderId === first.id);
    expect(first.paymentRef).toMatch(/^pi_test_/);
    expect(payment).toMatchObject({ amountCents: 1600, providerRef: first.paymentRef });
    // The payment returned whole: its payment, under the payment id, and its refund, under the provider's refund id.
    const [whole] = await t.db.select().from(refunds).where(eq(refunds.orderId, late.id));
    expect(whole).toMatchObject({ status: 'succeeded', reason: 'withdrawn', amountCents: 800, providerRef: expect.stringMatching(/^re_test_/) });
    expect(
      page.entries.filter((e) => e.orderId === late.id).map((e) => ({ kind: e.kind, amountCents: e.amountCents, refundId: e.refundId, providerRef: e.providerRef })),
    ).toEqual([
      { kind: 'refund', amountCents: -800, refundId: whole!.id, providerRef: whole!.providerRef },
      { kind: 'payment', amountCents: 800, refundId: null, providerRef: late.paymentRef },
    ]);
  });

  it('pages newest first by seq, the cursor being the last seq', async () => {
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    await moneyMoved();
    const whole = (await read(admin)).entries.map((e) => e.seq);
    const seen: LedgerEntry[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: LedgerPage = await read(admin, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.totals.entries).toBe(5);
      seen.push(...page.entries);
      cursor = page.nextCursor;
      if (cursor === null) break;
      expect(cursor).toBe(String(page.entries.at(-1)!.seq));
    }
    expect(cursor).toBeNull();
    expect(seen.map((e) => e.seq)).toEqual(whole);

    const bad = await call(t.app, 'GET', '/api/admin/ledger?cursor=abc', { sessionId: admin.sessionId });
    expectStatus(bad, 400);
    expect(messageOf(bad)).toBe('cursor: is invalid');
  });

  it("writes its notes as keys and answers them in the reader's language", async () => {
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const { refund } = await moneyMoved();
    const [row] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.refundId, refund.id));
    expect(row!.note).toBe('{"key":"ledger.refundReason.customer"}');
    const noteOf = (page: LedgerPage) => page.entries.find((e) => e.refundId === refund.id)!.note;
    expect(noteOf(await read(admin))).toBe('customer');
    const chinese = await call(t.app, 'GET', '/api/admin/ledger', { sessionId: admin.sessionId, headers: { 'accept-language': 'zh-CN' } });
    expectStatus(chinese, 200);
    expect(chinese.headers['content-language']).toBe('zh-CN');
    expect(noteOf(ledgerPage.parse(chinese.body))).toBe('顾客申请');
  });

  it('answers an empty ledger with zero totals', async () => {
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    expect(await read(admin)).toEqual({
      entries: [],
      totals: { paymentsCents: 0, refundsCents: 0, payoutsCents: 0, reversalsCents: 0, balanceCents: 0, entries: 0 },
      nextCursor: null,
    });
  });

  it('refuses to change or remove a row', async () => {
    await moneyMoved();
    const [row] = await t.db.select().from(ledgerEntries).limit(1);
    expect((await dbError(t.db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.seq, row!.seq)))).code).toBe('DM010');
    expect((await dbError(t.db.delete(ledgerEntries).where(eq(ledgerEntries.seq, row!.seq)))).code).toBe('DM010');
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.seq, row!.seq))).toEqual([row]);
  });

  it('is for superadmins only', async () => {
    expectStatus(await call(t.app, 'GET', '/api/admin/ledger'), 401);
    const shopper = await customer(t);
    expectStatus(await call(t.app, 'GET', '/api/admin/ledger', { sessionId: shopper.sessionId }), 403);
  });
});
