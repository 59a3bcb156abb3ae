/**
 * How much of a deal's offer is taken (issued plus held), summed over its `deal_stock` buckets
 * (ADR 004). Reads only: the catalogue, deal management and checkout all show or check it, and the
 * moves that change it are checkout's (server/checkout/stock.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from './client';

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
