/**
 * How much of a deal's offer is taken (issued plus held), summed over its `deal_stock` buckets
 * (ADR 004). Reads only: the catalogue, deal management and checkout all show or check it, and the
 * moves that change it are the orders module's (server/orders/stock.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { dealStock } from './schema';

/** The units a deal has taken (issued plus held), for reads of `deals` rows named `deals`. */
export const UNITS_TAKEN_OF_DEALS = sql<number>`(select coalesce(sum(deal_stock.taken), 0)::int from deal_stock where deal_stock.deal_id = deals.id)`;

/**
 * The vouchers a fulfilment of an order may issue, for reads of `orders` rows named `orders`: its
 * units, or for a group member's order the group's size, since the payment that fills a group
 * issues every member's voucher (ADR 029).
 */
export const FULFILMENT_UNITS_OF_ORDERS = sql<number>`coalesce(
  (select g.size from group_members m join deal_groups g on g.id = m.group_id where m.order_id = "orders"."id"),
  (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = "orders"."id"))`;

/** The units a deal has taken, read on its own. */
export async function unitsTakenOf(db: Db | Tx, dealId: string): Promise<number> {
  const [row] = await db
    .select({ taken: sql<number>`coalesce(sum(${dealStock.taken}), 0)::int` })
    .from(dealStock)
    .where(eq(dealStock.dealId, dealId));
  return row?.taken ?? 0;
}
