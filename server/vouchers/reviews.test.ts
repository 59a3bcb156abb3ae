/** Reviews by customers who used the deal (ADR 011): POST /api/deals/{id}/reviews, read back on the deal (marked verified) and the voucher list. */
import { describe, expect, it } from 'vitest';
import { reviewSummary } from '../../contract/deals';
import { voucherList } from '../../contract/checkout';
import { buildMerchantAccount, buildReview, buildUser } from '../db/factories';
import { users } from '../db/schema';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../test/app';
import { call, expectStatus, loginAs, messageOf } from '../test/auth-helpers';

import { buy, buyableDeal, checkoutOk, customer, type Shopper } from '../test/purchase-helpers';

const t = useTestApp();

function review(who: { sessionId: string } | null, dealId: string, body: unknown) {
  return call(t.app, 'POST', `/api/deals/${dealId}/reviews`, { body, sessionId: who?.sessionId ?? null });
}

async function summary(dealId: string) {
  const res = await call(t.app, 'GET', `/api/deals/${dealId}/reviews`);
  expectStatus(res, 200);
  return reviewSummary.parse(res.body);
}

async function myVouchers(who: Shopper) {
  return voucherList.parse((await call(t.app, 'GET', '/api/user/vouchers', { sessionId: who.sessionId })).body);
}

/** The deal's merchant redeems each voucher `who` holds of it. */
async function redeemAll(who: Shopper, merchantId: string, dealId: string) {
  const counter = await loginAs(t, await buildMerchantAccount(t.db, merchantId));
  for (const v of (await myVouchers(who)).filter((v) => v.dealId === dealId)) {
    expectStatus(await call(t.app, 'POST', '/api/redeem', { body: { code: v.voucherCode, pin: v.voucherPin }, sessionId: counter.sessionId }), 200);
  }
}

/** A customer who bought the deal and had the voucher redeemed at the counter. */
async function usedIt(deal: { id: string; merchantId: string }, me?: Shopper): Promise<Shopper> {
  const who = me ?? (await customer(t));
  await buy(t.app, who, { dealId: deal.id });
  await redeemAll(who, deal.merchantId, deal.id);
  return who;
}

describe('POST /api/deals/{id}/reviews', () => {
  it('takes one review from a customer whose voucher was redeemed, shown on the deal as verified and marked on the vouchers', async () => {
    const { deal } = await buyableDeal(t.db);
    const me = await customer(t);
    await t.db.update(users).set({ displayName: 'Grace H.' }).where(eq(users.id, me.user.id));
    await usedIt(deal, me);
    expect((await myVouchers(me)).map((v) => v.reviewed)).toEqual([false]);

    const res = await review(me, deal.id, { rating: 4, comment: '  Lovely evening, would go again.  ' });
    expectStatus(res, 201);
    expect(messageOf(res)).toBe('Thank you for your review');

    const shown = await summary(deal.id);
    expect(shown.count).toBe(1);
    expect(shown.average).toBe(4);
    expect(shown.distribution).toEqual([0, 0, 0, 1, 0]);
    expect(shown.reviews).toEqual([expect.objectContaining({ userName: 'Grace H.', rating: 4, comment: 'Lovely evening, would go again.', verified: true })]);
    expect((await myVouchers(me)).map((v) => v.reviewed)).toEqual([true]);

    const again = await review(me, deal.id, { rating: 1, comment: 'Changed my mind' });
    expectStatus(again, 409);
    expect(messageOf(again)).toBe('You have already reviewed this deal');
    expect((await summary(deal.id)).count).toBe(1);
  });

  it('names a reviewer without a display name by the end of their phone', async () => {
    const { deal } = await buyableDeal(t.db);
    const me = await usedIt(deal);
    expectStatus(await review(me, deal.id, { rating: 5, comment: 'Great' }), 201);
    expect((await summary(deal.id)).reviews[0]!.userName).toBe(`Customer ••${me.user.phone.slice(-2)}`);
  });

  it('is refused to a customer without a redeemed voucher of the deal: bought but unused, held, or used elsewhere (403)', async () => {
    const { deal } = await buyableDeal(t.db);
    const { deal: other } = await buyableDeal(t.db);
    const buyer = await customer(t);
    await buy(t.app, buyer, { dealId: deal.id });
    const holder = await customer(t);
    await checkoutOk(t.app, holder, { dealId: deal.id });
    const elsewhere = await usedIt(other);
    for (const who of [buyer, holder, elsewhere, await customer(t)]) {
      const res = await review(who, deal.id, { rating: 5, comment: 'Great' });
      expectStatus(res, 403);
      expect(messageOf(res)).toBe('Only customers who used this deal can review it');
    }
    expect((await summary(deal.id)).count).toBe(0);
  });

  it('takes the review once one of several vouchers is redeemed, and is refused again after the redemption is undone', async () => {
    const { deal, merchant } = await buyableDeal(t.db, { maxPerUser: 2 });
    const me = await customer(t);
    await buy(t.app, me, { items: [{ dealId: deal.id, quantity: 2 }] });
    const [first] = await myVouchers(me);
    const counter = await loginAs(t, await buildMerchantAccount(t.db, merchant.id));
    expectStatus(await call(t.app, 'POST', '/api/redeem', { body: { code: first!.voucherCode, pin: first!.voucherPin }, sessionId: counter.sessionId }), 200);
    expectStatus(await call(t.app, 'POST', `/api/merchant/redemptions/${first!.id}/undo`, { sessionId: counter.sessionId }), 200);
    expectStatus(await review(me, deal.id, { rating: 5, comment: 'Great' }), 403);

    expectStatus(await call(t.app, 'POST', '/api/redeem', { body: { code: first!.voucherCode, pin: first!.voucherPin }, sessionId: counter.sessionId }), 200);
    expectStatus(await review(me, deal.id, { rating: 5, comment: 'Great' }), 201);
  });

  it('marks a stored review verified only while its author holds a redeemed voucher of the deal', async () => {
    const { deal } = await buyableDeal(t.db);
    const visitor = await usedIt(deal);
    const buyer = await customer(t);
    await buy(t.app, buyer, { dealId: deal.id });
    const stranger = await customer(t);
    const day = 86_400_000;
    for (const [i, who] of [visitor, buyer, stranger].entries()) {
      await buildReview(t.db, { dealId: deal.id, userId: who.user.id, authorName: `Reviewer ${i}`, rating: 5, comment: 'Nice', createdAt: new Date(Date.now() - (i + 1) * day) });
    }
    expect((await summary(deal.id)).reviews.map((r) => [r.userName, r.verified])).toEqual([
      ['Reviewer 0', true],
      ['Reviewer 1', false],
      ['Reviewer 2', false],
    ]);
  });

  it('is refused to merchants and superadmins (403) and asks a guest to log in (401)', async () => {
    const { deal, merchant } = await buyableDeal(t.db);
    for (const user of [await buildMerchantAccount(t.db, merchant.id), await buildUser(t.db, { role: 'superadmin' })]) {
      expectStatus(await review(await loginAs(t, user), deal.id, { rating: 5, comment: 'Our own deal is great' }), 403);
    }
    expectStatus(await review(null, deal.id, { rating: 5, comment: 'Great' }), 401);
  });

  it('takes a whole rating from 1 to 5 and a comment (400 otherwise)', async () => {
    const { deal } = await buyableDeal(t.db);
    const me = await usedIt(deal);
    const bad: unknown[] = [
      { rating: 0, comment: 'x' },
      { rating: 6, comment: 'x' },
      { rating: 3.5, comment: 'x' },
      { rating: '5', comment: 'x' },
      { comment: 'x' },
      { rating: 3 },
      { rating: 3, comment: '   ' },
      { rating: 3, comment: 'x'.repeat(1001) },
    ];
    for (const body of bad) {
      const res = await review(me, deal.id, body);
      expect(res.status, `${JSON.stringify(body).slice(0, 80)} -> ${JSON.stringify(res.body)}`).toBe(400);
      expect(messageOf(res)).toMatch(/^(rating|comment): /);
    }
    expectStatus(await review(me, deal.id, { rating: 1, comment: 'x'.repeat(1000) }), 201);
    expect((await summary(deal.id)).distribution).toEqual([1, 0, 0, 0, 0]);
  });

  it('answers 400 for a malformed deal id', async () => {
    const me = await customer(t);
    expectStatus(await review(me, 'not-a-uuid', { rating: 5, comment: 'Great' }), 400);
  });

  it('averages several customers', async () => {
    const { deal } = await buyableDeal(t.db);
    for (const rating of [5, 4, 2]) {
      const buyer = await usedIt(deal);
      expectStatus(await review(buyer, deal.id, { rating, comment: `Rated ${rating}` }), 201);
    }
    const shown = await summary(deal.id);
    expect(shown.count).toBe(3);
    expect(shown.average).toBeCloseTo(11 / 3, 1);
    expect(shown.distribution).toEqual([0, 1, 0, 1, 1]);
  });
});
