/**
 * An order's life after checkout, from My Orders (docs/product/rules.md#paying-later-and-cancelling): an order
 * awaiting payment is paid later on the checkout page it was opened with, or cancelled, its hold released at once.
 *
 * Pay sends the customer back to the same provider session, never a new one: an order has one session, so
 * one payment at most can ever be made for it, and fulfil_order, which locks the order, issues its vouchers
 * once whatever calls it.
 *
 * Cancel records the cancellation first (releaseOrder: the order row locked, the holds and a group place
 * given back, the order `cancelled`), and only then asks the provider to close the session. A payment that
 * still arrives (made in the moment between, or the provider could not close the page) meets an order that
 * is no longer pending, exactly as a payment after a lapsed hold does: fulfil_order takes the units again by
 * the checkout's rules if they are still there (order_holds_convert, group_take_place), and otherwise the
 * payment is refunded whole (fulfilment.ts). Units are only ever taken by the stock functions, so nothing
 * is oversold whichever comes first.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CustomerOrder } from '../../contract/orders';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { FULFILMENT_UNITS_OF_ORDERS } from '../db/stock-reads';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { catchUpWithProvider } from './fulfilment';
import { customerOrderById } from './order-history.service';
import { payUntilOf } from './placement';
import { refuse } from './refusals';
import { releaseOrder } from './stock';

/** The customer's own order with its units, or 404 (somebody else's answers the same). */
async function ownOrder(db: Db, userId: string, orderId: string) {
  const [order] = await db
    .select({ order: orders, units: FULFILMENT_UNITS_OF_ORDERS })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw refuse('orderNotFound');
  return { ...order.order, units: Number(order.units) };
}

type OwnOrder = Awaited<ReturnType<typeof ownOrder>>;

/** Why an order cannot be paid now: paid already, cancelled, or no longer held (its page closed or its hold lapsed). */
function whyNotPayable(order: OwnOrder, now: Date) {
  if (order.status === 'paid' || order.paidAt !== null) return refuse('orderPaid');
  if (order.status === 'cancelled') return refuse('orderCancelled');
  if (order.status !== 'pending' || payUntilOf(order) <= now) return refuse('checkoutExpired');
  // A free order is fulfilled at checkout and never has a page; one still pending is on its way out.
  if (order.totalCents === 0 || !order.providerSessionId) return refuse('checkoutExpired');
  return null;
}

/**
 * The checkout page of one of the customer's orders awaiting payment. An order whose hold lapsed is
 * expired on the way (as the sweep would); a session the provider no longer keeps open is caught up
 * with first (a payment whose event is late fulfils the order, as the success page's poll does), then
 * refused.
 */
export async function payLinkOf(db: Db, payments: PaymentProvider, logger: FastifyBaseLogger, userId: string, orderId: string): Promise<{ url: string }> {
  let order = await ownOrder(db, userId, orderId);
  const now = new Date();
  if (order.status === 'pending' && order.expiresAt <= now) {
    await releaseOrder(db, order.id, 'expired');
    order = await ownOrder(db, userId, orderId);
  }
  const refusal = whyNotPayable(order, now);
  if (refusal) throw refusal;
  // A session of another provider (the server's provider changed since the checkout) cannot be reopened here.
  if (order.provider !== payments.name) throw refuse('checkoutExpired');
  const sessionId = order.providerSessionId!;
  let url: string | null;
  try {
    url = await payments.resumeCheckout(sessionId);
  } catch (err) {
    throw refuse('providerFailed', err instanceof Error ? err.message : 'payment provider error');
  }
  if (url) return { url };
  await catchUpWithProvider(db, payments, logger, order).catch((err: unknown) => logger.warn({ err, orderId }, 'could not catch up with the provider'));
  throw whyNotPayable(await ownOrder(db, userId, orderId), new Date()) ?? refuse('checkoutExpired');
}

/**
 * Cancels one of the customer's orders awaiting payment: the hold released at once and the order
 * `cancelled`, then the provider asked to close its page. Answers the order as it then stands; an order
 * cancelled already, or expired unpaid, is answered as it is. 409 for a paid order.
 */
export async function cancelOrder(db: Db, payments: PaymentProvider, logger: FastifyBaseLogger, userId: string, orderId: string): Promise<CustomerOrder> {
  const order = await ownOrder(db, userId, orderId);
  if (order.status === 'paid') throw refuse('orderPaid');
  const cancelled = order.status === 'pending' && (await releaseOrder(db, order.id, 'cancelled'));
  if (cancelled && order.providerSessionId && order.totalCents > 0 && order.provider === payments.name) {
    await payments.expireCheckout(order.providerSessionId).catch((err: unknown) => {
      // The page closes on its own when the session ends; a payment made there meanwhile is handled as a late one.
      logger.warn({ err, orderId: order.id }, 'the payment provider did not close the cancelled order\'s checkout page');
    });
  }
  // A payment that won the race with this cancel: the order is paid, and that is the answer.
  if ((await ownOrder(db, userId, orderId)).status === 'paid') throw refuse('orderPaid');
  const current = await customerOrderById(db, userId, orderId);
  if (!current) throw refuse('orderNotFound');
  return current;
}
