/**
 * The orders module: checkout with holds (placement, stock), exactly-once fulfilment, the payment
 * webhooks and the built-in provider's page API, group deals (groups/, ADR 029), the voucher codes
 * and the reads of orders and vouchers it owns (server/orders/README.md). Other features use it
 * through this file. Checkout prices from the database, checks every buying rule, opens the
 * provider's page and places the order with its holds in one statement (ADR 012, ADR 023).
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { MAX_CHECKOUT_LINES, MAX_CHECKOUT_TOTAL_CENTS, MAX_UNITS_PER_LINE, type CheckoutBody } from '../../contract/checkout';
import { CHECKOUT_HOLD_MINUTES } from '../../contract/constants';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { UNITS_TAKEN_OF_DEALS } from '../db/stock-reads';
import { deals, merchants, userDealUnits } from '../db/schema';
import { isListed } from '../catalog/listed.service';
import { HttpError } from '../http/errors';
import { hitRateLimit, type AttemptBudget } from '../http/rate-limit';
import type { UserRow } from '../http/session-lookup';
import type { CreatedCheckout, PaymentProvider } from '../integrations/payments/payment-provider';
import { fulfilOrder } from './fulfilment';
import { placeWithSeat, seatTerms, type SeatRequest, type SeatTerms } from './groups/seats';
import { HOLD_GRACE_MS, placeOrder, type OrderToPlace } from './placement';
import { isRefusal, refuse, refusalFromDatabase, type Refusal } from './refusals';
import { releaseLapsedNow, releaseOrder } from './stock';

export { dealAllowanceOf } from './allowance';
export { releaseExpiredOrders, releaseOrder } from './stock';
export { catchUpWithProvider, fulfilOrder, handlePaymentEvent } from './fulfilment';
export { runExpirySweep } from './expiry';
export { failExpiredGroups } from './groups/ending';
export { getGroup, groupPagePreview, orderGroupsOf } from './groups/groups.service';
export { refundById, retryRefund, type RefundDeps, type RefundRow } from './refunds';
export { findOwnOrder, orderRefunds, orderSummary, presentRefund } from './order-reads';
export { hasQrImage, presentVoucherById, presentVoucherRow, redeemable, voucherRows } from './voucher-reads';
export { drawVoucherCode, generateVoucherCode, generateVoucherPin } from './voucher-codes';
export type { SeatRequest } from './groups/seats';

export interface CheckoutLineInput {
  dealId: string;
  quantity: number;
}

/** Merges the three body shapes into one line per deal, in deal-id order (the order rows are locked in). */
export function checkoutLines(body: CheckoutBody): CheckoutLineInput[] {
  const units = new Map<string, number>();
  const add = (dealId: string, quantity: number) => units.set(dealId, (units.get(dealId) ?? 0) + quantity);
  if (body.dealId) add(body.dealId, 1);
  for (const id of body.dealIds ?? []) add(id, 1);
  for (const item of body.items ?? []) add(item.dealId, item.quantity);
  const lines = [...units.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([dealId, quantity]) => ({ dealId, quantity }));
  // The limits hold for the merged lines too, however the body spelled them.
  if (lines.length > MAX_CHECKOUT_LINES) throw refuse('tooManyLines');
  if (lines.some((l) => l.quantity > MAX_UNITS_PER_LINE)) throw refuse('tooManyUnits');
  return lines;
}

type DealRow = typeof deals.$inferSelect;

/** Why a deal cannot be bought now, or null when it can (docs/product/rules.md#buying-a-deal). */
export function whyNotBuyable(deal: DealRow, merchantStatus: string, now: Date): Refusal | null {
  if (!isListed(deal, merchantStatus)) return refuse('noLongerAvailable', deal);
  if (!deal.active) return refuse('currentlyUnavailable', deal);
  if (deal.validFrom && now < deal.validFrom) return refuse('notOnSaleYet', deal);
  if (deal.validUntil && now > deal.validUntil) return refuse('ended', deal);
  return null;
}

export interface StartedCheckout {
  orderId: string;
  url: string;
  sessionId: string;
}

type PricedLine = { deal: DealRow; quantity: number };

/** A checkout's deals with their merchant's status, units taken and the customer's own units. */
function checkoutDeals(db: Db, userId: SQL | string, dealIds: SQL) {
  return db
    .select({
      deal: deals,
      merchantStatus: merchants.status,
      unitsTaken: UNITS_TAKEN_OF_DEALS,
      mine: sql<number>`coalesce((select ${userDealUnits.units} from ${userDealUnits} where ${userDealUnits.userId} = ${userId} and ${userDealUnits.dealId} = "deals"."id"), 0)`,
    })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(dealIds);
}

/** Most checkouts buy one deal: that read is prepared once per database. */
const oneCheckoutDealOf = perDatabase((db) =>
  checkoutDeals(db, sql`${sql.placeholder('userId')}::uuid`, eq(deals.id, sql.placeholder('dealId'))).prepare('checkout_deal'),
);

/**
 * Reads the lines' deals and checks every buying rule before anything is written or the provider
 * is called, so that a refused checkout never opens a payment page. The allowance and the offer
 * read here may change before the order is placed: checkout_place_order guards them again, exactly.
 */
async function priceLines(db: Db, lines: CheckoutLineInput[], userId: string, now: Date): Promise<PricedLine[]> {
  const rows =
    lines.length === 1
      ? await oneCheckoutDealOf(db).execute({ userId, dealId: lines[0]!.dealId })
      : await checkoutDeals(db, userId, inArray(deals.id, lines.map((l) => l.dealId)));
  const byId = new Map(rows.map((r) => [r.deal.id, r]));
  const priced = lines.map((line) => {
    const row = byId.get(line.dealId);
    if (!row) throw refuse('dealNotFound');
    const refusal = whyNotBuyable(row.deal, row.merchantStatus, now);
    if (refusal) throw refusal;
    const left = Math.max(0, row.deal.inventory - Number(row.unitsTaken));
    if (Number(row.mine) + line.quantity > row.deal.maxPerUser) throw refuse('overAllowance', row.deal);
    if (row.deal.inventory > 0 && left < line.quantity) throw refuse('offerExhausted', row.deal, left);
    return { deal: row.deal, quantity: line.quantity };
  });
  // Refused before any provider call: a larger total is one no provider takes, and one the order row cannot hold.
  const totalCents = priced.reduce((sum, l) => sum + l.deal.priceCents * l.quantity, 0);
  if (totalCents > MAX_CHECKOUT_TOTAL_CENTS) throw refuse('overMaxTotal');
  return priced;
}

/** Fulfilment's log when the caller passes none (it writes only when a free order meets a deal withdrawn meanwhile). */
const QUIET = pino({ level: 'silent' }) as FastifyBaseLogger;

/** The session id of a free order: no provider ever opened a page for it, so the id is ours. */
const freeSessionIdOf = (orderId: string) => `free_${orderId}`;

/**
 * Checks the lines, opens the provider's hosted checkout, then places the order with its holds.
 * Every attempt counts against the customer's checkout budget, refused or not. With `seat`, the
 * checkout pays one unit at the group price for a place in a group (ADR 029): the place is checked
 * before the provider is called, and taken in the transaction that places the order. A checkout
 * whose every unit is free has nothing to charge (and Stripe takes nothing below $0.50): it is
 * placed the same way, with the same stock and allowance, then fulfilled at once without the
 * provider, and answers the success page.
 */
export async function startCheckout(
  db: Db,
  payments: PaymentProvider,
  origin: string,
  user: UserRow,
  lines: CheckoutLineInput[],
  budget: AttemptBudget,
  seat?: SeatRequest,
  logger: FastifyBaseLogger = QUIET,
): Promise<StartedCheckout> {
  if (user.role !== 'customer') throw refuse('notACustomer');
  const now = new Date();
  const sessionExpiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
  const holdExpiresAt = new Date(sessionExpiresAt.getTime() + HOLD_GRACE_MS);
  const priced = await refusingOver(budget, db, () => afterReleasingLapsedHolds(db, () => priceLines(db, lines, user.id, now)));
  let terms: SeatTerms | undefined;
  if (seat) terms = await refusingOver(budget, db, () => seatTerms(db, seat, priced[0]!.deal, user.id, now));
  const unitPrice = (deal: DealRow) => terms?.priceCents ?? deal.priceCents;

  // The hosted page is opened first, for an order id chosen here, so that the order is written with
  // its session in the same transaction as its holds. If the order then cannot be placed, the page
  // is never shown and lapses at the provider on its own.
  const orderId = randomUUID();
  // A group place is always paid (its price is at least the provider's minimum), and its vouchers wait for the group.
  const free = !terms && priced.every((l) => unitPrice(l.deal) === 0);
  let created: CreatedCheckout;
  if (free) {
    const sessionId = freeSessionIdOf(orderId);
    created = { sessionId, url: `${origin}/success?session_id=${encodeURIComponent(sessionId)}` };
  } else {
    try {
      created = await payments.createCheckout({
        orderId,
        lines: priced.map((l) => ({ title: l.deal.title, unitPriceCents: unitPrice(l.deal), quantity: l.quantity })),
        successUrl: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/cart`,
        expiresAt: sessionExpiresAt,
      });
    } catch (err) {
      await hitRateLimit(db, budget.key, budget.limit, budget.windowSeconds);
      throw refuse('providerFailed', err instanceof Error ? err.message : 'payment provider error');
    }
  }
  const placing: OrderToPlace = {
    orderId,
    userId: user.id,
    provider: payments.name,
    sessionId: created.sessionId,
    expiresAt: holdExpiresAt,
    lines: priced.map((l) => ({
      deal_id: l.deal.id,
      quantity: l.quantity,
      unit_price_cents: unitPrice(l.deal),
      title: l.deal.title,
      max_per_user: l.deal.maxPerUser,
    })),
    budget,
  };
  const dealOf = (id: string) => priced.find((l) => l.deal.id === id)?.deal;
  const place = async () => {
    try {
      if (terms) await placeWithSeat(db, terms, placing);
      else await placeOrder(db, placing);
    } catch (err) {
      throw refusalFromDatabase(err, dealOf, budget.message) ?? err;
    }
  };
  // A refused transaction rolls its count back, so each try counts the attempt and only one is kept.
  await refusingOver(budget, db, () => afterReleasingLapsedHolds(db, place));
  if (free) await fulfilFreeOrder(db, payments, logger, orderId, created.sessionId, priced, () => priceLines(db, lines, user.id, new Date()));
  return { orderId, url: created.url, sessionId: created.sessionId };
}

/**
 * Issues a free order's vouchers by the one fulfilment path, as a payment would, with no payment
 * reference. What could stop it now is a deal withdrawn since it was priced (fulfilment then gives the
 * units back): the checkout is refused as it would have been a moment earlier, by pricing the lines
 * again (`priceAgain`). If fulfilment fails, the order is released rather than left pending for a
 * payment that will never come.
 */
async function fulfilFreeOrder(
  db: Db,
  payments: PaymentProvider,
  logger: FastifyBaseLogger,
  orderId: string,
  sessionId: string,
  priced: PricedLine[],
  priceAgain: () => Promise<unknown>,
): Promise<void> {
  const units = priced.reduce((sum, l) => sum + l.quantity, 0);
  const event = { provider: payments.name, id: sessionId, type: 'free' };
  let outcome;
  try {
    outcome = await fulfilOrder(db, payments, logger, { sessionId, orderId, paymentRef: null }, event, { id: orderId, units });
  } catch (err) {
    await releaseOrder(db, orderId, 'cancelled').catch(() => false);
    throw err;
  }
  if (outcome === 'fulfilled' || outcome === 'already-fulfilled') return;
  await priceAgain();
  throw refuse('noLongerAvailable', priced[0]!.deal);
}

/**
 * Lapsed holds are normally released by the minute sweep; a sold-out answer is the moment they
 * matter, so they are released then, and the step runs once more if that gave any units back.
 */
async function afterReleasingLapsedHolds<T>(db: Db, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (!isRefusal(err, 'offerExhausted') || !(await releaseLapsedNow(db))) throw err;
    return step();
  }
}

/**
 * Runs a step of a checkout attempt; when it refuses the attempt (other than for the budget
 * itself), the attempt is still counted against the budget, since nothing it did was kept.
 */
async function refusingOver<T>(budget: AttemptBudget, db: Db, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 429) await hitRateLimit(db, budget.key, budget.limit, budget.windowSeconds);
    throw err;
  }
}

