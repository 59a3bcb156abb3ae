/**
 * Checkout: prices from the database, every buying rule checked, and units held for the checkout
 * session's life, all in one transaction (DECISIONS.md D3).
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { MAX_CHECKOUT_LINES, MAX_UNITS_PER_LINE, type CheckoutBody } from '../../contract/checkout';
import { CHECKOUT_HOLD_MINUTES } from '../../contract/constants';
import { queryRows, type Db, type Tx } from '../db/client';
import { deals, holds, merchants, orderItems, orders, userDealUnits } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors';
import type { UserRow } from '../auth/sessions';
import type { PaymentProvider } from '../integrations/payments/payment-provider';

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

/** Why a deal cannot be bought now, or null when it can (D3). */
export function whyNotBuyable(deal: DealRow, merchantStatus: string, now: Date): string | null {
  if (deal.status !== 'published' || merchantStatus !== 'active') return `"${deal.title}" is no longer available`;
  if (!deal.active) return `"${deal.title}" is currently unavailable`;
  if (deal.validFrom && now < deal.validFrom) return `"${deal.title}" is not on sale yet`;
  if (deal.validUntil && now > deal.validUntil) return `"${deal.title}" has ended`;
  return null;
}

/**
 * Takes `quantity` units of a deal for a user: the offer and the per-user limit are both guarded by
 * conditional writes, so concurrent checkouts on any number of servers cannot oversell or exceed
 * maxPerUser. Throws 409 with the reason when either is exhausted.
 */
export async function takeUnits(tx: Tx, deal: DealRow, userId: string, quantity: number): Promise<void> {
  const overLimit = () => conflict(`You can buy at most ${deal.maxPerUser} of "${deal.title}"`);
  if (quantity > deal.maxPerUser) throw overLimit();
  const [taken] = await tx
    .update(deals)
    .set({ unitsTaken: sql`${deals.unitsTaken} + ${quantity}` })
    .where(and(eq(deals.id, deal.id), sql`(${deals.inventory} = 0 or ${deals.unitsTaken} + ${quantity} <= ${deals.inventory})`))
    .returning({ id: deals.id });
  if (!taken) {
    const [now] = await tx.select({ inventory: deals.inventory, unitsTaken: deals.unitsTaken }).from(deals).where(eq(deals.id, deal.id));
    const left = Math.max(0, (now?.inventory ?? 0) - (now?.unitsTaken ?? 0));
    throw conflict(left === 0 ? `"${deal.title}" is sold out` : `Only ${left} left of "${deal.title}"`);
  }
  const rows = await queryRows<{ units: number }>(
    tx,
    sql`insert into user_deal_units (user_id, deal_id, units) values (${userId}, ${deal.id}, ${quantity})
        on conflict (user_id, deal_id) do update set units = user_deal_units.units + excluded.units
        where user_deal_units.units + excluded.units <= ${deal.maxPerUser}
        returning units`,
  );
  if (rows.length === 0) throw overLimit();
}

/** Gives units back to the offer and to the user's allowance. */
async function returnUnits(tx: Tx, dealId: string, userId: string, quantity: number): Promise<void> {
  await tx.update(deals).set({ unitsTaken: sql`${deals.unitsTaken} - ${quantity}` }).where(eq(deals.id, dealId));
  await tx
    .update(userDealUnits)
    .set({ units: sql`${userDealUnits.units} - ${quantity}` })
    .where(and(eq(userDealUnits.userId, userId), eq(userDealUnits.dealId, dealId)));
}

export interface StartedCheckout {
  orderId: string;
  url: string;
  sessionId: string;
}

/**
 * Places the order and its holds, then opens the provider's hosted checkout. If the provider
 * fails, the holds are released at once.
 */
export async function startCheckout(
  db: Db,
  payments: PaymentProvider,
  origin: string,
  user: UserRow,
  lines: CheckoutLineInput[],
): Promise<StartedCheckout> {
  if (user.role !== 'customer') throw forbidden('Only customer accounts can buy deals');
  await releaseExpiredOrders(db);
  const now = new Date();
  const sessionExpiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000);
  const holdExpiresAt = new Date(sessionExpiresAt.getTime() + HOLD_GRACE_MS);

  const placed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ deal: deals, merchantStatus: merchants.status })
      .from(deals)
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(inArray(deals.id, lines.map((l) => l.dealId)));
    const byId = new Map(rows.map((r) => [r.deal.id, r]));
    let totalCents = 0;
    for (const line of lines) {
      const row = byId.get(line.dealId);
      if (!row) throw notFound('Deal not found');
      const reason = whyNotBuyable(row.deal, row.merchantStatus, now);
      if (reason) throw conflict(reason);
      totalCents += row.deal.priceCents * line.quantity;
    }
    for (const line of lines) await takeUnits(tx, byId.get(line.dealId)!.deal, user.id, line.quantity);

    const [order] = await tx
      .insert(orders)
      .values({ userId: user.id, provider: payments.name, totalCents, status: 'pending', expiresAt: holdExpiresAt })
      .returning({ id: orders.id });
    for (const line of lines) {
      const d = byId.get(line.dealId)!.deal;
      const [item] = await tx
        .insert(orderItems)
        .values({ orderId: order!.id, dealId: d.id, quantity: line.quantity, unitPriceCents: d.priceCents, title: d.title })
        .returning({ id: orderItems.id });
      await tx.insert(holds).values({ orderItemId: item!.id, dealId: d.id, userId: user.id, quantity: line.quantity, expiresAt: holdExpiresAt });
    }
    return {
      orderId: order!.id,
      lines: lines.map((l) => {
        const d = byId.get(l.dealId)!.deal;
        return { title: d.title, unitPriceCents: d.priceCents, quantity: l.quantity };
      }),
    };
  });

  try {
    const created = await payments.createCheckout({
      orderId: placed.orderId,
      lines: placed.lines,
      successUrl: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/cart`,
      expiresAt: sessionExpiresAt,
    });
    await db.update(orders).set({ providerSessionId: created.sessionId }).where(eq(orders.id, placed.orderId));
    return { orderId: placed.orderId, url: created.url, sessionId: created.sessionId };
  } catch (err) {
    await releaseOrder(db, placed.orderId, 'cancelled');
    throw new HttpError(502, `Failed to initiate checkout: ${err instanceof Error ? err.message : 'payment provider error'}`);
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

async function releaseHolds(tx: Tx, orderId: string): Promise<void> {
  const released = await tx
    .update(holds)
    .set({ status: 'released' })
    .where(and(eq(holds.status, 'held'), inArray(holds.orderItemId, tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId)))))
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
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, new Date())))
    .orderBy(asc(orders.expiresAt))
    .limit(batch);
  let released = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.status, 'pending'), lt(orders.expiresAt, new Date())))
        .for('update', { skipLocked: true });
      if (!order) return false;
      await releaseHolds(tx, id);
      await tx.update(orders).set({ status: 'expired' }).where(eq(orders.id, id));
      return true;
    });
    if (done) released++;
  }
  return released;
}
