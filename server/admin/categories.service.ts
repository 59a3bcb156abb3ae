/**
 * The superadmins' management of deal categories: list, create, rename (in English and Chinese) or reorder, and delete
 * one no deal uses. Superadmins read both names as written; shoppers read the one of their language (catalog).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { AdminCategory } from '../../contract/categories';
import type { Db } from '../db/client';
import { categories, deals } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { isUniqueViolation } from '../auth/auth.service';
import { databaseError } from '../db/errors';
import { LISTED_IN_CATEGORY } from '../catalog/listed.service';
import { msg } from '../i18n';

const USED_BY = sql<number>`(select count(*)::int from "deals" d where d."category_id" = "categories"."id")`;

const SELECTION = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  nameZh: categories.nameZh,
  icon: categories.icon,
  position: categories.position,
  createdAt: categories.createdAt,
  dealCount: LISTED_IN_CATEGORY,
  usedBy: USED_BY,
};

function present(row: { id: string; slug: string; name: string; nameZh: string; icon: string; position: number; createdAt: Date; dealCount: number; usedBy: number }): AdminCategory {
  return { ...row, dealCount: Number(row.dealCount), usedBy: Number(row.usedBy), createdAt: row.createdAt.toISOString() };
}

export const SLUG_TAKEN = msg('admin.slugTaken');
export const CATEGORY_IN_USE = (n: number) => msg('admin.categoryInUse', { count: n });

/** Every category in `position` order, with its listed deals and the deals in any state that use it. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db.select(SELECTION).from(categories).orderBy(asc(categories.position), asc(categories.name));
  return rows.map(present);
}

async function findAdminCategory(db: Db, id: string): Promise<AdminCategory> {
  const [row] = await db.select(SELECTION).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound(msg('notFound.category'));
  return present(row);
}

/** A new category; its slug is unique (409 otherwise) and never changes. */
export async function createCategory(db: Db, input: { slug: string; name: string; nameZh: string; icon: string; position: number }): Promise<AdminCategory> {
  try {
    const [row] = await db.insert(categories).values(input).returning({ id: categories.id });
    return findAdminCategory(db, row!.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(SLUG_TAKEN);
    throw err;
  }
}

/** Renames (either name), re-icons or moves a category; fields left out stay as they are. */
export async function updateCategory(
  db: Db,
  id: string,
  changes: { name?: string | undefined; nameZh?: string | undefined; icon?: string | undefined; position?: number | undefined },
): Promise<AdminCategory> {
  const set: Partial<typeof categories.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.nameZh !== undefined) set.nameZh = changes.nameZh;
  if (changes.icon !== undefined) set.icon = changes.icon;
  if (changes.position !== undefined) set.position = changes.position;
  if (Object.keys(set).length > 0) {
    const [row] = await db.update(categories).set(set).where(eq(categories.id, id)).returning({ id: categories.id });
    if (!row) throw notFound(msg('notFound.category'));
  }
  return findAdminCategory(db, id);
}

/**
 * Deletes a category no deal uses, in any state (409 otherwise, with the count). The foreign key
 * (ON DELETE RESTRICT) refuses it too when a deal takes the category at the same moment.
 */
export async function deleteCategory(db: Db, id: string): Promise<void> {
  const [used] = await db.select({ n: sql<number>`count(*)::int` }).from(deals).where(eq(deals.categoryId, id));
  const n = Number(used?.n ?? 0);
  if (n > 0) throw conflict(CATEGORY_IN_USE(n));
  try {
    const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (!row) throw notFound(msg('notFound.category'));
  } catch (err) {
    if (databaseError(err)?.code === '23503') throw conflict(CATEGORY_IN_USE(1));
    throw err;
  }
}
