/**
 * Turning a paid checkout into vouchers, exactly once: the order row is locked while its vouchers
 * are issued, `orders.fulfilled_at` is set in the same transaction, and the database refuses a
 * second voucher for any unit (vouchers_unit_key). The provider's event is recorded in that
 * transaction too, so a redelivery after success is a no-op and one after a failure does the work.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { VOUCHER_VALID_DAYS } from '../../contract/constants';
import { queryRows, type Db, type Tx } from '../db/client';
import { databaseError } from '../db/errors';
import { ALONE, Gathering } from '../db/gathering';
import { perDatabase, statement } from '../db/prepared';
import { deals, merchants, orderItems, orders, paymentEvents } from '../db/schema';
import type { PaymentEvent, PaymentProvider } from '../integrations/payments/payment-provider';
import { generateVoucherCode, generateVoucherPin } from '../vouchers/vouchers.service';
import { hitRateLimit, overBudget, type AttemptBudget } from '../http/rate-limit';
import { releaseOrder, takeUnits, whyNotBuyable, whyWithdrawn } from './checkout.service';

/** `refunded`: the units were gone when a late payment arrived; `withdrawn`: a deal stopped being sold before payment. */
export type FulfilmentOutcome = 'fulfilled' | 'already-fulfilled' | 'refunded' | 'withdrawn' | 'unknown-order';

class StockGone extends Error {}

type VoucherValues = { orderItemId: string; unitIndex: number; dealId: string; validUntil: Date };

/**
 * Issues the vouchers of a paid order with the rest of its bookkeeping in one statement: its holds
 * converted, one voucher per unit, the order marked paid and fulfilled, and the provider's event
 * recorded. Answers the units whose code collided with an existing one (astronomically rare),
 * which the caller issues again with fresh codes.
 */
async function issueVouchers(
  tx: Tx,
  order: { id: string; userId: string; status: string },
  units: VoucherValues[],
  paidAt: Date,
  event: RecordedEvent | null,
): Promise<VoucherValues[]> {
  const rows = sql.join(
    units.map(
      (u) =>
        sql`(${u.orderItemId}::uuid, ${u.unitIndex}::int, ${u.dealId}::uuid, ${generateVoucherCode()}, ${generateVoucherPin()}, ${u.validUntil.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  // A pending order's holds are all held: found by their keys alone (see fulfil_pending_order).
  const converted =
    order.status === 'pending'
      ? sql`, converted as (
          update holds set status = 'converted'
          where order_item_id in (select id from order_items where order_id = ${order.id})
          returning id
        )`
      : sql``;
  const recorded = event
    ? sql`, recorded as (
        insert into payment_events (provider, event_id, type) values (${event.provider}, ${event.id}, ${event.type})
        on conflict do nothing returning event_id
      )`
    : sql``;
  const issued = await queryRows<{ order_item_id: string; unit_index: number }>(
    tx,
    sql`with paid as (
          update orders set status = 'paid', paid_at = ${paidAt.toISOString()}::timestamptz, fulfilled_at = ${paidAt.toISOString()}::timestamptz
          where id = ${order.id}
          returning id
        )${converted}${recorded}
        insert into vouchers (order_id, order_item_id, unit_index, deal_id, user_id, code, pin, valid_until)
        select ${order.id}::uuid, v.order_item_id, v.unit_index, v.deal_id, ${order.userId}::uuid, v.code, v.pin, v.valid_until
        from (values ${rows}) as v(order_item_id, unit_index, deal_id, code, pin, valid_until)
        on conflict (code) do nothing
        returning order_item_id, unit_index`,
  );
  const done = new Set(issued.map((r) => `${r.order_item_id}:${r.unit_index}`));
  return units.filter((u) => !done.has(`${u.orderItemId}:${u.unitIndex}`));
}

/** Draws per unit before fulfilment gives up (and rolls back, so the payment can be retried). */
const CODE_DRAWS_PER_UNIT = 10;

/** Inserts one voucher whose first code collided, drawing new codes until one is free. */
async function insertVoucher(tx: Tx, orderId: string, userId: string, values: VoucherValues): Promise<void> {
  for (let attempt = 1; attempt < CODE_DRAWS_PER_UNIT; attempt++) {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`insert into vouchers (order_id, order_item_id, unit_index, deal_id, user_id, code, pin, valid_until)
          values (${orderId}, ${values.orderItemId}, ${values.unitIndex}, ${values.dealId}, ${userId},
                  ${generateVoucherCode()}, ${generateVoucherPin()}, ${values.validUntil.toISOString()}::timestamptz)
          on conflict (code) do nothing
          returning id`,
    );
    if (rows.length === 1) return;
  }
  throw new Error(`Could not draw a unique voucher code after ${CODE_DRAWS_PER_UNIT} attempts`);
}

const fulfilOne = statement<{ fulfilled: boolean }>(
  'fulfil_pending_order',
  'select fulfil_pending_order($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) as fulfilled',
);
const fulfilMany = statement<{ answers: { order_id: string; fulfilled?: boolean; code?: string }[] }>(
  'fulfil_pending_orders',
  'select fulfil_pending_orders($1) as answers',
);

/** What a caller that has read the order knows: its customer and number of units, and the budget its attempt counts against. */
export interface KnownOrder {
  userId: string;
  units: number;
  budget?: AttemptBudget;
}

/** One call of fulfil_pending_order. */
interface HeldOrder {
  orderId: string;
  userId: string;
  paidAt: string;
  codes: string[];
  pins: string[];
  event: RecordedEvent | null;
  budget: AttemptBudget | undefined;
}

/** Issued or not (see fulfil_pending_order), or refused: DM004 (budget spent) or DM005 (a code taken). */
type HeldOutcome = { fulfilled: boolean } | { refused: 'DM004' | 'DM005' };

async function fulfilAlone(db: Db, o: HeldOrder): Promise<HeldOutcome> {
  try {
    const [row] = await fulfilOne(db, [
      o.orderId,
      o.paidAt,
      VOUCHER_VALID_DAYS,
      o.codes,
      o.pins,
      o.event?.provider ?? null,
      o.event?.id ?? null,
      o.event?.type ?? null,
      o.budget?.key ?? null,
      o.budget?.limit ?? null,
      o.budget?.windowSeconds ?? null,
    ]);
    return { fulfilled: row?.fulfilled === true };
  } catch (err) {
    const code = databaseError(err)?.code;
    if (code === 'DM004' || code === 'DM005') return { refused: code };
    throw err;
  }
}

async function fulfilTogether(db: Db, orders: HeldOrder[]): Promise<(HeldOutcome | typeof ALONE)[]> {
  const [row] = await fulfilMany(db, [
    JSON.stringify(
      orders.map((o) => ({
        order_id: o.orderId,
        user_id: o.userId,
        paid_at: o.paidAt,
        valid_days: VOUCHER_VALID_DAYS,
        codes: o.codes,
        pins: o.pins,
        event_provider: o.event?.provider ?? null,
        event_id: o.event?.id ?? null,
        event_type: o.event?.type ?? null,
        budget_key: o.budget?.key ?? null,
        budget_limit: o.budget?.limit ?? null,
        budget_window_seconds: o.budget?.windowSeconds ?? null,
      })),
    ),
  ]);
  const byOrder = new Map((row?.answers ?? []).map((a) => [a.order_id, a]));
  return orders.map((o) => {
    const a = byOrder.get(o.orderId);
    if (!a) return ALONE;
    if (a.code === 'DM004' || a.code === 'DM005') return { refused: a.code };
    return { fulfilled: a.fulfilled === true };
  });
}

/** Fulfilments of held orders that arrive together share one call and one commit (server/db/gathering.ts). */
const fulfilmentOf = perDatabase(
  (db) =>
    new Gathering<HeldOrder, HeldOutcome>({
      alone: (o) => fulfilAlone(db, o),
      together: (orders) => fulfilTogether(db, orders),
      maxItems: 16,
      maxInFlight: 1,
    }),
);

/**
 * The common case in one statement (`fulfil_pending_order`, migration 0005), possibly shared with
 * other payments arriving at the same time: an order still pending, whose units are held, and
 * whose number of units the caller knows; the attempt is counted against the budget in the same
 * statement. True when it issued the vouchers; false, with the attempt counted and nothing else
 * changed, when the general path must decide (the order is not pending, or a code drawn here is
 * taken). 429 when the budget is spent.
 */
async function fulfilHeldOrder(db: Db, orderId: string, known: KnownOrder, event: RecordedEvent | null): Promise<boolean> {
  const { units, budget } = known;
  const outcome = await fulfilmentOf(db).run({
    orderId,
    userId: known.userId,
    paidAt: new Date().toISOString(),
    codes: Array.from({ length: units }, () => generateVoucherCode()),
    pins: Array.from({ length: units }, () => generateVoucherPin()),
    event,
    budget,
  });
  if ('fulfilled' in outcome) return outcome.fulfilled;
  // The statement was undone, the attempt's count with it: it is counted on its own.
  const hit = budget ? await hitRateLimit(db, budget.key, budget.limit, budget.windowSeconds) : null;
  if (outcome.refused === 'DM004' && budget) throw overBudget(budget, hit?.retryAfterSeconds ?? budget.windowSeconds);
  return false;
}

type OrderRef = { sessionId: string | null; orderId: string | null; paymentRef: string | null };

/** The order a payment names: by the provider's session when it has one, else by our id. */
function orderOf(payments: PaymentProvider, ref: OrderRef) {
  return ref.sessionId
    ? and(eq(orders.provider, payments.name), eq(orders.providerSessionId, ref.sessionId))
    : eq(orders.id, ref.orderId ?? '00000000-0000-0000-0000-000000000000');
}

/** A provider event to record in the same transaction as the work it asked for. */
export interface RecordedEvent {
  provider: string;
  id: string;
  type: string;
}

/**
 * Issues one voucher per unit of a paid order. Safe to call any number of times, concurrently,
 * from any server: only the first call issues anything. A payment that arrives after its hold
 * lapsed takes the units again if they are still there; otherwise it is refunded. A payment for a
 * deal that was archived, unpublished or switched off, or whose merchant stopped being active, since
 * the checkout opened is refunded too, and no voucher is issued (the one-statement path leaves such
 * orders to this one). `event`, when
 * given, is recorded in the same transaction as the vouchers. `known`, when the caller has read the
 * order (its id in `ref`), lets a pending order be fulfilled in one statement.
 */
export async function fulfilOrder(
  db: Db,
  payments: PaymentProvider,
  logger: FastifyBaseLogger,
  ref: OrderRef,
  event: RecordedEvent | null = null,
  known?: KnownOrder,
): Promise<FulfilmentOutcome> {
  if (known && ref.orderId && (await fulfilHeldOrder(db, ref.orderId, known, event))) return 'fulfilled';
  let outcome: FulfilmentOutcome;
  try {
    outcome = await db.transaction(async (tx): Promise<FulfilmentOutcome> => {
      const [order] = await tx.select().from(orders).where(orderOf(payments, ref)).for('update');
      if (!order) return 'unknown-order';
      if (order.fulfilledAt || order.status === 'paid') return 'already-fulfilled';
      if (order.status === 'refunded') return 'refunded';

      const items = await tx
        .select({ item: orderItems, deal: deals, merchantStatus: merchants.status })
        .from(orderItems)
        .innerJoin(deals, eq(deals.id, orderItems.dealId))
        .innerJoin(merchants, eq(merchants.id, deals.merchantId))
        .where(eq(orderItems.orderId, order.id));

      if (items.some(({ deal, merchantStatus }) => whyWithdrawn(deal, merchantStatus))) return 'withdrawn';
      if (order.status !== 'pending') {
        // The hold lapsed before the payment arrived: the units must be taken again, by the same rules.
        for (const { item, deal, merchantStatus } of [...items].sort((a, b) => a.item.dealId.localeCompare(b.item.dealId))) {
          if (whyNotBuyable(deal, merchantStatus, new Date())) throw new StockGone();
          try {
            await takeUnits(tx, deal, order.userId, item.quantity);
          } catch {
            throw new StockGone();
          }
        }
      }

      const paidAt = new Date();
      const units = items.flatMap(({ item, deal }) => {
        const validUntil = deal.validUntil ?? new Date(paidAt.getTime() + VOUCHER_VALID_DAYS * 86_400_000);
        return Array.from({ length: item.quantity }, (_, unitIndex) => ({ orderItemId: item.id, unitIndex, dealId: item.dealId, validUntil }));
      });
      const collided = await issueVouchers(tx, order, units, paidAt, event);
      for (const unit of collided) await insertVoucher(tx, order.id, order.userId, unit);
      return 'fulfilled';
    });
  } catch (err) {
    if (!(err instanceof StockGone)) throw err;
    return refundLatePayment(db, payments, logger, ref, 'the units are gone');
  }
  if (outcome !== 'withdrawn') return outcome;
  // The order's holds go back first (nothing to do when they had lapsed already), then the money.
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(orderOf(payments, ref));
  if (order) await releaseOrder(db, order.id, 'cancelled');
  await refundLatePayment(db, payments, logger, ref, 'a deal was withdrawn since the checkout opened');
  return 'withdrawn';
}

/** Marks a lapsed order refunded (once) and gives the money back through the provider. */
async function refundLatePayment(
  db: Db,
  payments: PaymentProvider,
  logger: FastifyBaseLogger,
  ref: OrderRef,
  why: string,
): Promise<FulfilmentOutcome> {
  const flipped = await db
    .update(orders)
    .set({ status: 'refunded' })
    .where(
      and(orderOf(payments, ref), eq(orders.provider, payments.name), inArray(orders.status, ['expired', 'cancelled'])),
    )
    .returning({ id: orders.id, providerSessionId: orders.providerSessionId });
  const order = flipped[0];
  if (!order) return 'refunded';
  logger.error({ orderId: order.id }, `payment arrived but ${why}; refunding`);
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
  options: { fresh?: boolean; known?: KnownOrder } = {},
): Promise<string> {
  // `fresh`: the caller made the event id just now, so it cannot have been seen before.
  // `known`: the caller read the order (the event's orderId); see fulfilOrder.
  if (!options.fresh) {
    const [seen] = await db
      .select({ id: paymentEvents.eventId })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, payments.name), eq(paymentEvents.eventId, event.id)));
    if (seen) return 'duplicate';
  }

  let result: string = event.kind;
  const record: RecordedEvent = { provider: payments.name, id: event.id, type: event.type };
  if (event.kind === 'paid') {
    result = await fulfilOrder(db, payments, logger, event, record, options.known);
    // Recorded with the vouchers when they were issued now; recorded here for every other outcome.
    if (result === 'fulfilled') return result;
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
