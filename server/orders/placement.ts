/** Placing an order: one call of `checkout_place_order` (sql/checkout_place_order.sql), one statement and one commit. */
import type { Db, Tx } from '../db/client';
import { databaseFunction } from '../db/prepared';

/** An order to place, as checkout_place_order takes it. */
export interface OrderToPlace {
  orderId: string;
  userId: string;
  provider: string;
  sessionId: string;
  expiresAt: Date;
  lines: { deal_id: string; quantity: number; unit_price_cents: number; title: string; max_per_user: number }[];
  budget: { key: string; limit: number; windowSeconds: number };
}

/** Extra time a hold outlives its checkout page, so a payment made at the last second still finds its units. */
export const HOLD_GRACE_MS = 5 * 60_000;

/**
 * Until when a pending order can be paid: its checkout page's end, the hold's end less its grace. After
 * it the customer is not sent back to the page, though a payment made there in time is still taken.
 */
export function payUntilOf(order: { expiresAt: Date }): Date {
  return new Date(order.expiresAt.getTime() - HOLD_GRACE_MS);
}

const place = databaseFunction('checkout_place_order', 9);

/**
 * Places an order: the attempt counted against the budget, the allowance of every line counted, the
 * order, its items and holds written, and the offer taken last. Raises the database's refusal
 * (DM001-DM004, see refusals.ts) when it cannot, having written nothing.
 */
export async function placeOrder(db: Db | Tx, o: OrderToPlace): Promise<void> {
  await place(db, orderArguments(o));
}

/** checkout_place_order's arguments, in its order (group_place_order ends with the same). */
export function orderArguments(o: OrderToPlace): unknown[] {
  return [o.orderId, o.userId, o.provider, o.sessionId, o.expiresAt.toISOString(), JSON.stringify(o.lines), o.budget.key, o.budget.limit, o.budget.windowSeconds];
}
