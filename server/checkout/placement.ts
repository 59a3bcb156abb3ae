/**
 * Placing orders (`checkout_place_order`, migration 0005): checkouts that arrive while another is
 * being placed share one call of `checkout_place_orders` and so one commit (server/db/gathering.ts).
 */
import type { Db } from '../db/client';
import { databaseError, type DatabaseError } from '../db/errors';
import { ALONE, Gathering } from '../db/gathering';
import { perDatabase, statement } from '../db/prepared';

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

/** Why the database refused an order (SQLSTATE DM001-DM004, with its detail and hint). */
export type PlacementRefusal = Pick<DatabaseError, 'code' | 'detail' | 'hint'>;

const REFUSALS = new Set(['DM001', 'DM002', 'DM003', 'DM004']);

const placeOne = statement<Record<string, never>>('checkout_place_order', 'select checkout_place_order($1, $2, $3, $4, $5, $6, $7, $8, $9)');
const placeMany = statement<{ answers: { order_id: string; code?: string; detail?: string | null; hint?: string | null }[] }>(
  'checkout_place_orders',
  'select checkout_place_orders($1) as answers',
);

async function placeAlone(db: Db, o: OrderToPlace): Promise<PlacementRefusal | undefined> {
  try {
    await placeOne(db, [o.orderId, o.userId, o.provider, o.sessionId, o.expiresAt.toISOString(), JSON.stringify(o.lines), o.budget.key, o.budget.limit, o.budget.windowSeconds]);
    return undefined;
  } catch (err) {
    const e = databaseError(err);
    if (e && REFUSALS.has(e.code)) return { code: e.code, detail: e.detail, hint: e.hint };
    throw err;
  }
}

async function placeTogether(db: Db, orders: OrderToPlace[]): Promise<(PlacementRefusal | undefined | typeof ALONE)[]> {
  const [row] = await placeMany(db, [
    JSON.stringify(
      orders.map((o) => ({
        order_id: o.orderId,
        user_id: o.userId,
        provider: o.provider,
        session_id: o.sessionId,
        expires_at: o.expiresAt.toISOString(),
        lines: o.lines,
        budget_key: o.budget.key,
        budget_limit: o.budget.limit,
        budget_window_seconds: o.budget.windowSeconds,
      })),
    ),
  ]);
  const byOrder = new Map((row?.answers ?? []).map((a) => [a.order_id, a]));
  return orders.map((o) => {
    const a = byOrder.get(o.orderId);
    // Missing, or the stock it needed was locked by others: placed again on its own, where it may wait.
    if (!a || a.code === 'DM003') return ALONE;
    return a.code ? { code: a.code, detail: a.detail ?? undefined, hint: a.hint ?? undefined } : undefined;
  });
}

/** Places an order: undefined when placed, the refusal when the database refused it. */
export const placementOf = perDatabase(
  (db) =>
    new Gathering<OrderToPlace, PlacementRefusal | undefined>({
      alone: (order) => placeAlone(db, order),
      together: (orders) => placeTogether(db, orders),
      maxItems: 16,
      maxInFlight: 1,
    }),
);
