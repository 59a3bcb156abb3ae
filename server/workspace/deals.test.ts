/**
 * Deals merchants propose and their review (ADR 028): the merchant's own deals in every state, drafts
 * changed and handed in, the superadmin's queue, approval and rejection, and what the shop does with
 * a deal under review or turned down.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminDeal, adminDealList } from '../../contract/admin';
import { NEXT_CURSOR_HEADER } from '../../contract/deals';
import { merchantDeal, merchantDealList, type MerchantDeal } from '../../contract/workspace';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount, buildUser } from '../db/factories';
import { deals } from '../db/schema';
import { useTestApp } from '../test/app';
import { sanitizeRichText } from '../content/html';
import { expectStatus, loginAs, type TestSession } from '../test/auth-helpers';
import { as, dealForm, expectError, shopperDeal, shopperDeals } from '../test/admin-helpers';
import { postCheckout } from '../test/purchase-helpers';
import { REVIEW_STATE_REFUSAL, NOT_UNDER_REVIEW_APPROVE, NOT_UNDER_REVIEW_REJECT } from '../admin/deals.service';
import { NOT_CHANGEABLE, NOT_SUBMITTABLE } from './deals.service';
import { english } from '../i18n';

const t = useTestApp();

let shopId: string;
let owner: TestSession;
let staff: TestSession;
let otherOwner: TestSession;
let otherShopId: string;
let admin: TestSession;
let customer: TestSession;

beforeEach(async () => {
  shopId = (await buildMerchant(t.db, { name: 'Sakura Sushi House' })).id;
  otherShopId = (await buildMerchant(t.db, { name: 'Other Place' })).id;
  owner = await loginAs(t, await buildMerchantAccount(t.db, shopId));
  staff = await loginAs(t, await buildMerchantAccount(t.db, shopId, { merchantRole: 'staff' }));
  otherOwner = await loginAs(t, await buildMerchantAccount(t.db, otherShopId));
  admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
  customer = await loginAs(t, await buildCustomer(t.db));
});

const UNKNOWN_ID = '6f1c1e8e-2d7a-4c3b-9a55-0a4f1f2b9c11';
const MINUTE = 60_000;

/** The merchant's form: the admin's without the merchant and the payment-provider sync. */
function proposal(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  // A merchant names only its own uploaded photos (server/photos), so the proposal starts without a picture.
  const { merchantId: _merchant, createStripeProduct: _sync, ...form } = dealForm(shopId, { imageUrl: '' });
  return { ...form, ...overrides };
}

async function propose(session: TestSession = owner, overrides: Record<string, unknown> = {}): Promise<MerchantDeal> {
  const res = await as(t.app, session, 'POST', '/api/merchant/deals', proposal(overrides));
  expectStatus(res, 201);
  return merchantDeal.parse(res.body);
}

const put = (session: TestSession, id: string, body: unknown) => as(t.app, session, 'PUT', `/api/merchant/deals/${id}`, body);
const submit = (session: TestSession, id: string) => as(t.app, session, 'POST', `/api/merchant/deals/${id}/submit`);
const approve = (id: string) => as(t.app, admin, 'POST', `/api/admin/deals/${id}/approve`);
const reject = (id: string, body: unknown) => as(t.app, admin, 'POST', `/api/admin/deals/${id}/reject`, body);

async function stored(id: string) {
  const [row] = await t.db.select().from(deals).where(eq(deals.id, id));
  return row!;
}

async function submitted(session: TestSession = owner, overrides: Record<string, unknown> = {}): Promise<MerchantDeal> {
  const draft = await propose(session, overrides);
  const res = await submit(session, draft.id);
  expectStatus(res, 200);
  return merchantDeal.parse(res.body);
}

async function rejected(reason = 'The photo shows another dish'): Promise<MerchantDeal> {
  const pending = await submitted();
  expectStatus(await reject(pending.id, { reason }), 200);
  return merchantDeal.parse((await as(t.app, owner, 'GET', `/api/merchant/deals/${pending.id}`)).body);
}

describe('POST /api/merchant/deals', () => {
  it("makes an inactive draft of the session's merchant, whatever merchant, state or provider ids the body names", async () => {
    const res = await as(t.app, owner, 'POST', '/api/merchant/deals', {
      ...proposal({ title: '  Omakase Lunch ' }),
      merchantId: otherShopId,
      status: 'published',
      active: true,
      stripeProductId: 'prod_x',
      createStripeProduct: true,
      rejectionReason: 'nope',
      submittedAt: new Date().toISOString(),
    });
    expectStatus(res, 201);
    const created = merchantDeal.parse(res.body);
    expect(created).toMatchObject({
      merchantId: shopId,
      merchantName: 'Sakura Sushi House',
      title: 'Omakase Lunch',
      priceCents: 1999,
      inventory: 50,
      status: 'draft',
      active: false,
      rejectionReason: null,
      submittedAt: null,
    });
    expect(res.body).not.toHaveProperty('stripeProductId');
    expect(await stored(created.id)).toMatchObject({ merchantId: shopId, status: 'draft', active: false, stripeProductId: null });
    expect(await shopperDeals(t.app)).toEqual([]);
  });

  it("stores the form through the admin's save: the same validation and sanitising", async () => {
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ imageUrl: 'javascript:alert(1)' })), 400, 'imageUrl: must be a URL');
    expectError(
      await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ validFrom: '2030-02-01T00:00:00Z', validUntil: '2030-01-01T00:00:00Z' })),
      400,
      'validUntil: must not be before validFrom',
    );
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ title: '  ' })), 400, 'title: is required');
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ priceCents: -1 })), 400, 'priceCents: must not be negative');
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ priceCents: 1 })), 400, 'priceCents: must be $0.00 or at least $0.50');
    expectError(await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ priceCents: 49 })), 400, 'priceCents: must be $0.00 or at least $0.50');
    const description = '<p onclick="steal()">Fresh <script>alert(1)</script><a href="javascript:x">fish</a></p>';
    const created = await propose(owner, { description, termsConditions: '<img src=x onerror=alert(1)><p>One per table.</p>' });
    expect(created.description).toBe(sanitizeRichText(description));
    expect(created.description).not.toMatch(/script|onclick|javascript/);
    expect(created.termsConditions).toBe('<p>One per table.</p>');
    expect(await t.db.select().from(deals)).toHaveLength(1);
  });
});

describe('a proposal priced for the payment provider', () => {
  it('may be free, or cost at least $0.50, on a new proposal and a changed one alike', async () => {
    expect(await propose(owner, { priceCents: 0 })).toMatchObject({ priceCents: 0 });
    const draft = await propose(owner, { priceCents: 50 });
    expect(draft).toMatchObject({ priceCents: 50 });
    expectError(await put(owner, draft.id, proposal({ priceCents: 49 })), 400, 'priceCents: must be $0.00 or at least $0.50');
    expectError(await put(owner, draft.id, proposal({ priceCents: 1 })), 400, 'priceCents: must be $0.00 or at least $0.50');
    expectStatus(await put(owner, draft.id, proposal({ priceCents: 0 })), 200);
    expect(await stored(draft.id)).toMatchObject({ priceCents: 0 });
  });
});

describe('a proposal with a group offer', () => {
  it('is saved with it, and refused when the group price is not below the price', async () => {
    const deal = await propose(owner, { priceCents: 4000, groupSize: 2, groupPriceCents: 3000 });
    expect(deal).toMatchObject({ groupSize: 2, groupPriceCents: 3000, groupWindowHours: 24 });
    expectError(
      await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ priceCents: 4000, groupSize: 2, groupPriceCents: 4000 })),
      400,
      'groupPriceCents: must be below the price',
    );
    for (const groupPriceCents of [0, 1, 49]) {
      expectError(
        await as(t.app, owner, 'POST', '/api/merchant/deals', proposal({ priceCents: 4000, groupSize: 2, groupPriceCents })),
        400,
        'groupPriceCents: must be at least $0.50',
      );
    }
    expectError(await put(owner, deal.id, proposal({ priceCents: 4000, groupSize: 2, groupPriceCents: 49 })), 400, 'groupPriceCents: must be at least $0.50');
    expect(await propose(owner, { priceCents: 4000, groupSize: 2, groupPriceCents: 50 })).toMatchObject({ groupPriceCents: 50 });
  });
});

describe('GET /api/merchant/deals and /api/merchant/deals/{id}', () => {
  it('lists every deal of the merchant in every state, newest first, and no one else’s', async () => {
    const base = Date.now() - 60 * MINUTE;
    const at = (n: number) => new Date(base + n * MINUTE);
    await buildDeal(t.db, { merchantId: shopId, title: 'Published', createdAt: at(1) });
    await buildDeal(t.db, { merchantId: shopId, title: 'Draft', status: 'draft', createdAt: at(2) });
    await buildDeal(t.db, { merchantId: shopId, title: 'Pending', status: 'pending_review', submittedAt: at(3), createdAt: at(3) });
    await buildDeal(t.db, { merchantId: shopId, title: 'Rejected', status: 'rejected', rejectionReason: 'Too cheap to be true', createdAt: at(4) });
    await buildDeal(t.db, { merchantId: shopId, title: 'Archived', status: 'archived', createdAt: at(5) });
    await buildDeal(t.db, { merchantId: otherShopId, title: 'Not mine', createdAt: at(6) });
    const res = await as(t.app, owner, 'GET', '/api/merchant/deals');
    expectStatus(res, 200);
    const list = merchantDealList.parse(res.body);
    expect(list.map((d) => [d.title, d.status])).toEqual([
      ['Archived', 'archived'],
      ['Rejected', 'rejected'],
      ['Pending', 'pending_review'],
      ['Draft', 'draft'],
      ['Published', 'published'],
    ]);
    expect(list.find((d) => d.title === 'Rejected')!.rejectionReason).toBe('Too cheap to be true');
    expect(list.find((d) => d.title === 'Pending')!.submittedAt).toBe(at(3).toISOString());
  });

  it("answers another merchant's deal as missing, on GET, PUT and submit alike, and changes nothing", async () => {
    const theirs = await propose(otherOwner);
    for (const res of [
      await as(t.app, owner, 'GET', `/api/merchant/deals/${theirs.id}`),
      await put(owner, theirs.id, proposal({ title: 'Taken over' })),
      await submit(owner, theirs.id),
      await as(t.app, owner, 'GET', `/api/merchant/deals/${UNKNOWN_ID}`),
      await put(owner, UNKNOWN_ID, proposal()),
      await submit(owner, UNKNOWN_ID),
    ]) {
      expectError(res, 404, 'Deal not found');
    }
    expect(await stored(theirs.id)).toMatchObject({ title: theirs.title, status: 'draft', submittedAt: null });
    expectStatus(await as(t.app, owner, 'GET', '/api/merchant/deals/not-a-uuid'), 400);
  });
});

describe('PUT /api/merchant/deals/{id}', () => {
  it('saves every field of a draft and keeps it a draft', async () => {
    const draft = await propose();
    const res = await put(owner, draft.id, proposal({ title: 'Omakase Dinner', priceCents: 4999, inventory: 10, description: '<p>Ten <em>courses</em></p><script>x</script>' }));
    expectStatus(res, 200);
    expect(merchantDeal.parse(res.body)).toMatchObject({ id: draft.id, title: 'Omakase Dinner', priceCents: 4999, inventory: 10, description: '<p>Ten <em>courses</em></p>', status: 'draft', active: false });
  });

  it('keeps a rejected deal rejected, with its reason, until it is handed in again', async () => {
    const turnedDown = await rejected('The price is missing the drinks');
    const res = await put(owner, turnedDown.id, proposal({ title: 'Omakase with drinks' }));
    expectStatus(res, 200);
    expect(merchantDeal.parse(res.body)).toMatchObject({ title: 'Omakase with drinks', status: 'rejected', rejectionReason: 'The price is missing the drinks' });

    const again = await submit(owner, turnedDown.id);
    expectStatus(again, 200);
    const handedIn = merchantDeal.parse(again.body);
    expect(handedIn).toMatchObject({ status: 'pending_review', rejectionReason: null, active: false });
    expect(Date.parse(handedIn.submittedAt!)).toBeGreaterThanOrEqual(Date.parse(turnedDown.submittedAt!));
  });

  it('refuses a deal under review, published or archived with 409, and changes nothing', async () => {
    const pending = await submitted();
    const published = await buildDeal(t.db, { merchantId: shopId, title: 'On sale' });
    const archived = await buildDeal(t.db, { merchantId: shopId, title: 'Old', status: 'archived' });
    for (const id of [pending.id, published.id, archived.id]) {
      const before = await stored(id);
      expectError(await put(owner, id, proposal({ title: 'Changed' })), 409, english(NOT_CHANGEABLE));
      expect(await stored(id)).toEqual(before);
    }
  });

  it('never publishes: a state in the body is ignored, and the admin’s calls refuse merchants', async () => {
    const draft = await propose();
    const res = await put(owner, draft.id, { ...proposal(), status: 'published', active: true, rejectionReason: null });
    expectStatus(res, 200);
    expect(merchantDeal.parse(res.body)).toMatchObject({ status: 'draft', active: false });
    expectStatus(await as(t.app, owner, 'PATCH', `/api/admin/deals/${draft.id}/status`, { status: 'published', active: true }), 403);
    expectStatus(await as(t.app, owner, 'PUT', `/api/admin/deals/${draft.id}`, { ...dealForm(shopId), status: 'published' }), 403);
    const pending = await submitted();
    expectStatus(await as(t.app, owner, 'POST', `/api/admin/deals/${pending.id}/approve`), 403);
    expect(await stored(draft.id)).toMatchObject({ status: 'draft', active: false });
    expect(await stored(pending.id)).toMatchObject({ status: 'pending_review', active: false });
    expect(await shopperDeals(t.app)).toEqual([]);
  });

  it('keeps the offer at or above the units already taken, as the admin’s save does', async () => {
    const draft = await buildDeal(t.db, { merchantId: shopId, status: 'draft', inventory: 10, unitsTaken: 3 });
    expectError(await put(owner, draft.id, proposal({ inventory: 2 })), 409, 'inventory: cannot be lower than the 3 units already sold or held');
    expect((await stored(draft.id)).inventory).toBe(10);
    expectStatus(await put(owner, draft.id, proposal({ inventory: 3 })), 200);
  });
});

describe('POST /api/merchant/deals/{id}/submit', () => {
  it('hands a draft in for review once: pending_review, stamped, and 409 after that', async () => {
    const draft = await propose();
    const before = Date.now();
    const res = await submit(owner, draft.id);
    expectStatus(res, 200);
    const pending = merchantDeal.parse(res.body);
    expect(pending).toMatchObject({ id: draft.id, status: 'pending_review', active: false, rejectionReason: null });
    expect(Date.parse(pending.submittedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expectError(await submit(owner, draft.id), 409, english(NOT_SUBMITTABLE));

    const published = await buildDeal(t.db, { merchantId: shopId });
    expectError(await submit(owner, published.id), 409, english(NOT_SUBMITTABLE));
    expect(await stored(published.id)).toMatchObject({ status: 'published', active: true, submittedAt: null });
  });
});

describe('the review', () => {
  const queue = async (query = '') => {
    const res = await as(t.app, admin, 'GET', `/api/admin/deals?status=pending_review${query}`);
    expectStatus(res, 200);
    return { deals: adminDealList.parse(res.body), next: res.headers[NEXT_CURSOR_HEADER] as string | undefined };
  };

  it('queues deals under review oldest submission first, a page at a time, and filters other states newest first', async () => {
    const titles = ['Second', 'First', 'Third', 'Fourth'];
    const base = Date.now() - 60 * MINUTE;
    const offsets = [2, 1, 3, 4];
    for (const [i, title] of titles.entries()) {
      const d = await submitted(owner, { title });
      await t.db.update(deals).set({ submittedAt: new Date(base + offsets[i]! * MINUTE) }).where(eq(deals.id, d.id));
    }
    await propose(owner, { title: 'Still a draft' });
    await buildDeal(t.db, { merchantId: otherShopId, title: 'Published elsewhere' });

    expect((await queue()).deals.map((d) => d.title)).toEqual(['First', 'Second', 'Third', 'Fourth']);
    const first = await queue('&limit=3');
    expect(first.deals.map((d) => d.title)).toEqual(['First', 'Second', 'Third']);
    expect(first.next).toBeTruthy();
    const rest = await queue(`&limit=3&cursor=${first.next}`);
    expect(rest.deals.map((d) => d.title)).toEqual(['Fourth']);
    expect(rest.next).toBeUndefined();

    const drafts = adminDealList.parse((await as(t.app, admin, 'GET', '/api/admin/deals?status=draft')).body);
    expect(drafts.map((d) => d.title)).toEqual(['Still a draft']);
    const all = adminDealList.parse((await as(t.app, admin, 'GET', '/api/admin/deals')).body);
    expect(all).toHaveLength(6);
    expectStatus(await as(t.app, admin, 'GET', '/api/admin/deals?status=live'), 400);
  });

  it('approves a deal under review: published and on sale at once; twice, or from another state, is 409', async () => {
    const pending = await submitted(owner, { title: 'Omakase Lunch' });
    const res = await approve(pending.id);
    expectStatus(res, 200);
    expect(adminDeal.parse(res.body)).toMatchObject({ status: 'published', active: true, rejectionReason: null, submittedAt: pending.submittedAt });
    expect((await shopperDeals(t.app)).map((d) => d.title)).toEqual(['Omakase Lunch']);
    expectError(await approve(pending.id), 409, english(NOT_UNDER_REVIEW_APPROVE));

    const draft = await propose();
    const turnedDown = await rejected();
    for (const id of [draft.id, turnedDown.id]) expectError(await approve(id), 409, english(NOT_UNDER_REVIEW_APPROVE));
    expect(await stored(draft.id)).toMatchObject({ status: 'draft', active: false });
    expectError(await approve(UNKNOWN_ID), 404, 'Deal not found');
  });

  it('rejects a deal under review with the reason the merchant then reads; the reason is required', async () => {
    const pending = await submitted();
    expectError(await reject(pending.id, {}), 400, 'reason: Please give a reason');
    expectError(await reject(pending.id, { reason: '   ' }), 400, 'reason: Please give a reason');
    expect(await stored(pending.id)).toMatchObject({ status: 'pending_review', rejectionReason: null });

    const res = await reject(pending.id, { reason: '  Please add a photo of the platter ' });
    expectStatus(res, 200);
    expect(adminDeal.parse(res.body)).toMatchObject({ status: 'rejected', active: false, rejectionReason: 'Please add a photo of the platter' });
    const seen = merchantDeal.parse((await as(t.app, owner, 'GET', `/api/merchant/deals/${pending.id}`)).body);
    expect(seen).toMatchObject({ status: 'rejected', rejectionReason: 'Please add a photo of the platter' });
    expectError(await reject(pending.id, { reason: 'Again' }), 409, english(NOT_UNDER_REVIEW_REJECT));

    const draft = await propose();
    expectError(await reject(draft.id, { reason: 'Not handed in' }), 409, english(NOT_UNDER_REVIEW_REJECT));
    const published = await buildDeal(t.db, { merchantId: shopId });
    expectError(await reject(published.id, { reason: 'Too late' }), 409, english(NOT_UNDER_REVIEW_REJECT));
    expect(await stored(published.id)).toMatchObject({ status: 'published', active: true, rejectionReason: null });
    expectError(await reject(UNKNOWN_ID, { reason: 'Who?' }), 404, 'Deal not found');
  });

  it('refuses the admin’s status change or edit to pending_review or rejected with 400, which have their own calls', async () => {
    const draft = await propose();
    const pending = await submitted();
    for (const status of ['pending_review', 'rejected']) {
      expectError(await as(t.app, admin, 'PATCH', `/api/admin/deals/${draft.id}/status`, { status, active: false }), 400, english(REVIEW_STATE_REFUSAL));
      expectError(await as(t.app, admin, 'PUT', `/api/admin/deals/${pending.id}`, { ...dealForm(shopId), status }), 400, english(REVIEW_STATE_REFUSAL));
    }
    expect(await stored(draft.id)).toMatchObject({ status: 'draft', rejectionReason: null });
    expect(await stored(pending.id)).toMatchObject({ status: 'pending_review', title: pending.title });
  });

  it('lets a superadmin still publish, unpublish or archive any proposal, which drops a rejection’s reason', async () => {
    const pending = await submitted();
    const published = await as(t.app, admin, 'PATCH', `/api/admin/deals/${pending.id}/status`, { status: 'published', active: true });
    expectStatus(published, 200);
    expect(adminDeal.parse(published.body)).toMatchObject({ status: 'published', active: true });

    const turnedDown = await rejected();
    const archived = await as(t.app, admin, 'PATCH', `/api/admin/deals/${turnedDown.id}/status`, { status: 'archived', active: false });
    expectStatus(archived, 200);
    expect(adminDeal.parse(archived.body)).toMatchObject({ status: 'archived', rejectionReason: null });

    const other = await rejected();
    const edited = await as(t.app, admin, 'PUT', `/api/admin/deals/${other.id}`, { ...dealForm(shopId), status: 'draft' });
    expectStatus(edited, 200);
    expect(adminDeal.parse(edited.body)).toMatchObject({ status: 'draft', rejectionReason: null });

    // Saved without a state, a rejected deal keeps both.
    const kept = await rejected('Keep me');
    const plain = await as(t.app, admin, 'PUT', `/api/admin/deals/${kept.id}`, dealForm(shopId, { title: 'Reworded' }));
    expectStatus(plain, 200);
    expect(adminDeal.parse(plain.body)).toMatchObject({ title: 'Reworded', status: 'rejected', rejectionReason: 'Keep me' });
  });
});

describe('a deal under review or turned down, in the shop', () => {
  it("is never listed or bought, and only its own merchant's owner and superadmins read it by id (its staff only redeem)", async () => {
    const pending = await submitted(owner, { title: 'Pending platter' });
    const turnedDown = await rejected();
    const shopper = await loginAs(t, await buildCustomer(t.db));
    for (const id of [pending.id, turnedDown.id]) {
      expect(await shopperDeal(t.app, id)).toBeNull();
      for (const stranger of [customer, otherOwner]) expectStatus(await as(t.app, stranger, 'GET', `/api/deals/${id}`), 404);
      for (const insider of [owner, admin]) expectStatus(await as(t.app, insider, 'GET', `/api/deals/${id}`), 200);
      expectStatus(await as(t.app, staff, 'GET', `/api/deals/${id}`), 404);
      expectStatus(await as(t.app, null, 'GET', `/api/deals/${id}/reviews`), 404);

      const res = await postCheckout(t.app, shopper, { items: [{ dealId: id, quantity: 1 }] });
      expectStatus(res, 409);
      expect((res.body as { message: string }).message).toMatch(/is no longer available$/);
    }
    expect(await shopperDeals(t.app)).toEqual([]);
    expect(await shopperDeals(t.app, owner)).toEqual([]);
    expect(await shopperDeals(t.app, customer)).toEqual([]);
  });

  it('can be deleted by a superadmin while nobody has ordered it, or archived', async () => {
    const pending = await submitted();
    const turnedDown = await rejected();
    expectStatus(await as(t.app, admin, 'DELETE', `/api/admin/deals/${pending.id}`), 200);
    expectStatus(await as(t.app, owner, 'GET', `/api/merchant/deals/${pending.id}`), 404);
    expectStatus(await as(t.app, admin, 'PATCH', `/api/admin/deals/${turnedDown.id}/status`, { status: 'archived', active: false }), 200);
    expectError(await put(owner, turnedDown.id, proposal()), 409, english(NOT_CHANGEABLE));
  });
});
