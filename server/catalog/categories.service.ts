/**
 * Deal categories: the public list with the number of deals shoppers can see in each, each category's name in the
 * reader's language, and the sold counts behind `popular`.
 */
import { and, asc, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Category } from '../../contract/categories';
import type { Db } from '../db/client';
import { categories, deals, vouchers } from '../db/schema';
import type { Language } from '../i18n';
import { LISTED_IN_CATEGORY } from './listed.service';

/** A category's two names as stored: `name` in English, `nameZh` in Chinese ('' while it has none). */
export interface CategoryNames {
  name: string;
  nameZh: string;
}

/** The name a reader of `language` sees: the Chinese name for a Chinese reader, the English one while it is empty. */
export function categoryNameIn(language: Language, category: CategoryNames): string {
  return language === 'zh-CN' && category.nameZh.trim() !== '' ? category.nameZh : category.name;
}

/** Every category in `position` order (then English name), each with its count of listed deals and its name in `language`. */
export async function listCategories(db: Db, language: Language = 'en'): Promise<Category[]> {
  const rows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      nameZh: categories.nameZh,
      icon: categories.icon,
      position: categories.position,
      dealCount: LISTED_IN_CATEGORY,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map(({ nameZh, ...r }) => ({ ...r, name: categoryNameIn(language, { name: r.name, nameZh }), dealCount: Number(r.dealCount) }));
}

/** How far back refreshSoldCounts looks for sales by default: several runs of the minute job, so one that failed or ran late loses nothing. */
export const SOLD_COUNT_LOOKBACK_MS = 10 * 60_000;

/**
 * Counts again the vouchers of every deal that sold since `since` (every deal with a voucher when
 * `since` is null) and stores the figure in deals.sold_count, the `popular` order's key; rows whose
 * figure is right are not written. Run by the minute job; safe with any number of servers running
 * it at once (each write is the count of committed vouchers). Answers the deals it changed.
 */
export async function refreshSoldCounts(db: Db, since: Date | null = new Date(Date.now() - SOLD_COUNT_LOOKBACK_MS)): Promise<number> {
  const count = sql<number>`(select count(*)::int from "vouchers" v where v."deal_id" = "deals"."id")`;
  const sold = db
    .selectDistinct({ dealId: vouchers.dealId })
    .from(vouchers)
    .where(since ? gte(vouchers.createdAt, since) : undefined);
  const changed = await db
    .update(deals)
    .set({ soldCount: count })
    .where(and(inArray(deals.id, sold), ne(deals.soldCount, count)))
    .returning({ id: deals.id });
  return changed.length;
}
