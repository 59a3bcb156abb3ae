/**
 * Turning a paid checkout into vouchers, exactly once: the order row is locked while its vouchers
 * are issued, `orders.fulfilled_at` is set in the same transaction, and the database refuses a
 * second voucher for any unit (vouchers_unit_key).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { VOUCHER_VALID_DAYS } from '../../contract/constants';
import { queryRows, type Db, type Tx } from '../db/client';
import { deals, holds, merchants, orderItems, orders, paymentEvents } from '../db/schema';
import type { PaymentEvent, PaymentProvider } from '../integrations/payments/payment-provider';
import { generateVoucherCode, generateVoucherPin } from '../vouchers/voucher-codes';
import { releaseOrder, takeUnits, whyNotBuyable } from './checkout.service';

export type FulfilmentOutcome = 'fulfilled' | 'already-fulfilled' | 'refunded' | 'unknown-order';

class StockGone extends Error {}

/** Inserts a voucher, drawing a new code on the (astronomically rare) collision with an existing one. */
async function insertVoucher(
  tx: Tx,
  values: { orderId: string; orderItemId: string; unitIndex: number; dealId: string; userId: string; validUntil: Date },
): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`insert into vouchers (order_id, order_item_id, unit_index, deal_id, user_id, code, pin, valid_until)
          values (${values.orderId}, ${values.orderItemId}, ${values.unitIndex}, ${values.dealId}, ${values.userId},
                  ${generateVoucherCode()}, ${generateVoucherPin()}, ${values.validUntil.toISOString()}::timestamptz)
          on conflict (code) do nothing
          returning id`,
    );
    if (rows.length === 1) return;
  }
  throw new Error('Could not draw a unique voucher code after 10 attempts');
}

/**
 * Issues one voucher per unit of a paid order. Safe to call any number of times, concurrently,
 * from any server: only the first call issues anything. A payment that arrives after its hold
 * lapsed takes the units again if they are still there; otherwise it is refunded.
 */
export async function fulfilOrder(
  db: Db,
  payments: PaymentProvider,
  logger: FastifyBaseLogger,
  ref: { sessionId: string | null; orderId: string | null; paymentRef: string | null },
): Promise<FulfilmentOutcome> {
  let outcome: FulfilmentOutcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const where = ref.sessionId
        ? and(eq(orders.provider, payments.name), eq(orders.providerSessionId, ref.sessionId))
        : eq(orders.id, ref.orderId ?? '00000000-0000-0000-0000-000000000000');
      const [order] = await tx.select().from(orders).where(where).for('update');
      if (!order) return 'unknown-order';
      if (order.fulfilledAt || order.status === 'paid') return 'already-fulfilled';
      if (order.status === 'refunded') return 'refunded';

      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const dealRows = await tx
        .select({ deal: deals, merchantStatus: merchants.status })
        .from(deals)
        .innerJoin(merchants, eq(merchants.id, deals.merchantId))
        .where(inArray(deals.id, items.map((i) => i.dealId)));
      const dealById = new Map(dealRows.map((r) => [r.deal.id, r]));

      if (order.status === 'pending') {
        await tx
          .update(holds)
          .set({ status: 'converted' })
          .where(and(eq(holds.status, 'held'), inArray(holds.orderItemId, items.map((i) => i.id))));
      } else {
        // The hold lapsed before the payment arrived: the units must be taken again, by the same rules.
        for (const item of [...items].sort((a, b) => a.dealId.localeCompare(b.dealId))) {
          const row = dealById.get(item.dealId);
          if (!row || whyNotBuyable(row.deal, row.merchantStatus, new Date())) throw new StockGone();
          try {
            await takeUnits(tx, row.deal, order.userId, item.quantity);
          } catch {
            throw new StockGone();
          }
        }
      }

      const paidAt = new Date();
      for (const item of items) {
        const deal = dealById.get(item.dealId)?.deal;
        const validUntil = deal?.validUntil ?? new Date(paidAt.getTime() + VOUCHER_VALID_DAYS * 86_400_000);
        for (let unit = 0; unit < item.quantity; unit++) {
          await insertVoucher(tx, { orderId: order.id, orderItemId: item.id, unitIndex: unit, dealId: item.dealId, userId: order.userId, validUntil });
        }
      }
      await tx.update(orders).set({ status: 'paid', paidAt, fulfilledAt: paidAt }).where(eq(orders.id, order.id));
      return 'fulfilled';
    });
  } catch (err) {
    if (!(err instanceof StockGone)) throw err;
    outcome = await refundLatePayment(db, payments, logger, ref);
  }
  return outcome;
}

/** Marks a lapsed order refunded (once) and gives the money back through the provider. */
async function refundLatePayment(
  db: Db,
  payments: PaymentProvider,
  logger: FastifyBaseLogger,
  ref: { sessionId: string | null; orderId: string | null; paymentRef: string | null },
): Promise<FulfilmentOutcome> {
  const flipped = await db
    .update(orders)
    .set({ status: 'refunded' })
    .where(
      and(
        ref.sessionId ? eq(orders.providerSessionId, ref.sessionId) : eq(orders.id, ref.orderId ?? ''),
        eq(orders.provider, payments.name),
        inArray(orders.status, ['expired', 'cancelled']),
      ),
    )
    .returning({ id: orders.id, providerSessionId: orders.providerSessionId });
  const order = flipped[0];
  if (!order) return 'refunded';
  logger.error({ orderId: order.id }, 'payment arrived after its hold lapsed and the units are gone; refunding');
  await payments.refund(order.providerSessionId ?? ref.sessionId ?? '', ref.paymentRef);
  return 'refunded';
}

/**
 * Applies one verified provider event. The event id is recorded after the work succeeds, so a
 * failed attempt is retried by the provider, and a redelivery of a finished event is a no-op.
 */
export async function handlePaymentEvent(
  db: Db,
  payments: PaymentProvider,
  logger: FastifyBaseLogger,
  event: PaymentEvent,
): Promise<string> {
  const [seen] = await db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, payments.name), eq(paymentEvents.eventId, event.id)));
  if (seen) return 'duplicate';

  let result: string = event.kind;
  if (event.kind === 'paid') {
    result = await fulfilOrder(db, payments, logger, event);
  } else if (event.kind === 'expired' || event.kind === 'failed') {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.provider, payments.name), eq(orders.providerSessionId, event.sessionId ?? '')));
    if (order) await releaseOrder(db, order.id, event.kind === 'expired' ? 'expired' : 'cancelled');
  }
  await db.insert(paymentEvents).values({ provider: payments.name, eventId: event.id, type: event.type }).onConflictDoNothing();
  return result;
}
