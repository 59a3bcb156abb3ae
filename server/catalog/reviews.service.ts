/** A deal's reviews as its page shows them (ADR 011): the average, the 1-5 distribution and the newest reviews. */
import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ReviewSummary } from '../../contract/deals';
import { REVIEWS_SHOWN } from '../../contract/constants';
import type { Db } from '../db/client';
import { reviews } from '../db/schema';

/** Initials of a display name, for the review avatar. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.slice(0, 2).map((p) => p[0]!.toUpperCase());
  return letters.join('') || '?';
}

// Spelled out: drizzle would leave these columns unqualified inside a correlated subquery.
const reviewerUsedDeal = sql<boolean>`exists (select 1 from vouchers v where v.deal_id = "reviews"."deal_id" and v.user_id = "reviews"."user_id" and v.redeemed)`;

/** Average, 1-5 distribution and the newest reviews of a deal (ADR 011), each marked verified when its author redeemed a voucher of it. */
export async function getReviewSummary(db: Db, dealId: string): Promise<ReviewSummary> {
  const stats = await db
    .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.dealId, dealId))
    .groupBy(reviews.rating);
  const distribution = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  for (const s of stats) {
    distribution[s.rating - 1] = Number(s.count);
    total += Number(s.count);
    sum += s.rating * Number(s.count);
  }
  const latest = await db
    .select({ ...getTableColumns(reviews), verified: reviewerUsedDeal })
    .from(reviews)
    .where(eq(reviews.dealId, dealId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_SHOWN);
  return {
    average: total > 0 ? Math.round((sum / total) * 10) / 10 : null,
    count: total,
    distribution,
    reviews: latest.map((r) => ({
      id: r.id,
      userName: r.authorName,
      userAvatar: initials(r.authorName),
      rating: r.rating,
      comment: r.comment,
      date: r.createdAt.toISOString(),
      verified: Boolean(r.verified),
    })),
  };
}
