/**
 * A deal's offer lives in `deal_stock`, split over 16 buckets (ADR 004), so that concurrent
 * checkouts of one deal lock different rows. Units are taken from a bucket with room by a
 * conditional update, so no bucket, and therefore no deal, can ever give out more than its share;
 * `deal_stock_taken_check` refuses it as well. The moves are the database function
 * `deal_stock_move` (sql/deal_stock_move.sql): buckets are claimed with SKIP LOCKED and never waited
 * for, so stock changes cannot deadlock with each other. Checkout takes units inside
 * `checkout_place_order`, a late payment inside `fulfil_order`; this file gives them back, when a
 * hold is released.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { databaseFunction } from '../db/prepared';
import { holds, orderItems, orders, userDealUnits } from '../db/schema';
import { releaseSeat } from './groups/seats';

/** Takes (`take` true) or gives back `quantity` units of a deal's offer; raises DM002 or DM003 when a take cannot be served. */
export const moveStock = databaseFunction('deal_stock_move', 3);

/** Gives units back to the offer and to the user's allowance. */
async function returnUnits(tx: Tx, dealId: string, userId: string, quantity: number): Promise<void> {
  await tx
    .update(userDealUnits)
    .set({ units: sql`${userDealUnits.units} - ${quantity}` })
    .where(and(eq(userDealUnits.userId, userId), eq(userDealUnits.dealId, dealId)));
  await moveStock(tx, [dealId, quantity, false]);
}

/** Releases the holds of a pending order, whose row the caller has locked, and its place in a group if it has one. */
async function releaseHolds(tx: Tx, orderId: string): Promise<void> {
  // The group row before any stock or allowance row, as placement and fulfilment lock them.
  await releaseSeat(tx, orderId);
  const released = await tx
    .update(holds)
    .set({ status: 'released' })
    // All held, as the order is pending: found by the order items' keys alone (see fulfil_order).
    .where(inArray(holds.orderItemId, tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId))))
    .returning({ dealId: holds.dealId, userId: holds.userId, quantity: holds.quantity });
  // Rows are touched in deal order, like checkout does, so concurrent releases and fulfilments cannot deadlock.
  released.sort((a, b) => a.dealId.localeCompare(b.dealId));
  for (const h of released) await returnUnits(tx, h.dealId, h.userId, h.quantity);
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
export async function releaseLapsedNow(db: Db): Promise<boolean> {
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
