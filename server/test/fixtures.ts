/** Rows the factories of server/db do not build yet: paid orders and their vouchers, written straight to the schema. */
import type { Db } from '../db/client';
import { orderItems, orders, vouchers } from '../db/schema';
import { drawVoucherCode } from '../orders/voucher-codes';

const DAY_MS = 86_400_000;

/** A paid order of `quantity` units of one deal. */
export async function buildPaidOrder(
  db: Db,
  values: { userId: string; dealId: string; quantity?: number; unitPriceCents?: number; createdAt?: Date },
) {
  const quantity = values.quantity ?? 1;
  const unitPriceCents = values.unitPriceCents ?? 1000;
  const createdAt = values.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      userId: values.userId,
      status: 'paid',
      provider: 'test',
      providerSessionId: `test_${drawVoucherCode().code}${drawVoucherCode().code}`,
      totalCents: quantity * unitPriceCents,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
      paidAt: createdAt,
      fulfilledAt: createdAt,
    })
    .returning();
  const [item] = await db
    .insert(orderItems)
    .values({ orderId: order!.id, dealId: values.dealId, quantity, unitPriceCents, title: 'Test deal' })
    .returning();
  return { order: order!, item: item! };
}

/** A paid order and one voucher per unit, issued at `createdAt` (default now). */
export async function buildVouchers(
  db: Db,
  values: { userId: string; dealId: string; count: number; createdAt?: Date; unitPriceCents?: number },
) {
  const createdAt = values.createdAt ?? new Date();
  const { order, item } = await buildPaidOrder(db, { ...values, quantity: values.count, createdAt });
  const rows = Array.from({ length: values.count }, (_, unitIndex) => ({
    orderId: order.id,
    orderItemId: item.id,
    unitIndex,
    dealId: values.dealId,
    userId: values.userId,
    // The one generator's codes (server/orders/voucher-codes.ts), as fulfilment issues them.
    ...drawVoucherCode(),
    validUntil: new Date(createdAt.getTime() + 30 * DAY_MS),
    createdAt,
  }));
  return { order, item, vouchers: await db.insert(vouchers).values(rows).returning() };
}

/**
 * The Postgres error behind a failed query, whichever driver raised it; drizzle wraps it as `cause`.
 * Tests read `code` (e.g. 23505 unique, 23514 check) and `constraint`.
 */
export async function dbError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    let e: unknown = err;
    while (e instanceof Error) {
      const candidate = e as Error & { code?: unknown; constraint?: unknown };
      if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
        return {
          code: candidate.code,
          constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
          message: candidate.message,
        };
      }
      e = e.cause;
    }
    throw err;
  }
  throw new Error('expected the query to fail, but it succeeded');
}
