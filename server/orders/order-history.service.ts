/**
 * A customer's orders, newest first, with their lines, vouchers and refunds (docs/product/rules.md#refunds-and-the-voucher-s-life;
 * ADR 027). A page costs a fixed number of queries however many orders it holds: the orders, then
 * their items, vouchers and refunds, each read for the whole page at once. Customer service's order
 * search (server/admin/orders.service.ts) reads its orders the same way.
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { OrderGroup } from '../../contract/groups';
import type { CustomerOrder, OrderVoucher } from '../../contract/orders';
import type { Db } from '../db/client';
import { deals, merchants, orderItems, orders, refunds, vouchers } from '../db/schema';
import { afterNewest, cursorTime, encodeCursor, pageOf, type KeysetCursor } from '../db/keyset';
import { orderGroupsOf } from './groups/groups.service';
import { presentRefund } from './order-reads';
import { payUntilOf } from './placement';

type OrderRow = typeof orders.$inferSelect;
type VoucherRow = typeof vouchers.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

export interface OrderVoucherParts {
  voucher: VoucherRow;
  /** The title and unit price of the order line it was issued for: what was bought, at the price paid. */
  title: string;
  priceCents: number;
  merchantName: string;
}

/** What an order is made of, as read for a page of orders. */
export interface OrderParts {
  items: CustomerOrder['items'];
  vouchers: OrderVoucherParts[];
  /** Every refund of the order, failed ones too, newest first. */
  refunds: RefundRow[];
  /** The group the order pays a place in, if any (ADR 029). */
  group: OrderGroup | null;
}

/** The items, vouchers, refunds and groups of many orders, in four queries. */
export async function loadOrderParts(db: Db, orderIds: string[]): Promise<Map<string, OrderParts>> {
  const parts = new Map<string, OrderParts>(orderIds.map((id) => [id, { items: [], vouchers: [], refunds: [], group: null }]));
  if (orderIds.length === 0) return parts;
  const [itemRows, voucherRows, refundRows, groups] = await Promise.all([
    db
      .select({ item: orderItems, imageUrl: deals.imageUrl })
      .from(orderItems)
      .innerJoin(deals, eq(deals.id, orderItems.dealId))
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.title), asc(orderItems.id)),
    db
      .select({ voucher: vouchers, title: orderItems.title, priceCents: orderItems.unitPriceCents, merchantName: merchants.name })
      .from(vouchers)
      .innerJoin(orderItems, eq(orderItems.id, vouchers.orderItemId))
      .innerJoin(deals, eq(deals.id, vouchers.dealId))
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(inArray(vouchers.orderId, orderIds))
      .orderBy(asc(orderItems.title), asc(orderItems.id), asc(vouchers.unitIndex)),
    db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(desc(refunds.createdAt), desc(refunds.id)),
    orderGroupsOf(db, orderIds),
  ]);
  for (const { item, imageUrl } of itemRows) {
    parts.get(item.orderId)?.items.push({
      dealId: item.dealId,
      title: item.title,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      imageUrl,
    });
  }
  for (const row of voucherRows) parts.get(row.voucher.orderId)?.vouchers.push(row);
  for (const r of refundRows) parts.get(r.orderId)?.refunds.push(r);
  for (const [orderId, group] of groups) parts.get(orderId)!.group = group;
  return parts;
}

/** The refund that stands for a voucher (pending or succeeded; at most one, refunds_one_per_voucher_key). */
export function standingRefund(refundRows: RefundRow[], voucherId: string): RefundRow | null {
  return refundRows.find((r) => r.voucherId === voucherId && r.status !== 'failed') ?? null;
}

/** A payment that arrived after its order lapsed went straight back whole (orders_write_ledger). */
export const wholePaymentReturned = (order: OrderRow): boolean => order.status === 'refunded' && order.fulfilledAt === null;

/** Money given back on an order: its succeeded refunds, or the whole payment when it was returned at once. */
export function refundedCentsOf(order: OrderRow, refundRows: RefundRow[]): number {
  if (wholePaymentReturned(order)) return order.totalCents;
  return refundRows.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0);
}

type RefundOfStatus = Pick<RefundRow, 'status' | 'amountCents' | 'voucherId'>;

/**
 * An order's status as its customer and customer service read it: the stored status, except that a
 * paid order reads `refunded` once all its money went back and `partially_refunded` while only some
 * did. Only succeeded refunds count: a pending one may still fail, a failed one gave nothing back. A $0
 * order has no money to count, so its vouchers are counted instead (a refund without a voucher, the
 * whole payment of a group member or of an order that could not be fulfilled, gives back all of it).
 */
export function orderStatusOf(
  order: Pick<OrderRow, 'status' | 'totalCents'>,
  refundRows: readonly RefundOfStatus[],
  voucherIds: readonly string[],
): CustomerOrder['status'] {
  if (order.status !== 'paid') return order.status;
  const succeeded = refundRows.filter((r) => r.status === 'succeeded');
  if (succeeded.length === 0) return 'paid';
  if (order.totalCents > 0) {
    const back = succeeded.reduce((sum, r) => sum + r.amountCents, 0);
    if (back >= order.totalCents) return 'refunded';
    return back > 0 ? 'partially_refunded' : 'paid';
  }
  if (succeeded.some((r) => r.voucherId === null)) return 'refunded';
  const refundedVouchers = new Set(succeeded.map((r) => r.voucherId));
  const count = voucherIds.filter((id) => refundedVouchers.has(id)).length;
  if (count === 0) return 'paid';
  return count === voucherIds.length ? 'refunded' : 'partially_refunded';
}

export function presentOrderVoucher(v: OrderVoucherParts, refundRows: RefundRow[]): OrderVoucher {
  const refund = standingRefund(refundRows, v.voucher.id);
  return {
    id: v.voucher.id,
    dealId: v.voucher.dealId,
    dealTitle: v.title,
    voucherCode: v.voucher.code,
    status: v.voucher.status,
    priceCents: v.priceCents,
    validUntil: v.voucher.validUntil.toISOString(),
    redeemedAt: v.voucher.redeemedAt?.toISOString() ?? null,
    refund: refund ? presentRefund(refund) : null,
  };
}

/** A pending order whose hold has lapsed, which the minute sweep has not released yet: it can no longer be paid or held. */
const lapsed = (order: OrderRow, now: Date): boolean => order.status === 'pending' && order.expiresAt.getTime() <= now.getTime();

/** An order as its customer sees it; a pending order whose hold lapsed reads `expired` already, as the sweep will make it. */
export function presentCustomerOrder(order: OrderRow, parts: OrderParts, now = new Date()): CustomerOrder {
  const gone = lapsed(order, now);
  return {
    id: order.id,
    status: gone ? 'expired' : orderStatusOf(order, parts.refunds, parts.vouchers.map((v) => v.voucher.id)),
    totalCents: order.totalCents,
    refundedCents: refundedCentsOf(order, parts.refunds),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    payUntil: order.status === 'pending' && !gone ? payUntilOf(order).toISOString() : null,
    items: parts.items,
    vouchers: parts.vouchers.map((v) => presentOrderVoucher(v, parts.refunds)),
    refunds: parts.refunds.map((r) => ({ ...presentRefund(r), voucherId: r.voucherId })),
    group: parts.group,
  };
}

/** One of the customer's own orders as their history shows it, or undefined when they have none with this id. */
export async function customerOrderById(db: Db, userId: string, orderId: string): Promise<CustomerOrder | undefined> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return undefined;
  const parts = await loadOrderParts(db, [order.id]);
  return presentCustomerOrder(order, parts.get(order.id)!);
}

/**
 * One page of the customer's own orders, newest first, paid or not (an unpaid attempt is shown too):
 * keyset on (created_at, id), and the cursor after it when there are more.
 */
export async function listCustomerOrders(
  db: Db,
  userId: string,
  params: { limit: number; cursor: KeysetCursor | null },
): Promise<{ orders: CustomerOrder[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (params.cursor) conditions.push(afterNewest(orders.createdAt, orders.id, params.cursor));
  const rows = await db
    .select({ order: orders, cursorTime: cursorTime(orders.createdAt) })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(params.limit + 1);
  const page = pageOf(rows, params.limit, (last) => encodeCursor({ createdAt: last.cursorTime, id: last.order.id }));
  const parts = await loadOrderParts(db, page.rows.map((r) => r.order.id));
  return {
    orders: page.rows.map(({ order }) => presentCustomerOrder(order, parts.get(order.id)!)),
    nextCursor: page.nextCursor,
  };
}
