import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sessionAnswer } from '../../contract/auth';
import { dealList, reviewSummary } from '../../contract/deals';
import { DEMO_REVIEWS_PER_DEAL } from '../../contract/constants';
import { verifyPassword } from './passwords';
import { sanitizeRichText } from '../content/html';
import { DEMO_CUSTOMER, DEMO_MERCHANT, DEMO_MERCHANTS, DEMO_STAFF, FEATURED_TITLES, loadDemoData } from './demo-data';
import { deals, merchants, reviews, users } from './schema';
import { createTestApp, type TestApp } from '../test/app';

const PUBLIC_DIR = fileURLToPath(new URL('../../web/public', import.meta.url));

let t: TestApp;
let loadedFirst: boolean;
let loadedAgain: boolean;

async function counts() {
  const count = async (table: typeof merchants | typeof deals | typeof users | typeof reviews) => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return Number(row!.n);
  };
  return { merchants: await count(merchants), deals: await count(deals), users: await count(users), reviews: await count(reviews) };
}

let afterFirst: Awaited<ReturnType<typeof counts>>;

beforeAll(async () => {
  t = await createTestApp();
  loadedFirst = await loadDemoData(t.db);
  afterFirst = await counts();
  loadedAgain = await loadDemoData(t.db);
});
afterAll(async () => {
  await t?.close();
});

async function listAll() {
  const res = await t.app.inject({ method: 'GET', url: '/api/deals?limit=100' });
  expect(res.statusCode).toBe(200);
  return dealList.parse(res.json());
}

describe('loadDemoData', () => {
  it('loads once: a second call changes nothing and says so', async () => {
    expect(loadedFirst).toBe(true);
    expect(loadedAgain).toBe(false);
    expect(await counts()).toEqual(afterFirst);
    const demoDeals = DEMO_MERCHANTS.flatMap((m) => m.deals);
    const proposals = DEMO_MERCHANTS.flatMap((m) => m.proposals ?? []);
    expect(proposals.length).toBeGreaterThan(0);
    expect(afterFirst).toMatchObject({
      merchants: DEMO_MERCHANTS.length,
      deals: demoDeals.length + proposals.length,
      reviews: demoDeals.length * DEMO_REVIEWS_PER_DEAL,
    });
  });

  it('leads the list with the three deals of the spec, at 1.5x original prices', async () => {
    const list = await listAll();
    expect(list.slice(0, 3).map((d) => [d.title, d.priceCents, d.originalPriceCents, d.discountPercent])).toEqual([
      [FEATURED_TITLES[0], 1999, 2999, 33],
      [FEATURED_TITLES[1], 3999, 5999, 33],
      [FEATURED_TITLES[2], 5999, 8999, 33],
    ]);
    expect(list.map((d) => d.title).sort()).toEqual(DEMO_MERCHANTS.flatMap((m) => m.deals.map((d) => d.title)).sort());
    for (const d of list) {
      expect(d.originalPriceCents, d.title).toBe(Math.round(d.priceCents * 1.5));
      expect(d).toMatchObject({ status: 'published', active: true, boughtCount: 0, soldTodayCount: 0, soldOut: false });
    }
  });

  it(`gives every demo deal ${DEMO_REVIEWS_PER_DEAL} reviews`, async () => {
    for (const d of await listAll()) {
      const res = await t.app.inject({ method: 'GET', url: `/api/deals/${d.id}/reviews` });
      const summary = reviewSummary.parse(res.json());
      expect(summary.count, d.title).toBe(DEMO_REVIEWS_PER_DEAL);
      expect(summary.distribution.reduce((a, b) => a + b, 0)).toBe(DEMO_REVIEWS_PER_DEAL);
      expect(summary.average).toBeGreaterThanOrEqual(4);
      expect(summary.reviews).toHaveLength(3);
    }
  });

  it('stores descriptions already sanitised', async () => {
    for (const d of await listAll()) {
      for (const html of [d.description, d.redemptionInstructions, d.termsConditions]) {
        expect(html.length, d.title).toBeGreaterThan(0);
        expect(sanitizeRichText(html), d.title).toBe(html);
      }
    }
  });

  it('points every deal at an image bundled with the web app', async () => {
    const missing = (await listAll())
      .map((d) => d.imageUrl)
      .filter((url) => !url.startsWith('/') || !existsSync(`${PUBLIC_DIR}${url}`));
    expect(missing).toEqual([]);
  });

  it('creates the demo customer with an argon2id hash of the README password', async () => {
    const [customer] = await t.db.select().from(users).where(eq(users.phone, DEMO_CUSTOMER.phone));
    expect(customer).toMatchObject({ role: 'customer', phoneVerified: true, merchantId: null });
    expect(customer!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(customer!.passwordHash!, DEMO_CUSTOMER.password)).toBe(true);
    expect(await verifyPassword(customer!.passwordHash!, `${DEMO_CUSTOMER.password}x`)).toBe(false);
  });

  it('creates the demo merchant account bound to its active merchant', async () => {
    const [account] = await t.db.select().from(users).where(eq(users.phone, DEMO_MERCHANT.phone));
    expect(account).toMatchObject({ role: 'merchant', mustChangePassword: false });
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(account!.passwordHash!, DEMO_MERCHANT.password)).toBe(true);
    expect(await verifyPassword(account!.passwordHash!, 'merchant-0000000000')).toBe(false);
    const [merchant] = await t.db.select().from(merchants).where(eq(merchants.id, account!.merchantId!));
    expect(merchant).toMatchObject({ status: 'active', phone: DEMO_MERCHANT.phone });
    const own = (await listAll()).filter((d) => d.merchantId === merchant!.id);
    expect(own.map((d) => d.title)).toContain(FEATURED_TITLES[0]);
  });

  it('gives the demo merchant a staff account that logs in with the README password and only redeems', async () => {
    const [staff] = await t.db.select().from(users).where(eq(users.phone, DEMO_STAFF.phone));
    const [owner] = await t.db.select().from(users).where(eq(users.phone, DEMO_MERCHANT.phone));
    expect(staff).toMatchObject({ role: 'merchant', merchantRole: 'staff', merchantId: owner!.merchantId, mustChangePassword: false, displayName: DEMO_STAFF.name });
    expect(owner).toMatchObject({ merchantRole: 'owner' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/password-login', payload: { identifier: DEMO_STAFF.phone, password: DEMO_STAFF.password } });
    expect(login.statusCode).toBe(200);
    const { sessionId, user } = sessionAnswer.parse(login.json());
    expect(user).toMatchObject({ merchantRole: 'staff', mustChangePassword: false });
    const headers = { authorization: `Bearer ${sessionId}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/merchant/redemptions', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/merchant/overview', headers })).statusCode).toBe(403);
  });

  it("gives the demo merchant a deal waiting for review and a rejected one with its reason, neither in the shop", async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.phone, DEMO_MERCHANT.phone));
    const proposals = await t.db
      .select()
      .from(deals)
      .where(and(eq(deals.merchantId, owner!.merchantId!), inArray(deals.status, ['pending_review', 'rejected'])));
    expect(proposals.map((d) => d.status).sort()).toEqual(['pending_review', 'rejected']);
    for (const d of proposals) {
      expect(d).toMatchObject({ active: false, submittedAt: expect.any(Date) });
      expect(d.rejectionReason === null).toBe(d.status === 'pending_review');
      for (const html of [d.description, d.redemptionInstructions, d.termsConditions]) expect(sanitizeRichText(html), d.title).toBe(html);
      expect(existsSync(`${PUBLIC_DIR}${d.imageUrl}`), d.title).toBe(true);
    }
    const listed = (await listAll()).map((d) => d.id);
    for (const d of proposals) expect(listed).not.toContain(d.id);
    expect(proposals.find((d) => d.status === 'rejected')!.rejectionReason).toMatch(/\w/);
  });

  it('leaves reviewers without passwords, so nobody can sign in as them', async () => {
    const reviewerIds = (await t.db.selectDistinct({ id: reviews.userId }).from(reviews)).map((r) => r.id);
    expect(reviewerIds.length).toBeGreaterThan(0);
    for (const id of reviewerIds) {
      const [u] = await t.db.select().from(users).where(eq(users.id, id));
      expect(u).toMatchObject({ role: 'customer', passwordHash: null });
    }
  });
});
