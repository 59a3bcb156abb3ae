/** The split stock: exact totals whatever the quantities, the spread over buckets and the concurrency. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { databaseError } from '../db/errors';
import { buildDeal, buildMerchant, setUnitsTaken } from '../db/factories';
import { dealStock } from '../db/schema';
import { createTestDatabase, testDbKind } from '../test/database';
import { moveStock } from './stock';
import { unitsTakenOf } from '../db/stock-reads';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Null when taken; the units left when refused (the transaction then rolls back, as checkout's does). */
async function take(dealId: string, quantity: number): Promise<number | null> {
  try {
    await database.db.transaction((tx) => moveStock(tx, [dealId, quantity, true]));
    return null;
  } catch (err) {
    const refused = databaseError(err);
    if (refused?.code === 'DM002') return Number(refused.hint);
    throw err;
  }
}
const giveBack = (dealId: string, quantity: number) => database.db.transaction((tx) => moveStock(tx, [dealId, quantity, false]));

async function newDeal(inventory: number) {
  const merchant = await buildMerchant(database.db);
  return buildDeal(database.db, { merchantId: merchant.id, inventory });
}

describe('deal_stock_move', () => {
  it('gives out exactly the inventory one unit at a time, then answers 0 left', async () => {
    const deal = await newDeal(37);
    for (let i = 0; i < 37; i++) expect(await take(deal.id, 1)).toBeNull();
    expect(await take(deal.id, 1)).toBe(0);
    expect(await unitsTakenOf(database.db, deal.id)).toBe(37);
  });

  it('takes a quantity that no single bucket holds from several, and tells how many are left when it does not fit', async () => {
    const deal = await newDeal(32); // two units per bucket
    for (let i = 0; i < 16; i++) expect(await take(deal.id, 1)).toBeNull();
    // Every bucket has one unit left now: three units must come from three buckets.
    expect(await take(deal.id, 3)).toBeNull();
    expect(await unitsTakenOf(database.db, deal.id)).toBe(19);
    expect(await take(deal.id, 14)).toBe(13);
    expect(await unitsTakenOf(database.db, deal.id)).toBe(19);
    expect(await take(deal.id, 13)).toBeNull();
    expect(await take(deal.id, 1)).toBe(0);
  });

  it('never refuses a deal without a limit', async () => {
    const deal = await newDeal(0);
    for (let i = 0; i < 20; i++) expect(await take(deal.id, 10)).toBeNull();
    expect(await unitsTakenOf(database.db, deal.id)).toBe(200);
  });

  it('gives units back to any buckets that hold them, never below zero', async () => {
    const deal = await newDeal(32);
    await setUnitsTaken(database.db, deal.id, 32);
    await giveBack(deal.id, 5);
    expect(await unitsTakenOf(database.db, deal.id)).toBe(27);
    // One unit taken in each of a few buckets: giving back three spreads over them.
    const spread = await newDeal(32);
    for (let i = 0; i < 3; i++) expect(await take(spread.id, 1)).toBeNull();
    await giveBack(spread.id, 3);
    const buckets = await database.db.select().from(dealStock).where(eq(dealStock.dealId, spread.id));
    expect(buckets.every((b) => b.taken === 0)).toBe(true);
    const refused = await giveBack(spread.id, 1).then(() => undefined, (err: unknown) => databaseError(err));
    expect(refused?.message).toMatch(/fewer than 1 units taken/);
  });

  it(`sells exactly the offer to concurrent buyers of mixed quantities (${testDbKind()})`, async () => {
    const deal = await newDeal(40);
    const quantities = Array.from({ length: 60 }, (_, i) => 1 + (i % 3));
    const results = await Promise.all(quantities.map((q) => take(deal.id, q)));
    const sold = quantities.reduce((sum, q, i) => sum + (results[i] === null ? q : 0), 0);
    expect(sold).toBe(await unitsTakenOf(database.db, deal.id));
    // 120 units asked for 40: the offer is gone except for leftovers too small for a 2 or 3.
    expect(sold).toBeGreaterThan(37);
    expect(sold).toBeLessThanOrEqual(40);
    const refusedLeft = results.filter((r): r is number => r !== null);
    expect(refusedLeft.every((left) => left <= 2)).toBe(true);
  });
});
