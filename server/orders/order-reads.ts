/**
 * Reads of a customer's order for the payment pages: the order of a provider session with the units it
 * buys, its summary (lines and their pictures), and its refunds as the voucher, the order history and
 * the provider's page show them. The success page's payment status (server/vouchers/) reads them too.
 */
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { OrderSummary, RefundSummary } from '../../contract/checkout';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { deals, orderItems, orders, refunds } from '../db/schema';
import { FULFILMENT_UNITS_OF_ORDERS } from '../db/stock-reads';
import { notFound } from '../http/errors';
import { msg } from '../i18n';

type RefundRow = typeof refunds.$inferSelect;

/** A refund as the voucher, the order history and the provider's page show it. */
export function presentRefund(r: Pick<RefundRow, 'id' | 'amountCents' | 'status' | 'reason' | 'createdAt'>): RefundSummary {
  return { id: r.id, amountCents: r.amountCents, status: r.status, reason: r.reason, createdAt: r.createdAt.toISOString() };
}

/** An order's refunds, newest first: what the built-in provider's page lists as its record. */
export async function orderRefunds(db: Db, orderId: string): Promise<RefundSummary[]> {
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.createdAt), desc(refunds.id));
  return rows.map(presentRefund);
}

export async function orderSummary(db: Db, order: typeof orders.$inferSelect): Promise<OrderSummary> {
  const items = await db
    .select({ item: orderItems, imageUrl: deals.imageUrl })
    .from(orderItems)
    .innerJoin(deals, eq(deals.id, orderItems.dealId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.title));
  return {
    id: order.id,
    status: order.status,
    totalCents: order.totalCents,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    items: items.map(({ item, imageUrl }) => ({
      dealId: item.dealId,
      title: item.title,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      imageUrl,
    })),
  };
}

/** Run by the payment page, its pay call and the success page's poll: prepared once per database. */
const ownOrderOf = perDatabase((db) =>
  db
    .select({
      ...getTableColumns(orders),
      units: FULFILMENT_UNITS_OF_ORDERS,
    })
    .from(orders)
    .where(
      and(
        eq(orders.provider, sql.placeholder('provider')),
        eq(orders.providerSessionId, sql.placeholder('sessionId')),
        eq(orders.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('own_order'),
);

/** The user's order for a provider session, with the number of units it buys, or 404 (also for somebody else's). */
export async function findOwnOrder(db: Db, userId: string, provider: string, sessionId: string) {
  const [order] = await ownOrderOf(db).execute({ provider, sessionId, userId });
  if (!order) throw notFound(msg('notFound.payment'));
  return order;
}
