/**
 * The one rule of what shoppers see (docs/product/rules.md#listing-and-search): a deal is listed when
 * it is published and its merchant is active. Written here once, as SQL for the reads and as its
 * TypeScript twin for rows already read; the list, a deal's page, the categories' counts, favourites,
 * groups and checkout all take it from here.
 *
 * The SQL is for reads that name the tables `deals` and `merchants` (a join of the two, or a subquery
 * of its own), spelled out as in server/db/stock-reads.ts: drizzle would leave the columns unqualified
 * in a one-table select, where a correlated subquery needs them named. The values are literals, so the
 * partial indexes over published deals (deals_published_*) apply to prepared plans too.
 */
import { sql } from 'drizzle-orm';

/** A published deal: the condition of the partial indexes of `deals`. */
export const PUBLISHED = sql`"deals"."status" = 'published'`;

/** An active merchant. */
export const ACTIVE_MERCHANT = sql`"merchants"."status" = 'active'`;

/** A listed deal, for a read of `deals` joined to its `merchants`. */
export const LISTED = sql`${PUBLISHED} and ${ACTIVE_MERCHANT}`;

/** Whether shoppers may see a deal: `LISTED` for a row already read. */
export const isListed = (deal: { status: string }, merchantStatus: string) => deal.status === 'published' && merchantStatus === 'active';

/** The listed deals of the row's category, for a read of `categories`: counted from deals_published_category_created_idx. */
export const LISTED_IN_CATEGORY = sql<number>`(select count(*)::int from "deals" join "merchants" on "merchants"."id" = "deals"."merchant_id"
  where "deals"."category_id" = "categories"."id" and ${LISTED})`;
