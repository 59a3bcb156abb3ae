/** Builders for rows, shared by the demo data and the tests; each fills sensible defaults. */
import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { categories, dealStock, deals, merchants, reviews, users } from './schema';
import { hashPassword } from './passwords';

type NewMerchant = typeof merchants.$inferInsert;
type NewDeal = typeof deals.$inferInsert;
type NewUser = typeof users.$inferInsert;

let sequence = 0;
const next = () => ++sequence;

/** Where this process's phone numbers start: processes sharing a database (the scale-out tests) start apart. */
const phoneBase = randomInt(0, 10_000_000);
let phones = 0;

/**
 * A phone number unique within this process (ten million of them, counted on from a random start), in the normalised
 * form the server stores. Drawn at random, a few thousand numbers in one database would share one now and then.
 */
export function uniquePhone(): string {
  phones += 1;
  return `+1555${String((phoneBase + phones) % 10_000_000).padStart(7, '0')}`;
}

export async function buildMerchant(db: Db, overrides: Partial<NewMerchant> = {}) {
  const n = next();
  const [row] = await db
    .insert(merchants)
    .values({ name: `Merchant ${n}`, phone: uniquePhone(), address: `${n} Market Street`, description: '', status: 'active', ...overrides })
    .returning();
  return row!;
}

/** A category with a unique slug unless told otherwise. */
export async function buildCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ slug: `category-${n}`, name: `Category ${n}`, icon: 'tag', position: n, ...overrides })
    .returning();
  return row!;
}

/**
 * A deal, published and active unless told otherwise; one given another state starts inactive, as
 * the database requires. `unitsTaken` fills its stock buckets in bucket order (all of it in bucket 0
 * when the deal has no limit, and anything beyond the offer in bucket 0 too, which the database refuses).
 */
export async function buildDeal(db: Db, options: Partial<NewDeal> & { merchantId: string; unitsTaken?: number }) {
  const { unitsTaken = 0, ...overrides } = options;
  const n = next();
  const [row] = await db
    .insert(deals)
    .values({
      title: `Deal ${n}`,
      description: `<p>Deal number ${n}</p>`,
      priceCents: 1000,
      originalPriceCents: 1500,
      status: 'published',
      active: (overrides.status ?? 'published') === 'published',
      ...overrides,
    })
    .returning();
  if (unitsTaken !== 0) await setUnitsTaken(db, row!.id, unitsTaken);
  return { ...row!, unitsTaken };
}

/** Sets how many units of a deal count as taken, spread over its stock buckets as buildDeal describes. */
export async function setUnitsTaken(db: Db, dealId: string, unitsTaken: number): Promise<void> {
  const buckets = await db.select().from(dealStock).where(eq(dealStock.dealId, dealId)).orderBy(asc(dealStock.bucket));
  let left = unitsTaken;
  const taken = buckets.map((b) => {
    const n = b.units === null ? 0 : Math.max(0, Math.min(b.units, left));
    left -= n;
    return n;
  });
  if (taken.length > 0) taken[0]! += left;
  await db.transaction(async (tx) => {
    for (const [i, b] of buckets.entries()) {
      await tx.update(dealStock).set({ taken: taken[i]! }).where(and(eq(dealStock.dealId, dealId), eq(dealStock.bucket, b.bucket)));
    }
  });
}

/** A user; `password` is hashed with the real hasher when given. A merchant account is its merchant's owner unless told otherwise. */
export async function buildUser(db: Db, overrides: Partial<NewUser> & { password?: string } = {}) {
  const { password, ...rest } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      phone: uniquePhone(),
      phoneVerified: true,
      role: 'customer',
      passwordHash: password ? await hashPassword(password) : null,
      merchantRole: rest.role === 'merchant' ? 'owner' : null,
      ...rest,
    })
    .returning();
  return row!;
}

export const buildCustomer = (db: Db, overrides: Partial<NewUser> & { password?: string } = {}) =>
  buildUser(db, { role: 'customer', ...overrides });

export async function buildMerchantAccount(db: Db, merchantId: string, overrides: Partial<NewUser> & { password?: string } = {}) {
  return buildUser(db, { role: 'merchant', merchantId, ...overrides });
}

export async function buildReview(db: Db, values: { dealId: string; userId: string; authorName: string; rating: number; comment: string; createdAt?: Date }) {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}
