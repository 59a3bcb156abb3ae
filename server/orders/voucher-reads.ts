/**
 * Vouchers as their owner sees them (`GET /api/user/vouchers`): one read joining each voucher to the
 * order line it was issued for, its deal and merchant, whether its owner reviewed the deal and the
 * refund that stands for it, and the answer made of that row. Fulfilment issues the vouchers and
 * refunds answer with one; a customer's vouchers and the success page (server/vouchers/) list them.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { voucherQrPath, type Voucher } from '../../contract/checkout';
import type { Db } from '../db/client';
import { cursorTime } from '../db/keyset';
import { deals, merchants, orderItems, refunds, vouchers } from '../db/schema';
import { presentRefund } from './order-reads';

type VoucherRow = typeof vouchers.$inferSelect;
type DealRow = typeof deals.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

type MerchantOfVoucher = Pick<typeof merchants.$inferSelect, 'name' | 'address' | 'phone' | 'businessHours' | 'latitude' | 'longitude'>;

type VoucherLife = Pick<VoucherRow, 'status' | 'validUntil'>;

/**
 * Whether the voucher can be redeemed now: active (a refund under way has made it `refunded` already) and
 * within its validity. Only then does its owner get its PIN: a refunded or expired voucher's code and PIN
 * are never handed out again, on any screen or in any answer.
 */
export function redeemable(v: VoucherLife, now = new Date()): boolean {
  return v.status === 'active' && v.validUntil.getTime() >= now.getTime();
}

/**
 * Whether the voucher has a QR image: while it can be redeemed, and once redeemed (the screens keep a used
 * voucher's image folded away; a used code opens nothing, and an undone redemption makes it active again).
 * A refunded or expired voucher has none (410).
 */
export function hasQrImage(v: VoucherLife, now = new Date()): boolean {
  return v.status === 'redeemed' || redeemable(v, now);
}

/**
 * `pricePaidCents` is the unit price of the order line the voucher was issued for: what its owner paid
 * (the group price for a group member's voucher), which a later change of the deal's price leaves alone.
 */
function presentVoucher(v: VoucherRow, d: DealRow, pricePaidCents: number, m: MerchantOfVoucher, reviewed: boolean, refund: RefundRow | null): Voucher {
  const now = new Date();
  return {
    id: v.id,
    orderId: v.orderId,
    dealId: v.dealId,
    voucherCode: v.code,
    voucherPin: redeemable(v, now) ? v.pin : null,
    // The image is rendered by its own route when a browser asks for it, never inside a list.
    qrCodeUrl: hasQrImage(v, now) ? voucherQrPath(v.id) : null,
    status: v.status,
    redeemed: v.redeemed,
    redeemedAt: v.redeemedAt?.toISOString() ?? null,
    redeemedBy: v.redeemedBy,
    validUntil: v.validUntil.toISOString(),
    expired: v.status === 'expired' || (v.status === 'active' && v.validUntil.getTime() < now.getTime()),
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

/** Vouchers with what their answer shows, and each one's creation time as cursor text; the caller adds the `where`, order and limit. */
export function voucherRows(db: Db) {
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

/** A row of `voucherRows` as its answer. */
export const presentVoucherRow = (r: VoucherJoinRow) => presentVoucher(r.voucher, r.deal, r.pricePaidCents, r.merchant, Boolean(r.reviewed), r.refund);

/** One voucher as `GET /api/user/vouchers` presents it (the refund answers carry it); undefined when there is none. */
export async function presentVoucherById(db: Db, voucherId: string): Promise<Voucher | undefined> {
  const [row] = await voucherRows(db).where(eq(vouchers.id, voucherId));
  return row ? presentVoucherRow(row) : undefined;
}
