/** The constraints of schema.ts, checked at the database: a buggy service must not be able to write these states. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount, buildReview, buildUser, setUnitsTaken } from './factories';
import { unitsTakenOf } from './stock-reads';
import { dealStock, deals, redemptions, reviews, users, vouchers } from './schema';
import { createTestDatabase } from '../test/database';
import { generateVoucherPin as randomPin } from '../orders/voucher-codes';
import { buildPaidOrder, buildVouchers, dbError } from '../test/fixtures';

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';

let database: Database;
let db: Database['db'];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

async function expectViolation(query: Promise<unknown>, code: string, constraint: string) {
  const err = await dbError(query);
  expect({ code: err.code, constraint: err.constraint }).toEqual({ code, constraint });
}

describe('deals', () => {
  it('refuses more units taken than the inventory offers, in any stock bucket and in all of them', async () => {
    const m = await buildMerchant(db);
    await expectViolation(buildDeal(db, { merchantId: m.id, inventory: 5, unitsTaken: 6 }), CHECK_VIOLATION, 'deal_stock_taken_check');
    const d = await buildDeal(db, { merchantId: m.id, inventory: 5, unitsTaken: 5 });
    expect(await unitsTakenOf(db, d.id)).toBe(5);
    await expectViolation(
      db.update(dealStock).set({ taken: sql`${dealStock.taken} + 1` }).where(eq(dealStock.dealId, d.id)),
      CHECK_VIOLATION,
      'deal_stock_taken_check',
    );
    await expectViolation(
      db.update(deals).set({ inventory: 4 }).where(eq(deals.id, d.id)),
      CHECK_VIOLATION,
      'deal_stock_taken_check',
    );
    await expectViolation(buildDeal(db, { merchantId: m.id, unitsTaken: -1 }), CHECK_VIOLATION, 'deal_stock_taken_check');
  });

  it('gives every deal 16 stock buckets that add up to its inventory, and re-spreads them when it changes', async () => {
    const m = await buildMerchant(db);
    const d = await buildDeal(db, { merchantId: m.id, inventory: 100 });
    const buckets = async () => db.select().from(dealStock).where(eq(dealStock.dealId, d.id)).orderBy(dealStock.bucket);
    expect((await buckets()).map((b) => b.units)).toEqual([7, 7, 7, 7, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    await setUnitsTaken(db, d.id, 30);
    await db.update(deals).set({ inventory: 40 }).where(eq(deals.id, d.id));
    const after = await buckets();
    expect(after.reduce((sum, b) => sum + (b.units ?? 0), 0)).toBe(40);
    expect(after.reduce((sum, b) => sum + b.taken, 0)).toBe(30);
    expect(after.every((b) => b.units !== null && b.taken <= b.units)).toBe(true);
    await db.update(deals).set({ inventory: 0 }).where(eq(deals.id, d.id));
    expect((await buckets()).every((b) => b.units === null)).toBe(true);
    expect(await unitsTakenOf(db, d.id)).toBe(30);
  });

  it('allows any number of units when the inventory is 0 (no limit)', async () => {
    const m = await buildMerchant(db);
    const d = await buildDeal(db, { merchantId: m.id, inventory: 0, unitsTaken: 100_000 });
    expect(await unitsTakenOf(db, d.id)).toBe(100_000);
  });

  it('refuses a negative price, original price or inventory', async () => {
    const m = await buildMerchant(db);
    await expectViolation(buildDeal(db, { merchantId: m.id, priceCents: -1 }), CHECK_VIOLATION, 'deals_price_check');
    await expectViolation(
      buildDeal(db, { merchantId: m.id, originalPriceCents: -1 }),
      CHECK_VIOLATION,
      'deals_original_price_check',
    );
    await expectViolation(buildDeal(db, { merchantId: m.id, inventory: -1 }), CHECK_VIOLATION, 'deals_inventory_check');
    expect((await buildDeal(db, { merchantId: m.id, priceCents: 0 })).priceCents).toBe(0);
  });

  it('refuses a per-user cap below 1', async () => {
    const m = await buildMerchant(db);
    await expectViolation(buildDeal(db, { merchantId: m.id, maxPerUser: 0 }), CHECK_VIOLATION, 'deals_max_per_user_check');
  });

  it('refuses an unknown status and a validity window that ends before it starts', async () => {
    const m = await buildMerchant(db);
    await expectViolation(
      // Bypasses the TypeScript enum on purpose: the database must refuse what the types would.
      buildDeal(db, { merchantId: m.id, status: 'live' as 'published' }),
      CHECK_VIOLATION,
      'deals_status_check',
    );
    await expectViolation(
      buildDeal(db, { merchantId: m.id, validFrom: new Date('2025-02-01'), validUntil: new Date('2025-01-01') }),
      CHECK_VIOLATION,
      'deals_validity_check',
    );
  });
});

describe('vouchers', () => {
  it('refuses a duplicate code', async () => {
    const m = await buildMerchant(db);
    const d = await buildDeal(db, { merchantId: m.id });
    const u = await buildCustomer(db);
    const { vouchers: [first] } = await buildVouchers(db, { userId: u.id, dealId: d.id, count: 1 });
    const { order, item } = await buildPaidOrder(db, { userId: u.id, dealId: d.id });
    await expectViolation(
      db.insert(vouchers).values({
        orderId: order.id,
        orderItemId: item.id,
        unitIndex: 0,
        dealId: d.id,
        userId: u.id,
        code: first!.code,
        pin: randomPin(),
        validUntil: new Date(Date.now() + 86_400_000),
      }),
      UNIQUE_VIOLATION,
      'vouchers_code_key',
    );
  });

  it('refuses a second voucher for the same unit of an order item', async () => {
    const m = await buildMerchant(db);
    const d = await buildDeal(db, { merchantId: m.id });
    const u = await buildCustomer(db);
    const { order, item } = await buildVouchers(db, { userId: u.id, dealId: d.id, count: 2 });
    await expectViolation(
      db.insert(vouchers).values({
        orderId: order.id,
        orderItemId: item.id,
        unitIndex: 1,
        dealId: d.id,
        userId: u.id,
        code: 'ZZZZZZZ9',
        pin: randomPin(),
        validUntil: new Date(Date.now() + 86_400_000),
      }),
      UNIQUE_VIOLATION,
      'vouchers_unit_key',
    );
  });

  it('keeps redeemed and redeemedAt in step', async () => {
    const m = await buildMerchant(db);
    const d = await buildDeal(db, { merchantId: m.id });
    const u = await buildCustomer(db);
    const { vouchers: [v] } = await buildVouchers(db, { userId: u.id, dealId: d.id, count: 1 });
    await expectViolation(
      db.update(vouchers).set({ redeemed: true }).where(eq(vouchers.id, v!.id)),
      CHECK_VIOLATION,
      'vouchers_redeemed_check',
    );
  });
});

describe('redemptions', () => {
  it('records any number of failures but at most one success per voucher', async () => {
    const m = await buildMerchant(db);
    const d = await buildDeal(db, { merchantId: m.id });
    const u = await buildCustomer(db);
    const { vouchers: [v] } = await buildVouchers(db, { userId: u.id, dealId: d.id, count: 1 });
    const attempt = (success: boolean) =>
      db.insert(redemptions).values({
        voucherId: v!.id,
        voucherCode: v!.code,
        dealId: d.id,
        merchantId: m.id,
        success,
        reason: success ? null : 'Invalid PIN',
      });
    await attempt(false);
    await attempt(false);
    await attempt(true);
    await expectViolation(attempt(true), UNIQUE_VIOLATION, 'redemptions_one_success_key');
    await attempt(false);
    const rows = await db.select().from(redemptions).where(eq(redemptions.voucherId, v!.id));
    expect(rows.filter((r) => r.success)).toHaveLength(1);
    expect(rows).toHaveLength(4);
  });
});

describe('reviews', () => {
  it('refuses a rating outside 1 to 5', async () => {
    const m = await buildMerchant(db);
    const d = await buildDeal(db, { merchantId: m.id });
    const u = await buildCustomer(db);
    for (const rating of [0, 6, -1]) {
      await expectViolation(
        buildReview(db, { dealId: d.id, userId: u.id, authorName: 'A', rating, comment: 'x' }),
        CHECK_VIOLATION,
        'reviews_rating_check',
      );
    }
  });

  it('keeps one review per customer and deal', async () => {
    const m = await buildMerchant(db);
    const d = await buildDeal(db, { merchantId: m.id });
    const other = await buildDeal(db, { merchantId: m.id });
    const u = await buildCustomer(db);
    await buildReview(db, { dealId: d.id, userId: u.id, authorName: 'A', rating: 5, comment: 'first' });
    await expectViolation(
      buildReview(db, { dealId: d.id, userId: u.id, authorName: 'A', rating: 1, comment: 'again' }),
      UNIQUE_VIOLATION,
      'reviews_deal_user_key',
    );
    await buildReview(db, { dealId: other.id, userId: u.id, authorName: 'A', rating: 4, comment: 'another deal' });
    expect(await db.select().from(reviews).where(eq(reviews.userId, u.id))).toHaveLength(2);
  });
});

describe('users', () => {
  it('refuses a phone that is already registered', async () => {
    const u = await buildCustomer(db);
    await expectViolation(buildCustomer(db, { phone: u.phone }), UNIQUE_VIOLATION, 'users_phone_key');
  });

  it('keeps emails unique whatever their case, and allows many users without one', async () => {
    await buildCustomer(db, { email: 'Jane.Doe@Example.com' });
    await expectViolation(buildCustomer(db, { email: 'jane.doe@example.COM' }), UNIQUE_VIOLATION, 'users_email_key');
    await buildCustomer(db, { email: null });
    await buildCustomer(db, { email: null });
    expect((await db.select().from(users)).filter((u) => u.email === null).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a merchant account bound to no merchant', async () => {
    await expectViolation(buildUser(db, { role: 'merchant', merchantId: null }), CHECK_VIOLATION, 'users_merchant_binding_check');
    const m = await buildMerchant(db);
    const account = await buildMerchantAccount(db, m.id);
    await expectViolation(
      db.update(users).set({ merchantId: null }).where(eq(users.id, account.id)),
      CHECK_VIOLATION,
      'users_merchant_binding_check',
    );
  });

  it('refuses an unknown role', async () => {
    await expectViolation(
      buildUser(db, { role: 'owner' as 'customer' }),
      CHECK_VIOLATION,
      'users_role_check',
    );
  });
});
