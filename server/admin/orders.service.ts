/**
 * Customer service's order search (docs/product/rules.md#refunds-and-the-voucher-s-life; ADR 027): one box that takes an order id
 * (whole, or the 8-character order number shoppers see), a customer's phone or a voucher code, and
 * answers each order found with who bought it, how it was paid and its story, oldest event first.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { normalizePhone } from '../../contract/auth';
import { ORDER_LIST_LIMIT, PHONE_MIN_LENGTH, VOUCHER_CODE_ALPHABET, VOUCHER_CODE_LENGTH } from '../../contract/constants';
import type { AdminOrder } from '../../contract/orders';
import type { Db } from '../db/client';
import { ledgerEntries, orders, redemptions, users, vouchers } from '../db/schema';
import { msg, render, renderText, type Language, type Message } from '../i18n';
import { loadOrderParts, presentCustomerOrder, wholePaymentReturned, type OrderParts } from '../orders/order-history.service';

type OrderRow = typeof orders.$inferSelect;
type RedemptionRow = typeof redemptions.$inferSelect;
type LedgerRow = typeof ledgerEntries.$inferSelect;
type StoryEvent = AdminOrder['story'][number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NUMBER = /^[0-9a-f]{8}$/i;
const VOUCHER_CODE = new RegExp(`^[${VOUCHER_CODE_ALPHABET}]{${VOUCHER_CODE_LENGTH}}$`);

/**
 * Every way the text can be read, so one that is both (eight digits may be an order number, a
 * voucher code and nothing else) finds the orders of each reading.
 */
function readingsOf(db: Db, raw: string): SQL[] {
  const q = raw.trim().replace(/^#/, '');
  const readings: SQL[] = [];
  if (UUID.test(q)) readings.push(eq(orders.id, q.toLowerCase()));
  if (ORDER_NUMBER.test(q)) {
    // The order number is the id's first 8 characters: a range of the primary key, so its index serves it.
    const prefix = q.toLowerCase();
    readings.push(and(gte(orders.id, `${prefix}-0000-0000-0000-000000000000`), lte(orders.id, `${prefix}-ffff-ffff-ffff-ffffffffffff`))!);
  }
  const code = q.replace(/[\s-]/g, '').toUpperCase();
  if (VOUCHER_CODE.test(code)) {
    readings.push(inArray(orders.id, db.select({ id: vouchers.orderId }).from(vouchers).where(eq(vouchers.code, code))));
  }
  const digits = normalizePhone(q).replace(/^\+/, '');
  if (/^[\d\s().+-]+$/.test(q) && digits.length >= PHONE_MIN_LENGTH && digits.length <= 15) {
    // Phones are stored as digits with an optional leading '+' (contract/auth.ts): either is the customer's.
    const phones = [digits, `+${digits}`];
    readings.push(inArray(orders.userId, db.select({ id: users.id }).from(users).where(inArray(users.phone, phones))));
  }
  return readings;
}

/** Why a refund was made, as the story words it: a voucher's, a group member's place, or a whole payment that could not be fulfilled. */
const REFUND_REASONS: Record<OrderParts['refunds'][number]['reason'], Message> = {
  customer: msg('story.why.customer'),
  expiry: msg('story.why.expiry'),
  goodwill: msg('story.why.goodwill'),
  admin: msg('story.why.admin'),
  group: msg('story.why.group'),
  sold_out: msg('story.why.sold_out'),
  withdrawn: msg('story.why.withdrawn'),
  group_closed: msg('story.why.group_closed'),
};

/** What happened to an order, oldest first, each event in a sentence in `language`. */
function storyOf(order: OrderRow, parts: OrderParts, tried: RedemptionRow[], ledger: LedgerRow[], language: Language): StoryEvent[] {
  const events: { at: Date; kind: StoryEvent['kind']; text: Message; voucherCode: string | null }[] = [];
  const add = (at: Date, kind: StoryEvent['kind'], text: Message, voucherCode: string | null = null) => events.push({ at, kind, text, voucherCode });
  const units = parts.items.reduce((n, i) => n + i.quantity, 0);
  const total = order.totalCents;
  add(
    order.createdAt,
    'placed',
    parts.group ? msg('story.placedInGroup', { count: units, total, size: parts.group.size }) : msg('story.placed', { count: units, total }),
  );
  if (order.paidAt) add(order.paidAt, 'paid', msg('story.paid', { total, provider: order.provider }));
  // A whole payment given back by a refund of its own tells its story through that refund, below; one
  // returned at once, before such refunds were kept, has only the ledger's rows.
  const returnedByRefund = parts.refunds.some((r) => r.voucherId === null && r.groupMemberId === null);
  if (wholePaymentReturned(order) && !returnedByRefund) {
    // Its times are the ledger's: the order itself records neither.
    for (const e of ledger.filter((l) => l.refundId === null)) {
      if (e.kind === 'payment') add(e.createdAt, 'paid', msg('story.paidAfterLapse', { amount: e.amountCents }));
      if (e.kind === 'refund') add(e.createdAt, 'refunded', msg('story.returnedAfterLapse', { amount: -e.amountCents }));
    }
  }
  const group = parts.group;
  if (group?.closedAt && group.status === 'formed') {
    add(new Date(group.closedAt), 'group_formed', msg('story.groupFormed', { size: group.size }));
  } else if (group?.closedAt && group.status === 'failed') {
    add(new Date(group.closedAt), 'group_failed', msg('story.groupFailed', { size: group.size }));
  }
  if (order.status === 'expired') {
    const lapsedAt = order.expiresAt > order.createdAt ? order.expiresAt : order.createdAt;
    add(lapsedAt, 'expired', msg('story.checkoutLapsed'));
  }
  const codeOf = new Map(parts.vouchers.map((v) => [v.voucher.id, v.voucher.code]));
  for (const { voucher, title } of parts.vouchers) {
    add(voucher.createdAt, 'voucher_issued', msg('story.voucherIssued', { code: voucher.code, title }), voucher.code);
    if (voucher.status === 'expired') add(voucher.validUntil, 'expired', msg('story.voucherExpired', { code: voucher.code }), voucher.code);
  }
  for (const r of tried) {
    if (!r.success || !r.voucherId) continue;
    const code = codeOf.get(r.voucherId) ?? r.voucherCode;
    add(r.createdAt, 'redeemed', msg('story.voucherRedeemed', { code }), code);
    if (r.undoneAt) add(r.undoneAt, 'redemption_undone', msg('story.redemptionUndone', { code }), code);
  }
  for (const r of parts.refunds) {
    const code = (r.voucherId && codeOf.get(r.voucherId)) || null;
    const of = code ? msg('story.refundOfVoucher', { amount: r.amountCents, code }) : msg('story.refundOf', { amount: r.amountCents });
    add(r.createdAt, 'refund_requested', msg('story.refundRequested', { of, why: REFUND_REASONS[r.reason] }), code);
    if (r.status === 'succeeded') add(r.settledAt ?? r.createdAt, 'refunded', msg('story.refundPaid', { of }), code);
    // The provider's failure is its own text, as it was recorded.
    if (r.status === 'failed') {
      add(r.settledAt ?? r.createdAt, 'refund_failed', r.failure ? msg('story.refundFailedWith', { of, failure: r.failure }) : msg('story.refundFailed', { of }), code);
    }
  }
  // A stable sort: events at the same moment keep the order they were added in (placed before paid, issued before redeemed).
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at.getTime() - b.e.at.getTime() || a.i - b.i)
    .map(({ e }) => ({ at: e.at.toISOString(), kind: e.kind, text: render(language, e.text), voucherCode: e.voucherCode }));
}

/** The orders the text finds, newest first, at most ORDER_LIST_LIMIT; none when it reads as nothing. Their stories are told in `language`. */
export async function searchOrders(db: Db, q: string, language: Language): Promise<AdminOrder[]> {
  const readings = readingsOf(db, q);
  if (readings.length === 0) return [];
  const found = await db
    .select({ order: orders, phone: users.phone, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(or(...readings))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_LIST_LIMIT);
  if (found.length === 0) return [];
  const orderIds = found.map((f) => f.order.id);
  const parts = await loadOrderParts(db, orderIds);
  const voucherIds = [...parts.values()].flatMap((p) => p.vouchers.map((v) => v.voucher.id));
  const [tried, ledger] = await Promise.all([
    voucherIds.length === 0
      ? Promise.resolve([])
      : db.select().from(redemptions).where(inArray(redemptions.voucherId, voucherIds)).orderBy(asc(redemptions.createdAt), asc(redemptions.id)),
    db
      .select()
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.orderId, orderIds), isNull(ledgerEntries.refundId)))
      .orderBy(asc(ledgerEntries.seq)),
  ]);
  return found.map(({ order, phone, email }) => {
    const own = parts.get(order.id)!;
    const ownVoucherIds = new Set(own.vouchers.map((v) => v.voucher.id));
    const ownTries = tried.filter((r) => r.voucherId !== null && ownVoucherIds.has(r.voucherId));
    const base = presentCustomerOrder(order, own);
    return {
      ...base,
      customerPhone: phone,
      customerEmail: email,
      provider: order.provider,
      providerSessionId: order.providerSessionId,
      paymentRef: order.paymentRef,
      vouchers: base.vouchers.map((v, i) => ({
        ...v,
        merchantName: own.vouchers[i]!.merchantName,
        redemptions: ownTries
          .filter((r) => r.voucherId === v.id)
          .map((r) => ({ at: r.createdAt.toISOString(), success: r.success, reason: renderText(language, r.reason), undoneAt: r.undoneAt?.toISOString() ?? null })),
      })),
      refunds: own.refunds.map((r, i) => ({ ...base.refunds[i]!, note: r.note, providerRef: r.providerRef, failure: r.failure })),
      story: storyOf(order, own, ownTries, ledger.filter((l) => l.orderId === order.id), language),
    };
  });
}
