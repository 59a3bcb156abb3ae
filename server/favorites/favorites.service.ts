/** A customer's favourite deals. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Deal } from '../../contract/deals';
import type { Db } from '../db/client';
import { deals, favorites, merchants } from '../db/schema';
import { notFound } from '../http/errors';
import { getDeal, presentDeal, queryDealPage } from '../catalog/deals.service';
import { LISTED } from '../catalog/listed.service';
import type { Viewer } from '../http/session';
import { msg, type Language } from '../i18n';

/** The user's favourites that shoppers can still see, most recently added first, their categories named in `language`. */
export async function listFavorites(db: Db, userId: string, language: Language = 'en'): Promise<Deal[]> {
  const ids = await db
    .select({ dealId: favorites.dealId })
    .from(favorites)
    .innerJoin(deals, eq(deals.id, favorites.dealId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(and(eq(favorites.userId, userId), LISTED))
    .orderBy(desc(favorites.createdAt));
  if (ids.length === 0) return [];
  const order = new Map(ids.map((r, i) => [r.dealId, i]));
  const { rows } = await queryDealPage(db, {
    where: and(LISTED, inArray(deals.id, ids.map((r) => r.dealId))),
    limit: ids.length,
  });
  return rows.map((row) => presentDeal(row, language)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** Adds a favourite; adding one twice is a no-op. Deals a shopper cannot see are refused. */
export async function addFavorite(db: Db, userId: string, dealId: string, viewer: Viewer): Promise<void> {
  if (!(await getDeal(db, dealId, viewer))) throw notFound(msg('notFound.deal'));
  await db.insert(favorites).values({ userId, dealId }).onConflictDoNothing();
}

/** Removes a favourite; removing one that is not there is a no-op. */
export async function removeFavorite(db: Db, userId: string, dealId: string): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.dealId, dealId)));
}
