/** A customer's vouchers (a page at a time) and their QR images, the payment-status answer of the success page, and reviews by customers who used the deal. */
import QRCode from 'qrcode';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { PaymentStatusAnswer, Voucher } from '../../contract/checkout';
import type { Db } from '../db/client';
import { afterNewest, encodeCursor, pageOf, type KeysetCursor } from '../db/keyset';
import { deals, orders, reviews, vouchers } from '../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../http/errors';
import type { UserRow } from '../http/session-lookup';
import { isUniqueViolation } from '../auth/auth.service';
import { presentDeal, queryDealPage } from '../catalog/deals.service';
import { hasQrImage, orderGroupsOf, orderSummary, presentVoucherRow as present, voucherRows } from '../orders/orders.service';
import { msg } from '../i18n';

/**
 * One page of the user's own vouchers, newest first: keyset on (created_at, id), so a page costs the
 * same however many vouchers the customer has, and the cursor after it when there are more.
 */
export async function listUserVouchers(
  db: Db,
  userId: string,
  params: { limit: number; cursor: KeysetCursor | null },
): Promise<{ vouchers: Voucher[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(vouchers.userId, userId)];
  if (params.cursor) conditions.push(afterNewest(vouchers.createdAt, vouchers.id, params.cursor));
  const rows = await voucherRows(db)
    .where(and(...conditions))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(params.limit + 1);
  const page = pageOf(rows, params.limit, (last) => encodeCursor({ createdAt: last.cursorTime, id: last.voucher.id }));
  return { vouchers: page.rows.map(present), nextCursor: page.nextCursor };
}

/** One of the user's own vouchers, for its printable page; 404 for a voucher that is not theirs (or does not exist). */
export async function ownVoucher(db: Db, userId: string, voucherId: string): Promise<Voucher> {
  const [row] = await voucherRows(db).where(and(eq(vouchers.id, voucherId), eq(vouchers.userId, userId)));
  if (!row) throw notFound(msg('notFound.voucher'));
  return present(row);
}

/**
 * The QR image of one of the user's own vouchers, as SVG text: the link of redeemUrl, which a phone
 * camera opens. 404 for a voucher that is not theirs (or does not exist), as for their other own data;
 * 410 for a refunded or expired one, which can no longer be used and whose code and PIN are not handed out.
 */
export async function ownVoucherQrSvg(db: Db, origin: string, userId: string, voucherId: string): Promise<string> {
  const [v] = await db
    .select({ code: vouchers.code, pin: vouchers.pin, status: vouchers.status, validUntil: vouchers.validUntil })
    .from(vouchers)
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.userId, userId)))
    .limit(1);
  if (!v) throw notFound(msg('notFound.voucher'));
  if (!hasQrImage(v)) throw new HttpError(410, msg('vouchers.qrGone'));
  return voucherQrSvg(origin, v.code, v.pin);
}

/** The link a voucher's QR code carries: a phone camera opens the redeem screen pre-filled. */
export function redeemUrl(origin: string, code: string, pin: string): string {
  return `${origin.replace(/\/$/, '')}/merchant/redeem?code=${encodeURIComponent(code)}&pin=${encodeURIComponent(pin)}`;
}

/** The SVG the QR route sends for a voucher's code and PIN. */
export function voucherQrSvg(origin: string, code: string, pin: string): Promise<string> {
  return QRCode.toString(redeemUrl(origin, code, pin), { type: 'svg', margin: 1, width: 240, errorCorrectionLevel: 'M' });
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
