/**
 * Deals a merchant proposes (ADR 028): its own, in any state, made and changed as drafts and handed
 * in for a superadmin's review. A merchant never publishes; the review does. The form is stored by
 * the admin's save (validation, sanitising, the offer against units taken), not a copy of it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { MerchantDeal } from '../../contract/workspace';
import type { Db } from '../db/client';
import { deals } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { presentAdminDeal, saveDeal, type DealFields } from '../admin/deals.service';
import { selectDealsWithFigures, type DealRowWithFigures } from '../catalog/deals.service';
import { msg, type Message } from '../i18n';
import { refuseForeignPhotos } from '../photos/photos.service';

/** The states in which a merchant may still change its deal and hand it in. */
const OPEN_STATES = ['draft', 'rejected'] as const;

export const NOT_CHANGEABLE = msg('workspace.notChangeable');
export const NOT_SUBMITTABLE = msg('workspace.notSubmittable');
const NOT_FOUND = msg('notFound.deal');

/** The merchant's view of its deal: the admin's, less the payment-provider ids, which are the marketplace's. */
function presentMerchantDeal(row: DealRowWithFigures): MerchantDeal {
  const { stripeProductId: _product, stripePriceId: _price, ...own } = presentAdminDeal(row);
  return own;
}

const ownDeal = (merchantId: string, id: string) => and(eq(deals.id, id), eq(deals.merchantId, merchantId));
const stillOpen = (merchantId: string) => and(eq(deals.merchantId, merchantId), inArray(deals.status, [...OPEN_STATES]));

/** Every deal of the merchant, whatever its state, newest first. */
export async function listMerchantDeals(db: Db, merchantId: string): Promise<MerchantDeal[]> {
  const rows = await selectDealsWithFigures(db, eq(deals.merchantId, merchantId));
  return rows.map(presentMerchantDeal);
}

/** One of the merchant's deals; another merchant's is answered as missing. */
export async function getMerchantDeal(db: Db, merchantId: string, id: string): Promise<MerchantDeal> {
  const [row] = await selectDealsWithFigures(db, ownDeal(merchantId, id));
  if (!row) throw notFound(NOT_FOUND);
  return presentMerchantDeal(row);
}

/** The merchant's form: the deal's fields without a merchant, which is always the session's. */
export type MerchantDealFields = Omit<DealFields, 'merchantId'>;

/** The deal's photo addresses: the cover and the gallery. */
const photosOf = (fields: { imageUrl?: string | null | undefined; galleryUrls?: readonly string[] | undefined }) => [fields.imageUrl ?? '', ...(fields.galleryUrls ?? [])];

/** A new proposal: an inactive draft of the merchant's. */
export async function createMerchantDeal(db: Db, merchantId: string, fields: MerchantDealFields): Promise<MerchantDeal> {
  await refuseForeignPhotos(db, merchantId, photosOf(fields));
  const id = await saveDeal(db, { ...fields, merchantId });
  return getMerchantDeal(db, merchantId, id);
}

/** 404 for a deal that is not the merchant's, else the given conflict: the deal is not in an open state. */
async function refuseClosed(db: Db, merchantId: string, id: string, message: Message): Promise<never> {
  const [exists] = await db.select({ id: deals.id }).from(deals).where(ownDeal(merchantId, id));
  throw exists ? conflict(message) : notFound(NOT_FOUND);
}

/**
 * Saves the form over the merchant's draft or rejected deal; the state stays as it was (a rejected
 * deal keeps its reason until it is handed in again). Anything else of the merchant's is 409.
 */
export async function updateMerchantDeal(db: Db, merchantId: string, id: string, fields: MerchantDealFields): Promise<MerchantDeal> {
  const [current] = await db.select({ imageUrl: deals.imageUrl, galleryUrls: deals.galleryUrls }).from(deals).where(ownDeal(merchantId, id));
  await refuseForeignPhotos(db, merchantId, photosOf(fields), current ? photosOf(current) : []);
  const saved = await saveDeal(db, { ...fields, merchantId }, { id, onlyIf: stillOpen(merchantId) });
  if (!saved) return refuseClosed(db, merchantId, id, NOT_CHANGEABLE);
  return getMerchantDeal(db, merchantId, id);
}

/**
 * Hands a draft or rejected deal in for review: one conditional update to `pending_review`, which
 * stamps the submission and clears an earlier rejection's reason.
 */
export async function submitMerchantDeal(db: Db, merchantId: string, id: string): Promise<MerchantDeal> {
  const now = new Date();
  const [row] = await db
    .update(deals)
    .set({ status: 'pending_review', active: false, submittedAt: now, rejectionReason: null, updatedAt: now })
    .where(and(eq(deals.id, id), stillOpen(merchantId)))
    .returning({ id: deals.id });
  if (!row) return refuseClosed(db, merchantId, id, NOT_SUBMITTABLE);
  return getMerchantDeal(db, merchantId, id);
}
