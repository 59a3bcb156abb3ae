/** Merchant management by a superadmin: each merchant comes with its own merchant login account. */
import { randomInt } from 'node:crypto';
import tzlookup from '@photostructure/tz-lookup';
import { and, asc, eq, sql } from 'drizzle-orm';
import { VOUCHER_CODE_ALPHABET } from '../../contract/constants';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../contract/time-zones';
import type { AdminMerchant } from '../../contract/admin';
import type { BusinessHours, MerchantStatus } from '../../contract/merchants';
import type { Db } from '../db/client';
import { merchants, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { hashPassword } from '../db/passwords';
import { isUniqueViolation } from '../auth/auth.service';
import { presentMerchant } from '../catalog/merchants.service';
import { msg } from '../i18n';

type MerchantRow = typeof merchants.$inferSelect;

/**
 * The generated first password of a merchant account: 12 random characters (about 60 bits) in three
 * groups, shown once to the admin who created the account. It is not derived from anything public,
 * such as the merchant's phone, and the account must replace it before it can do anything else
 * (docs/decisions/006-merchant-first-passwords.md).
 */
export function generateMerchantPassword(): string {
  const chars = Array.from({ length: 12 }, () => VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

// Correlated subqueries spell out their tables: drizzle leaves columns unqualified in single-table selects.
const dealCount = sql<number>`(select count(*)::int from deals d where d.merchant_id = "merchants"."id")`;
/** The owner's login, not a staff account's (ADR 028). */
const accountPhone = sql<string | null>`(select u.phone from users u where u.merchant_id = "merchants"."id" and u.merchant_role = 'owner' order by u.created_at limit 1)`;

function present(row: { merchant: MerchantRow; dealCount: number; accountPhone: string | null }): AdminMerchant {
  return {
    ...presentMerchant(row.merchant),
    dealCount: Number(row.dealCount),
    accountPhone: row.accountPhone,
    commissionBps: row.merchant.commissionBps,
    timeZone: row.merchant.timeZone,
  };
}

/**
 * The time zone of a place (ADR 039): the zone whose area holds the latitude and longitude, found by
 * @photostructure/tz-lookup from its own copy of the zones' borders, without a network call; UTC for a merchant
 * without a place, or for a zone name this server's Intl does not know.
 */
export function timeZoneAt(latitude: number | null | undefined, longitude: number | null | undefined): string {
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) return DEFAULT_TIME_ZONE;
  try {
    const zone = tzlookup(latitude, longitude);
    return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Whether the database knows a zone too: its "today" and weeks are counted in SQL (`at time zone`). */
async function databaseKnowsZone(db: Db, zone: string): Promise<boolean> {
  const rows = await db
    .select({ name: sql<string>`name` })
    .from(sql`pg_timezone_names`)
    .where(sql`name = ${zone}`)
    .limit(1);
  return rows.length > 0;
}

/** The zone a superadmin chose, once the database is known to count in it too; 400 otherwise. */
async function checkedZone(db: Db, zone: string): Promise<string> {
  if (!(await databaseKnowsZone(db, zone))) throw badRequest(msg('admin.unknownTimeZone'));
  return zone;
}

async function findAdminMerchant(db: Db, id: string): Promise<AdminMerchant> {
  const [row] = await db.select({ merchant: merchants, dealCount, accountPhone }).from(merchants).where(eq(merchants.id, id));
  if (!row) throw notFound(msg('notFound.merchant'));
  return present(row);
}

/** Every merchant, whatever its status, by name. */
export async function listAllMerchants(db: Db): Promise<AdminMerchant[]> {
  const rows = await db.select({ merchant: merchants, dealCount, accountPhone }).from(merchants).orderBy(asc(merchants.name));
  return rows.map(present);
}

export interface NewMerchant {
  name: string;
  phone: string;
  address: string;
  description: string;
  businessHours?: BusinessHours | null | undefined;
  commissionBps: number;
  city?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  /** The zone chosen; left out, it is found from the place. */
  timeZone?: string | undefined;
}

/**
 * Creates an active merchant and its merchant account in one transaction; the account's password
 * is generated, answered once, and must be changed at the first login. Its time zone is the one
 * given, or the one its place lies in (UTC without a place).
 */
export async function createMerchant(db: Db, input: NewMerchant): Promise<{ merchant: AdminMerchant; loginInfo: { phone: string; password: string } }> {
  const chosen = input.timeZone ? await checkedZone(db, input.timeZone) : null;
  const found = timeZoneAt(input.latitude, input.longitude);
  const timeZone = chosen ?? ((await databaseKnowsZone(db, found)) ? found : DEFAULT_TIME_ZONE);
  const password = generateMerchantPassword();
  const passwordHash = await hashPassword(password);
  try {
    const id = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
      if (taken) throw conflict(msg('admin.phoneTaken'));
      const [m] = await tx
        .insert(merchants)
        .values({ ...input, businessHours: input.businessHours ?? null, timeZone, status: 'active' })
        .returning({ id: merchants.id });
      await tx.insert(users).values({
        phone: input.phone,
        role: 'merchant',
        merchantId: m!.id,
        merchantRole: 'owner',
        passwordHash,
        mustChangePassword: true,
      });
      return m!.id;
    });
    return { merchant: await findAdminMerchant(db, id), loginInfo: { phone: input.phone, password } };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg('admin.phoneTaken'));
    throw err;
  }
}

export interface MerchantChanges {
  name: string;
  phone?: string | undefined;
  address?: string | undefined;
  description?: string | undefined;
  businessHours?: BusinessHours | null | undefined;
  status?: MerchantStatus | undefined;
  commissionBps?: number | undefined;
  city?: string | null | undefined;
  /** Given together with the longitude, or both left out (the contract holds them together). */
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  /** A new zone for the merchant's clock; a new place alone leaves the zone as it is. */
  timeZone?: string | undefined;
  /** Its photos, the cover first (at most MERCHANT_PHOTOS_MAX, held by the contract). */
  photoUrls?: string[] | undefined;
}

/** Edits a merchant's card, commission and time zone; the login account keeps its own phone. */
export async function updateMerchant(db: Db, id: string, changes: MerchantChanges): Promise<AdminMerchant> {
  const set: Partial<typeof merchants.$inferInsert> = { name: changes.name, updatedAt: new Date() };
  if (changes.timeZone !== undefined) set.timeZone = await checkedZone(db, changes.timeZone);
  if (changes.businessHours !== undefined) set.businessHours = changes.businessHours;
  if (changes.phone !== undefined) set.phone = changes.phone;
  if (changes.address !== undefined) set.address = changes.address;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.status !== undefined) set.status = changes.status;
  if (changes.commissionBps !== undefined) set.commissionBps = changes.commissionBps;
  if (changes.city !== undefined) set.city = changes.city;
  if (changes.photoUrls !== undefined) set.photoUrls = changes.photoUrls;
  if (changes.latitude !== undefined && changes.longitude !== undefined) {
    set.latitude = changes.latitude;
    set.longitude = changes.longitude;
  }
  const [row] = await db.update(merchants).set(set).where(eq(merchants.id, id)).returning({ id: merchants.id });
  if (!row) throw notFound(msg('notFound.merchant'));
  return findAdminMerchant(db, id);
}

/**
 * Moves a merchant among active, inactive and pending. Anything but active hides its deals from
 * shoppers and stops its account's sessions at their next request.
 */
export async function setMerchantStatus(db: Db, id: string, status: MerchantStatus): Promise<AdminMerchant> {
  const [row] = await db
    .update(merchants)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(merchants.id, id)))
    .returning({ id: merchants.id });
  if (!row) throw notFound(msg('notFound.merchant'));
  return findAdminMerchant(db, id);
}
