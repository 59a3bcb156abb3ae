/** Orders placed at once each get their own answer, and only the placed ones are written. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { buildCustomer, buildDeal, buildMerchant } from '../db/factories';
import { orders, userDealUnits } from '../db/schema';
import { createTestDatabase, testDbKind } from '../test/database';
import { databaseError } from '../db/errors';
import { placeOrder, type OrderToPlace } from './placement';
import { unitsTakenOf } from '../db/stock-reads';

let database: Database;

/** Undefined when placed, else the database's refusal. */
const place = (o: OrderToPlace) => placeOrder(database.db, o).then(() => undefined, (err: unknown) => databaseError(err) ?? Promise.reject(err));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function dealOf(inventory: number, maxPerUser: number) {
  const merchant = await buildMerchant(database.db);
  return buildDeal(database.db, { merchantId: merchant.id, inventory, maxPerUser });
}

function orderOf(userId: string, deal: { id: string; title: string; maxPerUser: number }, quantity = 1, budgetLimit = 30): OrderToPlace {
  const orderId = randomUUID();
  return {
    orderId,
    userId,
    provider: 'test',
    sessionId: `cs_test_${orderId}`,
    expiresAt: new Date(Date.now() + 35 * 60_000),
    lines: [{ deal_id: deal.id, quantity, unit_price_cents: 1000, title: deal.title, max_per_user: deal.maxPerUser }],
    budget: { key: `checkout:user:${userId}`, limit: budgetLimit, windowSeconds: 60 },
  };
}

describe(`placing orders (${testDbKind()})`, () => {
  it('answers each of many orders placed at once: placed, sold out, over the allowance, over the budget', async () => {
    const deal = await dealOf(4, 1);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => buildCustomer(database.db)));
    const spent = await buildCustomer(database.db);
    const wanted = [
      ...buyers.map((b) => orderOf(b.id, deal)),
      // The first buyer again: over the allowance of one; a customer whose budget allows none.
      orderOf(buyers[0]!.id, deal),
      orderOf(spent.id, deal, 1, 0),
    ];
    const answers = await Promise.all(wanted.map(place));

    const placed = wanted.filter((_, i) => answers[i] === undefined);
    expect(placed).toHaveLength(4);
    expect(answers[6]).toMatchObject({ code: expect.stringMatching(/^DM00[12]$/), detail: deal.id });
    expect(answers[7]).toMatchObject({ code: 'DM004', detail: expect.stringMatching(/^\d+$/) });
    const soldOut = answers.filter((a) => a?.code === 'DM002');
    expect(soldOut.every((a) => a?.detail === deal.id && a.hint === '0')).toBe(true);
    expect(soldOut.length).toBeGreaterThanOrEqual(2);

    // Only the placed orders were written, and the stock and allowances match them exactly.
    const written = await database.db.select().from(orders).where(inArray(orders.id, wanted.map((o) => o.orderId)));
    expect(written.map((o) => o.id).sort()).toEqual(placed.map((o) => o.orderId).sort());
    expect(await unitsTakenOf(database.db, deal.id)).toBe(4);
    const allowances = await database.db.select().from(userDealUnits).where(eq(userDealUnits.dealId, deal.id));
    expect(allowances.reduce((n, a) => n + a.units, 0)).toBe(4);
    expect(allowances.every((a) => a.units === 1)).toBe(true);
  });

  it('places a lone order at once', async () => {
    const deal = await dealOf(1, 1);
    const buyer = await buildCustomer(database.db);
    expect(await place(orderOf(buyer.id, deal))).toBeUndefined();
    expect(await place(orderOf(buyer.id, deal))).toMatchObject({ code: 'DM001', detail: deal.id });
  });
});
