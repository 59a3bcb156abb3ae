/** A customer's vouchers (a page at a time) and their QR images, the payment-status answer of the success page, and reviews by customers who used the deal. */
import QRCode from 'qrcode';
import { and, asc, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import { FULFILMENT_UNITS_OF_ORDERS } from '../db/stock-reads';
import { orderGroupsOf } from '../groups/groups.service';
import { voucherQrPath, type OrderSummary, type PaymentStatusAnswer, type RefundSummary, type Voucher } from '../../contract/checkout';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { deals, merchants, orderItems, orders, refunds, reviews, vouchers } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import type { UserRow } from '../http/session-lookup';
import { isUniqueViolation } from '../auth/auth.service';
import { cursorTime, encodeCursor, presentDeal, queryDealPage, type DealCursor } from '../catalog/catalog.service';
import { redeemUrl } from './voucher-codes';
import { msg } from '../i18n';

/** Checkout's fulfilment issues vouchers with the codes and PINs made here. */
export { generateVoucherCode, generateVoucherPin } from './voucher-codes';

type VoucherRow = typeof vouchers.$inferSelect;
type DealRow = typeof deals.$inferSelect;
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

type MerchantOfVoucher = Pick<typeof merchants.$inferSelect, 'name' | 'address' | 'phone' | 'businessHours' | 'latitude' | 'longitude'>;

/**
 * `pricePaidCents` is the unit price of the order line the voucher was issued for: what its owner paid
 * (the group price for a group member's voucher), which a later change of the deal's price leaves alone.
 */
function presentVoucher(v: VoucherRow, d: DealRow, pricePaidCents: number, m: MerchantOfVoucher, reviewed: boolean, refund: RefundRow | null): Voucher {
  return {
    id: v.id,
    orderId: v.orderId,
    dealId: v.dealId,
    voucherCode: v.code,
    voucherPin: v.pin,
    // The image is rendered by its own route when a browser asks for it, never inside a list.
    qrCodeUrl: voucherQrPath(v.id),
    status: v.status,
    redeemed: v.redeemed,
    redeemedAt: v.redeemedAt?.toISOString() ?? null,
    redeemedBy: v.redeemedBy,
    validUntil: v.validUntil.toISOString(),
    expired: v.status === 'expired' || (v.status === 'active' && v.validUntil.getTime() < Date.now()),
    createdAt: v.createdAt.toISOString(),
    dealTitle: d.title,
    priceCents: pricePaidCents,
    originalPriceCents: d.originalPriceCents,
    dealDescription: d.description,
    dealImage: d.imageUrl,
    redemptionInstructions: d.redemptionInstructions,
    termsConditions: d.termsConditions,
    merchantId: d.merchantId,
    merchantName: m.name,
    merchantAddress: m.address,
    merchantPhone: m.phone,
    merchantHours: m.businessHours && Object.keys(m.businessHours).length > 0 ? JSON.stringify(m.businessHours) : null,
    merchantLatitude: m.latitude,
    merchantLongitude: m.longitude,
    reviewed,
    refundAnytime: d.refundAnytime,
    autoRefundOnExpiry: d.autoRefundOnExpiry,
    refund: refund ? presentRefund(refund) : null,
  };
}

// Spelled out: drizzle would leave these columns unqualified inside a correlated subquery.
const reviewedByOwner = sql<boolean>`exists (select 1 from reviews r where r.deal_id = "vouchers"."deal_id" and r.user_id = "vouchers"."user_id")`;

function voucherRows(db: Db) {
  return db
    .select({
      voucher: vouchers,
      deal: deals,
      pricePaidCents: orderItems.unitPriceCents,
      merchant: {
        name: merchants.name,
        address: merchants.address,
        phone: merchants.phone,
        businessHours: merchants.businessHours,
        latitude: merchants.latitude,
        longitude: merchants.longitude,
      },
      reviewed: reviewedByOwner,
      refund: refunds,
      cursorTime: cursorTime(vouchers.createdAt),
    })
    .from(vouchers)
    .innerJoin(orderItems, eq(orderItems.id, vouchers.orderItemId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    // At most one refund of a voucher stands (refunds_one_per_voucher_key); failed ones are history.
    .leftJoin(refunds, and(eq(refunds.voucherId, vouchers.id), ne(refunds.status, 'failed')));
}

type VoucherJoinRow = Awaited<ReturnType<ReturnType<typeof voucherRows>['where']>>[number];

const present = (r: VoucherJoinRow) => presentVoucher(r.voucher, r.deal, r.pricePaidCents, r.merchant, Boolean(r.reviewed), r.refund);

/**
 * One page of the user's own vouchers, newest first: keyset on (created_at, id), so a page costs the
 * same however many vouchers the customer has, and the cursor after it when there are more.
 */
export async function listUserVouchers(
  db: Db,
  userId: string,
  params: { limit: number; cursor: DealCursor | null },
): Promise<{ vouchers: Voucher[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(vouchers.userId, userId)];
  if (params.cursor) {
    conditions.push(sql`(${vouchers.createdAt}, ${vouchers.id}) < (${params.cursor.createdAt}::timestamptz, ${params.cursor.id}::uuid)`);
  }
  const rows = await voucherRows(db)
    .where(and(...conditions))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const last = page[page.length - 1];
  return {
    vouchers: page.map(present),
    nextCursor: rows.length > params.limit && last ? encodeCursor({ createdAt: last.cursorTime, id: last.voucher.id }) : null,
  };
}

/** One voucher as `GET /api/user/vouchers` presents it (the refund answers carry it); undefined when there is none. */
export async function presentVoucherById(db: Db, voucherId: string): Promise<Voucher | undefined> {
  const [row] = await voucherRows(db).where(eq(vouchers.id, voucherId));
  return row ? present(row) : undefined;
}

/** One of the user's own vouchers, for its printable page; 404 for a voucher that is not theirs (or does not exist). */
export async function ownVoucher(db: Db, userId: string, voucherId: string): Promise<Voucher> {
  const [row] = await voucherRows(db).where(and(eq(vouchers.id, voucherId), eq(vouchers.userId, userId)));
  if (!row) throw notFound(msg('notFound.voucher'));
  return present(row);
}

/**
 * The QR image of one of the user's own vouchers, as SVG text: the link of redeemUrl, which a phone
 * camera opens. 404 for a voucher that is not theirs (or does not exist), as for their other own data.
 */
export async function ownVoucherQrSvg(db: Db, origin: string, userId: string, voucherId: string): Promise<string> {
  const [v] = await db
    .select({ code: vouchers.code, pin: vouchers.pin })
    .from(vouchers)
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.userId, userId)))
    .limit(1);
  if (!v) throw notFound(msg('notFound.voucher'));
  return voucherQrSvg(origin, v.code, v.pin);
}

/** The SVG the QR route sends for a voucher's code and PIN. */
export function voucherQrSvg(origin: string, code: string, pin: string): Promise<string> {
  return QRCode.toString(redeemUrl(origin, code, pin), { type: 'svg', margin: 1, width: 240, errorCorrectionLevel: 'M' });
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

export async function paymentStatus(db: Db, order: typeof orders.$inferSelect): Promise<PaymentStatusAnswer> {
  const summary = await orderSummary(db, order);
  const firstDealId = summary.items[0]?.dealId;
  const dealRow = firstDealId ? (await queryDealPage(db, { where: eq(deals.id, firstDealId), limit: 1 })).rows[0] : undefined;
  return {
    status: order.status === 'paid' ? 'paid' : order.status === 'pending' ? 'pending' : 'failed',
    vouchers:
      order.status === 'paid'
        ? (await voucherRows(db).where(eq(vouchers.orderId, order.id)).orderBy(desc(vouchers.createdAt), asc(vouchers.unitIndex))).map(present)
        : [],
    deal: dealRow ? presentDeal(dealRow) : null,
    order: summary,
    group: (await orderGroupsOf(db, [order.id])).get(order.id) ?? null,
  };
}

/** Shown on reviews: the name the user chose, else a masked phone. */
export function reviewerName(user: UserRow): string {
  return user.displayName?.trim() || `Customer ••${user.phone.slice(-2)}`;
}

/**
 * A customer who has used the deal, that is who holds a redeemed voucher of it, may post one review of it
 * (ADR 011): every review then speaks of a visit that happened.
 */
export async function postReview(db: Db, user: UserRow, dealId: string, input: { rating: number; comment: string }): Promise<void> {
  const [used] = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(eq(vouchers.userId, user.id), eq(vouchers.dealId, dealId), eq(vouchers.redeemed, true)))
    .limit(1);
  if (!used) throw forbidden(msg('reviews.notAllowed'));
  try {
    await db.insert(reviews).values({ dealId, userId: user.id, authorName: reviewerName(user), rating: input.rating, comment: input.comment });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg('reviews.alreadyReviewed'));
    throw err;
  }
}
