/**
 * Checkout: prices from the database, every buying rule checked, and units held for the checkout
 * session's life, all in one transaction (ADR 012).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { MAX_CHECKOUT_LINES, MAX_CHECKOUT_TOTAL_CENTS, MAX_UNITS_PER_LINE, type CheckoutBody } from '../../contract/checkout';
import { CHECKOUT_HOLD_MINUTES } from '../../contract/constants';
import type { Db, Tx } from '../db/client';
import { isDatabaseError } from '../db/errors';
import { perDatabase, statement } from '../db/prepared';
import { placementOf } from './placement';
import { NotEnoughStock, returnStock, StockBusy, stockRefusal, takeStock } from './stock';
import { UNITS_TAKEN_OF_DEALS } from '../db/stock-reads';
import { deals, holds, merchants, orderItems, orders, userDealUnits } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors';
import { hitRateLimit, overBudget, type AttemptBudget } from '../http/rate-limit';
import type { UserRow } from '../http/session-lookup';
import type { CreatedCheckout, PaymentProvider } from '../integrations/payments/payment-provider';

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
  if (lines.length > MAX_CHECKOUT_LINES) throw badRequest(`A checkout can hold at most ${MAX_CHECKOUT_LINES} different deals`);
  if (lines.some((l) => l.quantity > MAX_UNITS_PER_LINE)) throw badRequest(`At most ${MAX_UNITS_PER_LINE} units of one deal per checkout`);
  return lines;
}

/** Extra time a hold outlives its checkout page, so a payment made at the last second still finds its units. */
const HOLD_GRACE_MS = 5 * 60_000;

type DealRow = typeof deals.$inferSelect;

/** Why a deal is not on sale at all (archived, unpublished, switched off, its merchant not active), or null. */
export function whyWithdrawn(deal: DealRow, merchantStatus: string): string | null {
  if (deal.status !== 'published' || merchantStatus !== 'active') return `"${deal.title}" is no longer available`;
  if (!deal.active) return `"${deal.title}" is currently unavailable`;
  return null;
}

/** Why a deal cannot be bought now, or null when it can (docs/product/rules.md#buying-a-deal). */
export function whyNotBuyable(deal: DealRow, merchantStatus: string, now: Date): string | null {
  const withdrawn = whyWithdrawn(deal, merchantStatus);
  if (withdrawn) return withdrawn;
  if (deal.validFrom && now < deal.validFrom) return `"${deal.title}" is not on sale yet`;
  if (deal.validUntil && now > deal.validUntil) return `"${deal.title}" has ended`;
  return null;
}

/** Thrown when the offer cannot cover a line; a 409 with the reason. */
export class OfferExhausted extends HttpError {
  constructor(title: string, left: number) {
    super(409, left === 0 ? `"${title}" is sold out` : `Only ${left} left of "${title}"`);
  }
}

/** The 409 for a checkout over the customer's allowance of a deal. */
const overAllowance = (deal: DealRow) => conflict(`You can buy at most ${deal.maxPerUser} of "${deal.title}"`);

const countAllowance = statement<Record<string, never>>('deal_allowance_count', 'select deal_allowance_count($1, $2, $3, $4)');

/**
 * Counts `quantity` units against the user's allowance of a deal (`deal_allowance_count`, migration
 * 0005): a conditional upsert, so concurrent checkouts on any number of servers cannot exceed
 * maxPerUser. 409 when over it; the transaction must then roll back.
 */
async function countAgainstAllowance(tx: Tx, deal: DealRow, userId: string, quantity: number): Promise<void> {
  try {
    await countAllowance(tx, [userId, deal.id, quantity, deal.maxPerUser]);
  } catch (err) {
    if (isDatabaseError(err, 'DM001')) throw overAllowance(deal);
    throw err;
  }
}

/** Takes `quantity` units of the deal's offer (see stock.ts); OfferExhausted when it cannot. */
async function takeOffer(tx: Tx, deal: DealRow, quantity: number): Promise<void> {
  try {
    await takeStock(tx, deal.id, quantity);
  } catch (err) {
    throw offerRefusal(err, deal) ?? err;
  }
}

/** The 409 for a take the offer refused (NotEnoughStock, StockBusy), or undefined for any other error. */
function offerRefusal(err: unknown, deal: DealRow): HttpError | undefined {
  const refusal = err instanceof NotEnoughStock || err instanceof StockBusy ? err : stockRefusal(err);
  if (refusal instanceof NotEnoughStock) return new OfferExhausted(deal.title, refusal.left);
  if (refusal instanceof StockBusy) return conflict(`"${deal.title}" is in high demand right now; please try again`);
  return undefined;
}

/**
 * Takes `quantity` units of a deal for a user, guarding the per-user limit and the offer alike.
 * Throws 409 with the reason when either is exhausted.
 */
export async function takeUnits(tx: Tx, deal: DealRow, userId: string, quantity: number): Promise<void> {
  await countAgainstAllowance(tx, deal, userId, quantity);
  await takeOffer(tx, deal, quantity);
}

/** Gives units back to the offer and to the user's allowance. */
async function returnUnits(tx: Tx, dealId: string, userId: string, quantity: number): Promise<void> {
  await tx
    .update(userDealUnits)
    .set({ units: sql`${userDealUnits.units} - ${quantity}` })
    .where(and(eq(userDealUnits.userId, userId), eq(userDealUnits.dealId, dealId)));
  await returnStock(tx, dealId, quantity);
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
 * Reads the lines' deals and checks every buying rule, before any transaction: a deal that cannot
 * be bought, or whose offer has too few units left, is refused here without writing anything.
 * The offer is guarded again, exactly, when the units are taken.
 */
async function priceLines(db: Db, lines: CheckoutLineInput[], userId: string, now: Date): Promise<PricedLine[]> {
  const rows =
    lines.length === 1
      ? await oneCheckoutDealOf(db).execute({ userId, dealId: lines[0]!.dealId })
      : await checkoutDeals(db, userId, inArray(deals.id, lines.map((l) => l.dealId)));
  const byId = new Map(rows.map((r) => [r.deal.id, r]));
  const priced = lines.map((line) => {
    const row = byId.get(line.dealId);
    if (!row) throw notFound('Deal not found');
    const reason = whyNotBuyable(row.deal, row.merchantStatus, now);
    if (reason) throw conflict(reason);
    const left = Math.max(0, row.deal.inventory - Number(row.unitsTaken));
    if (Number(row.mine) + line.quantity > row.deal.maxPerUser) throw overAllowance(row.deal);
    if (row.deal.inventory > 0 && left < line.quantity) throw new OfferExhausted(row.deal.title, left);
    return { deal: row.deal, quantity: line.quantity };
  });
  // Refused before any provider call: a larger total is one no provider takes, and one the order row cannot hold.
  const totalCents = priced.reduce((sum, l) => sum + l.deal.priceCents * l.quantity, 0);
  if (totalCents > MAX_CHECKOUT_TOTAL_CENTS) throw badRequest(`A checkout can total at most ${MAX_TOTAL_LABEL}`);
  return priced;
}

const MAX_TOTAL_LABEL = `$${(MAX_CHECKOUT_TOTAL_CENTS / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/**
 * Places the order with `checkout_place_order` (migration 0005, ADR 005), one statement and so one
 * transaction, possibly shared with other checkouts arriving at the same time (placement.ts): the
 * attempt counted against the budget, the allowance of every line counted, the order, its items
 * and their holds written, and the offer taken last, so that the stock bucket is locked only until
 * the commit.
 */
async function placeOrder(
  db: Db,
  payments: PaymentProvider,
  user: UserRow,
  priced: PricedLine[],
  order: { id: string; sessionId: string; holdExpiresAt: Date },
  budget: AttemptBudget,
): Promise<void> {
  const refusal = await placementOf(db).run({
    orderId: order.id,
    userId: user.id,
    provider: payments.name,
    sessionId: order.sessionId,
    expiresAt: order.holdExpiresAt,
    lines: priced.map((l) => ({
      deal_id: l.deal.id,
      quantity: l.quantity,
      unit_price_cents: l.deal.priceCents,
      title: l.deal.title,
      max_per_user: l.deal.maxPerUser,
    })),
    budget,
  });
  if (!refusal) return;
  const line = priced.find((l) => l.deal.id === refusal.detail);
  if (refusal.code === 'DM004') throw overBudget(budget, Number(refusal.detail));
  if (refusal.code === 'DM001' && line) throw overAllowance(line.deal);
  const offer = line && offerRefusal(refusal, line.deal);
  if (offer) throw offer;
  throw new Error(`order ${order.id} refused with ${refusal.code} for ${refusal.detail ?? 'no deal'}`);
}

/**
 * Checks the lines, opens the provider's hosted checkout, then places the order with its holds.
 * Every attempt counts against the customer's checkout budget, refused or not.
 */
export async function startCheckout(
  db: Db,
  payments: PaymentProvider,
  origin: string,
  user: UserRow,
  lines: CheckoutLineInput[],
  budget: AttemptBudget,
): Promise<StartedCheckout> {
  if (user.role !== 'customer') throw forbidden('Only customer accounts can buy deals');
  const now = new Date();
  const sessionExpiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
  const holdExpiresAt = new Date(sessionExpiresAt.getTime() + HOLD_GRACE_MS);
  const priced = await refusingOver(budget, db, () => afterReleasingLapsedHolds(db, () => priceLines(db, lines, user.id, now)));

  // The hosted page is opened first, for an order id chosen here, so that the order is written with
  // its session in the same transaction as its holds. If the order then cannot be placed, the page
  // is never shown and lapses at the provider on its own.
  const orderId = randomUUID();
  let created: CreatedCheckout;
  try {
    created = await payments.createCheckout({
      orderId,
      lines: priced.map((l) => ({ title: l.deal.title, unitPriceCents: l.deal.priceCents, quantity: l.quantity })),
      successUrl: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/cart`,
      expiresAt: sessionExpiresAt,
    });
  } catch (err) {
    await hitRateLimit(db, budget.key, budget.limit, budget.windowSeconds);
    throw new HttpError(502, `Failed to initiate checkout: ${err instanceof Error ? err.message : 'payment provider error'}`);
  }
  const order = { id: orderId, sessionId: created.sessionId, holdExpiresAt };
  // A refused transaction rolls its count back, so each try counts the attempt and only one is kept.
  await refusingOver(budget, db, () => afterReleasingLapsedHolds(db, () => placeOrder(db, payments, user, priced, order, budget)));
  return { orderId, url: created.url, sessionId: created.sessionId };
}

/**
 * Lapsed holds are normally released by the minute sweep; a sold-out answer is the moment they
 * matter, so they are released then, and the step runs once more if that gave any units back.
 */
async function afterReleasingLapsedHolds<T>(db: Db, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (!(err instanceof OfferExhausted) || !(await releaseLapsedNow(db))) throw err;
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

/**
 * Ends a pending order as expired or cancelled and returns its held units. Only the first caller
 * does anything: the order row is locked and its status checked, so racing servers are safe.
 */
export async function releaseOrder(db: Db, orderId: string, status: 'expired' | 'cancelled'): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.status !== 'pending') return false;
    await releaseHolds(tx, orderId);
    await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
    return true;
  });
}

/** Releases the holds of a pending order, whose row the caller has locked. */
async function releaseHolds(tx: Tx, orderId: string): Promise<void> {
  const released = await tx
    .update(holds)
    .set({ status: 'released' })
    // All held, as the order is pending: found by the order items' keys alone (see fulfil_pending_order).
    .where(inArray(holds.orderItemId, tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId))))
    .returning({ dealId: holds.dealId, userId: holds.userId, quantity: holds.quantity });
  // Rows are touched in deal order, like checkout does, so concurrent releases and fulfilments cannot deadlock.
  released.sort((a, b) => a.dealId.localeCompare(b.dealId));
  for (const h of released) await returnUnits(tx, h.dealId, h.userId, h.quantity);
}

/**
 * Expires pending orders whose holds have lapsed. Any server may call it at any time: each order is
 * claimed with SKIP LOCKED, so two servers never release the same one.
 */
export async function releaseExpiredOrders(db: Db, batch = 50): Promise<number> {
  return (await releaseLapsed(db, batch, true)).released;
}

/**
 * Releases lapsed holds for a checkout that found a deal sold out, waiting for any other server
 * already releasing one of them; true when there were any (so their units are back by now).
 */
async function releaseLapsedNow(db: Db): Promise<boolean> {
  return (await releaseLapsed(db, 50, false)).due > 0;
}

async function releaseLapsed(db: Db, batch: number, skipLocked: boolean): Promise<{ due: number; released: number }> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, new Date())))
    .orderBy(asc(orders.expiresAt))
    .limit(batch);
  let released = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      // The status is checked again once the row is locked, so an order another server released is left alone.
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.status, 'pending'), lt(orders.expiresAt, new Date())))
        .for('update', skipLocked ? { skipLocked: true } : {});
      if (!order) return false;
      await releaseHolds(tx, id);
      await tx.update(orders).set({ status: 'expired' }).where(eq(orders.id, id));
      return true;
    });
    if (done) released++;
  }
  return { due: due.length, released };
}
