/**
 * Turning a paid checkout into vouchers, exactly once, by one path for every caller (a webhook, the
 * built-in provider's pay call, the success page's poll): `fulfil_order` (sql/fulfil_order.sql)
 * locks the order row, marks it paid and fulfilled, converts its holds (or takes the units again
 * when the hold lapsed), records the provider's event and issues one voucher per unit, in one
 * statement. The database refuses a second voucher for any unit (vouchers_unit_key), so a
 * redelivery after success is a no-op and one after a failure does the work. What the database
 * cannot do, giving money back through the provider, is done here.
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { VOUCHER_VALID_DAYS } from '../../contract/constants';
import type { Db } from '../db/client';
import { databaseError, isDatabaseError } from '../db/errors';
import { databaseFunction } from '../db/prepared';
import { orders, paymentEvents } from '../db/schema';
import { FULFILMENT_UNITS_OF_ORDERS } from '../db/stock-reads';
import type { PaymentEvent, PaymentProvider } from '../integrations/payments/payment-provider';
import { hitRateLimit, type AttemptBudget } from '../http/rate-limit';
import { refuse } from './refusals';
import { reconcileRefund, refundUnfulfilledPayment, type UnfulfilledReason } from './refunds';
import { releaseOrder } from './stock';
import { generateVoucherCode, generateVoucherPin } from './voucher-codes';

/**
 * `refunded`: the units were gone when a late payment arrived; `withdrawn`: a deal stopped being sold
 * before payment. A group member's payment (ADR 029): `waiting` for more members, `formed` when it
 * filled the group (every member's voucher issued), `group-closed` when the group had formed or failed
 * or its window had passed (the payment is refunded).
 */
export type FulfilmentOutcome = 'fulfilled' | 'already-fulfilled' | 'refunded' | 'withdrawn' | 'waiting' | 'formed' | 'group-closed' | 'unknown-order';

/** A provider event to record in the same transaction as the vouchers. */
export interface RecordedEvent {
  provider: string;
  id: string;
  type: string;
}

/** An order as fulfilment needs it: its id and its number of units (one voucher each). */
export interface OrderToFulfil {
  id: string;
  units: number;
}

type OrderRef = { sessionId: string | null; orderId: string | null; paymentRef: string | null };

/** The order a payment names: by the provider's session when it has one, else by our id. */
function orderOf(payments: PaymentProvider, ref: Pick<OrderRef, 'sessionId' | 'orderId'>): SQL | undefined {
  return ref.sessionId
    ? and(eq(orders.provider, payments.name), eq(orders.providerSessionId, ref.sessionId))
    : eq(orders.id, ref.orderId ?? '00000000-0000-0000-0000-000000000000');
}

async function orderToFulfil(db: Db, where: SQL | undefined): Promise<OrderToFulfil | undefined> {
  const [order] = await db
    .select({ id: orders.id, units: FULFILMENT_UNITS_OF_ORDERS })
    .from(orders)
    .where(where);
  return order;
}

const fulfil = databaseFunction<{ fulfil_order: FulfilmentOutcome | 'gone' }>('fulfil_order', 12);

/** Calls of fulfil_order before fulfilment gives up (having changed nothing, so the payment can be retried). */
const CODE_DRAWS = 10;

/**
 * Issues one voucher per unit of a paid order. Safe to call any number of times, concurrently, from
 * any server: only the first call issues anything. A payment that arrives after its hold lapsed
 * takes the units again if they are still there; otherwise it is refunded. A payment for a deal that
 * was archived, unpublished or switched off, or whose merchant stopped being active, since the
 * checkout opened is refunded too, and no voucher is issued. `event`, when given, is recorded with
 * the vouchers. `known`: the order, when the caller has read it. `budget`: the attempt is counted
 * against it in the same statement, whatever the outcome (429 when it is spent).
 */
export async function fulfilOrder(
  db: Db,
  payments: PaymentProvider,
  logger: FastifyBaseLogger,
  ref: OrderRef,
  event: RecordedEvent | null = null,
  known?: OrderToFulfil,
  budget?: AttemptBudget,
): Promise<FulfilmentOutcome> {
  // The moment of payment is when it arrived, whatever this call waits for below.
  const paidAt = new Date().toISOString();
  let order = known ?? (await orderToFulfil(db, orderOf(payments, ref)));
  if (!order) return 'unknown-order';
  let outcome: FulfilmentOutcome | 'gone' | undefined;
  for (let call = 1; outcome === undefined; call++) {
    const codes = Array.from({ length: order.units }, () => generateVoucherCode());
    const pins = Array.from({ length: order.units }, () => generateVoucherPin());
    try {
      const [row] = await fulfil(db, [
        order.id,
        paidAt,
        VOUCHER_VALID_DAYS,
        codes,
        pins,
        event?.provider ?? null,
        event?.id ?? null,
        event?.type ?? null,
        budget?.key ?? null,
        budget?.limit ?? null,
        budget?.windowSeconds ?? null,
        // Kept before the order is marked paid, so the payment's ledger row carries the provider's payment id.
        ref.paymentRef,
      ]);
      outcome = row!.fulfil_order;
    } catch (err) {
      // The statement was undone, the payment's id with it: it is kept on its own, as the refunds of a
      // payment that could not be fulfilled need it.
      if (ref.paymentRef && !isDatabaseError(err, 'DM005')) await rememberPaymentRef(db, order.id, ref.paymentRef).catch(() => undefined);
      const spent = databaseError(err);
      if (spent?.code === 'DM004') throw refuse('budgetSpent', budget?.message, Math.max(1, Number(spent.detail ?? 1)));
      // DM005: a code drawn here is taken already (astronomically rare), or the caller's number of
      // units was wrong. Nothing was changed: new codes are drawn, for the units the order has.
      if (!isDatabaseError(err, 'DM005')) throw err;
      if (call >= CODE_DRAWS) {
        if (ref.paymentRef) await rememberPaymentRef(db, order.id, ref.paymentRef);
        // Each call's count was undone with it: the attempt is counted on its own.
        if (budget) await hitRateLimit(db, budget.key, budget.limit, budget.windowSeconds);
        throw new Error(`Could not draw unique voucher codes for order ${order.id} in ${CODE_DRAWS} calls`, { cause: err });
      }
      order = (await orderToFulfil(db, eq(orders.id, order.id))) ?? order;
    }
  }
  if (outcome === 'refunded') {
    // A payment already being given back, delivered again: the standing refund is asked about again.
    await refundUnfulfilledPayment({ db, payments, logger }, { orderId: order.id, paymentRef: ref.paymentRef, reason: 'sold_out' });
    return outcome;
  }
  if (outcome === 'gone') return refundPaymentOf(db, payments, logger, order.id, ref, 'sold_out');
  if (outcome !== 'withdrawn' && outcome !== 'group-closed') return outcome;
  // The order's holds go back first (nothing to do when they had lapsed already), then the money.
  await releaseOrder(db, order.id, 'cancelled');
  await refundPaymentOf(db, payments, logger, order.id, ref, outcome === 'withdrawn' ? 'withdrawn' : 'group_closed');
  return outcome;
}

/**
 * Keeps the provider's reference of an order's payment, once known, for refunds of its vouchers, when
 * fulfil_order (which keeps it too) was undone. The first reference stands.
 */
async function rememberPaymentRef(db: Db, orderId: string, paymentRef: string): Promise<void> {
  await db
    .update(orders)
    .set({ paymentRef })
    .where(and(eq(orders.id, orderId), isNull(orders.paymentRef)));
}

/**
 * Gives back a payment that could not be fulfilled, by the one refund path (refunds.ts): the claim
 * records the payment and the pending refund, the provider is asked after it, and the order reads
 * `refunded` only once the provider made the refund. Answers 'refunded' whatever the provider said: the
 * payment was taken in, and is being given back (an unknown outcome is retried, a refusal listed for a
 * person), so the event is handled.
 */
async function refundPaymentOf(
  db: Db,
  payments: PaymentProvider,
  logger: FastifyBaseLogger,
  orderId: string,
  ref: OrderRef,
  reason: UnfulfilledReason,
): Promise<FulfilmentOutcome> {
  await refundUnfulfilledPayment({ db, payments, logger }, { orderId, paymentRef: ref.paymentRef, reason });
  return 'refunded';
}

/**
 * Applies one verified provider event. The event id is recorded after the work succeeds, so a
 * failed attempt is retried by the provider, and a redelivery of a finished event is a no-op.
 */
export async function handlePaymentEvent(db: Db, payments: PaymentProvider, logger: FastifyBaseLogger, event: PaymentEvent): Promise<string> {
  const [seen] = await db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, payments.name), eq(paymentEvents.eventId, event.id)));
  if (seen) return 'duplicate';

  let result: string = event.kind;
  const record: RecordedEvent = { provider: payments.name, id: event.id, type: event.type };
  if (event.kind === 'paid') {
    result = await fulfilOrder(db, payments, logger, event, record);
    // Recorded with the vouchers (or the group member's payment) by fulfil_order; here for every other outcome.
    if (result === 'fulfilled' || result === 'waiting' || result === 'formed') return result;
  } else if (event.kind === 'refund') {
    // Each refund the event reports is settled at most once (conditional on its being pending).
    const outcomes = [];
    for (const update of event.refunds ?? []) outcomes.push(await reconcileRefund(db, payments.name, update));
    result = outcomes.length > 0 ? outcomes.join(',') : 'refund';
  } else if (event.kind === 'expired' || event.kind === 'failed') {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.provider, payments.name), eq(orders.providerSessionId, event.sessionId ?? '')));
    if (order) await releaseOrder(db, order.id, event.kind === 'expired' ? 'expired' : 'cancelled');
  }
  await db.insert(paymentEvents).values({ provider: record.provider, eventId: record.id, type: record.type }).onConflictDoNothing();
  return result;
}

/**
 * For the success page's poll of a pending order: asks the provider about its session, in case the
 * webhook is late (or lost), and fulfils the order if it was paid (the same exactly-once
 * fulfilment), or releases it if the session or the hold has lapsed.
 */
export async function catchUpWithProvider(
  db: Db,
  payments: PaymentProvider,
  logger: FastifyBaseLogger,
  order: { id: string; units: number; providerSessionId: string | null; expiresAt: Date },
): Promise<FulfilmentOutcome | null> {
  const sessionId = order.providerSessionId ?? '';
  const state = await payments.getSessionState(sessionId);
  if (state.paid) {
    return fulfilOrder(db, payments, logger, { sessionId, orderId: order.id, paymentRef: state.paymentRef }, null, order);
  } else if (state.expired || order.expiresAt.getTime() < Date.now()) {
    await releaseOrder(db, order.id, 'expired');
  }
  return null;
}
