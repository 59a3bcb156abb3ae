/**
 * A deal's offer lives in `deal_stock`, split over 16 buckets (ADR 004), so that concurrent
 * checkouts of one deal lock different rows. A unit is taken from one bucket with room by a
 * conditional update, so no bucket, and therefore no deal, can ever give out more than its share;
 * `deal_stock_taken_check` refuses it as well.
 *
 * Buckets are claimed with SKIP LOCKED and never waited for, so stock changes cannot deadlock
 * with each other (see moveUnits); deals are taken in id order, as the rest of checkout does.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client';

/** The units a deal has taken (issued plus held), for reads of `deals` rows named `deals`. */
export const UNITS_TAKEN_OF_DEALS = sql<number>`(select coalesce(sum(deal_stock.taken), 0)::int from deal_stock where deal_stock.deal_id = deals.id)`;

/** The units a deal has taken, read on its own. */
export async function unitsTakenOf(db: Db | Tx, dealId: string): Promise<number> {
  const [row] = await queryRows<{ taken: number }>(
    db,
    sql`select coalesce(sum(taken), 0)::int as taken from deal_stock where deal_id = ${dealId}`,
  );
  return row?.taken ?? 0;
}

type Change = 'take' | 'give back';

/** How long a change keeps trying while every bucket that could serve it is locked by others. */
const BUSY_DEADLINE_MS = 5_000;

/** Thrown when every bucket with room stayed locked by other checkouts for BUSY_DEADLINE_MS. */
export class StockBusy extends Error {}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Moves up to `quantity` units in one bucket that no other transaction holds (SKIP LOCKED): all of
 * them in a bucket with room for all (`whole`), else as many as the bucket has. Answers how many.
 */
async function moveInOneBucket(tx: Tx, dealId: string, quantity: number, change: Change, whole: boolean): Promise<number> {
  // Room in a bucket: units still free for a take, units taken for a give-back.
  const room = change === 'take' ? sql`(units - taken)` : sql`taken`;
  const unlimited = change === 'take' ? sql`units is null` : sql`false`;
  const sign = change === 'take' ? 1 : -1;
  const moved = await queryRows<{ n: number }>(
    tx,
    sql`with pick as (
          select bucket, case when ${unlimited} then ${quantity}::int else least(${quantity}::int, ${room}) end as n
          from deal_stock
          where deal_id = ${dealId} and (${unlimited} or ${room} >= ${whole ? quantity : 1}::int)
          order by (${unlimited} or ${room} >= ${quantity}::int) desc, random()
          limit 1
          for update skip locked
        )
        update deal_stock set taken = deal_stock.taken + ${sign} * pick.n
        from pick where deal_stock.deal_id = ${dealId} and deal_stock.bucket = pick.bucket
        returning pick.n`,
  );
  return moved[0]?.n ?? 0;
}

/** Units a change could still move across all buckets (null: no limit), as committed plus this transaction's own changes. */
async function roomFor(tx: Tx, dealId: string, change: Change): Promise<number | null> {
  const [row] = await queryRows<{ room: number | null }>(
    tx,
    change === 'take'
      ? sql`select case when bool_or(units is null) then null else coalesce(sum(units - taken), 0)::int end as room from deal_stock where deal_id = ${dealId}`
      : sql`select coalesce(sum(taken), 0)::int as room from deal_stock where deal_id = ${dealId}`,
  );
  return row?.room ?? null;
}

/**
 * Moves `quantity` units without ever waiting for a row lock, so stock changes cannot deadlock:
 * 1. one statement takes all of it from a free bucket with room for all (nearly every checkout);
 * 2. otherwise, when the offer has room, it is gathered from several free buckets inside a
 *    savepoint; if the rest is locked by other transactions, the savepoint is rolled back (releasing
 *    what was gathered, so two such transactions cannot hold each other up) and, after a short random
 *    pause, it tries again.
 * Returns null when moved, or, for a take the offer cannot cover, the units it could have given.
 */
async function moveUnits(tx: Tx, dealId: string, quantity: number, change: Change): Promise<number | null> {
  if ((await moveInOneBucket(tx, dealId, quantity, change, true)) === quantity) return null;
  const deadline = Date.now() + BUSY_DEADLINE_MS;
  for (let attempt = 0; ; attempt++) {
    const available = await roomFor(tx, dealId, change);
    if (available !== null && available < quantity) {
      if (change === 'give back') throw new Error(`deal ${dealId} has fewer than ${quantity} units taken`);
      return available;
    }
    await tx.execute(sql`savepoint stock_change`);
    let left = quantity;
    for (let n = -1; left > 0 && n !== 0; left -= n) n = await moveInOneBucket(tx, dealId, left, change, false);
    if (left === 0) {
      await tx.execute(sql`release savepoint stock_change`);
      return null;
    }
    await tx.execute(sql`rollback to savepoint stock_change`);
    if (Date.now() > deadline) throw new StockBusy(`deal ${dealId}: the stock buckets stayed locked`);
    await pause(1 + Math.random() * Math.min(2 ** attempt, 20));
  }
}

/** The offer cannot cover a take; `left` is what it could have given. The transaction must roll back. */
export class NotEnoughStock extends Error {
  constructor(readonly left: number) {
    super(`only ${left} units left`);
  }
}

/**
 * Takes `quantity` units of a deal's offer, or throws NotEnoughStock (part of the quantity may
 * have been taken from some buckets by then, so the transaction must not commit). Run it as the
 * last statement before the commit, so the bucket stays locked for as short a time as possible.
 */
export async function takeStock(tx: Tx, dealId: string, quantity: number): Promise<void> {
  const left = await moveUnits(tx, dealId, quantity, 'take');
  if (left !== null) throw new NotEnoughStock(left);
}

/** Gives `quantity` previously taken units back to a deal's offer. */
export async function returnStock(tx: Tx, dealId: string, quantity: number): Promise<void> {
  await moveUnits(tx, dealId, quantity, 'give back');
}
