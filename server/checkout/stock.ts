/**
 * A deal's offer lives in `deal_stock`, split over 16 buckets (ADR 004), so that concurrent
 * checkouts of one deal lock different rows. A unit is taken from one bucket with room by a
 * conditional update, so no bucket, and therefore no deal, can ever give out more than its share;
 * `deal_stock_taken_check` refuses it as well.
 *
 * The moves themselves are the database function `deal_stock_move` (migration 0005, ADR 005):
 * buckets are claimed with SKIP LOCKED and never waited for, so stock changes cannot deadlock with
 * each other; deals are taken in id order, as the rest of checkout does.
 */
import type { Tx } from '../db/client';
import { databaseError } from '../db/errors';
import { statement } from '../db/prepared';

/** Thrown when every bucket with room stayed locked by other checkouts for 5 seconds (DM003). */
export class StockBusy extends Error {}

/** The offer cannot cover a take; `left` is what it could have given. The transaction must roll back. */
export class NotEnoughStock extends Error {
  constructor(readonly left: number) {
    super(`only ${left} units left`);
  }
}

const move = statement<Record<string, never>>('deal_stock_move', 'select deal_stock_move($1, $2, $3)');

/**
 * Takes `quantity` units of a deal's offer (`deal_stock_move`, migration 0005), or throws
 * NotEnoughStock or StockBusy, which leave the transaction to be rolled back. Run it as the last
 * statement before the commit, so the bucket stays locked for as short a time as possible.
 */
export async function takeStock(tx: Tx, dealId: string, quantity: number): Promise<void> {
  try {
    await move(tx, [dealId, quantity, true]);
  } catch (err) {
    throw stockRefusal(err) ?? err;
  }
}

/** The error a refused take stands for: NotEnoughStock (DM002), StockBusy (DM003), or undefined for any other. */
export function stockRefusal(err: unknown): NotEnoughStock | StockBusy | undefined {
  const e = databaseError(err);
  if (e?.code === 'DM002') return new NotEnoughStock(Number(e.hint ?? 0));
  if (e?.code === 'DM003') return new StockBusy(`deal ${e.detail ?? ''}: the stock buckets stayed locked`);
  return undefined;
}

/** Gives `quantity` previously taken units back to a deal's offer. */
export async function returnStock(tx: Tx, dealId: string, quantity: number): Promise<void> {
  await move(tx, [dealId, quantity, false]);
}
