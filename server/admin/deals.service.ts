/**
 * Deal management by a superadmin: create, edit, publish, unpublish, archive, delete, catalogue sync,
 * and the review of deals merchants propose (ADR 028). The form's save is shared with those merchants.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminDeal } from '../../contract/admin';
import type { DealStatus } from '../../contract/deals';
import type { Db } from '../db/client';
import { categories, deals, merchants, orderItems, vouchers } from '../db/schema';
import { databaseError } from '../db/errors';
import { badRequest, conflict, notFound } from '../http/errors';
import { sanitizeRichText } from '../content/html';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { presentDeal, queryDealPage, type DealPage, type DealRowWithFigures } from '../catalog/deals.service';
import type { KeysetCursor } from '../db/keyset';
import { unitsTakenOf } from '../db/stock-reads';
import { msg, type Message } from '../i18n';

export function presentAdminDeal(row: DealRowWithFigures): AdminDeal {
  return {
    ...presentDeal(row),
    stripeProductId: row.deal.stripeProductId,
    stripePriceId: row.deal.stripePriceId,
    merchantStatus: row.merchantStatus as AdminDeal['merchantStatus'],
    updatedAt: row.deal.updatedAt.toISOString(),
    rejectionReason: row.deal.rejectionReason,
    submittedAt: row.deal.submittedAt?.toISOString() ?? null,
    categoryId: row.deal.categoryId,
  };
}

/**
 * Every deal whatever its state, newest first; with `status`, the deals in that state, and the
 * review queue (`pending_review`) oldest submission first, so the longest waiting comes first.
 */
export async function listAllDeals(
  db: Db,
  params: { q?: string | undefined; status?: DealStatus | undefined; limit: number; cursor?: KeysetCursor | null | undefined },
): Promise<DealPage<AdminDeal>> {
  const { status, ...page } = params;
  const { rows, nextCursor } = await queryDealPage(db, {
    ...page,
    where: status ? eq(deals.status, status) : undefined,
    order: status === 'pending_review' ? 'firstSubmitted' : 'newest',
  });
  return { deals: rows.map(presentAdminDeal), nextCursor };
}

export async function findAdminDeal(db: Db, id: string): Promise<AdminDeal> {
  const { rows } = await queryDealPage(db, { where: eq(deals.id, id), limit: 1 });
  const row = rows[0];
  if (!row) throw notFound(msg('notFound.deal'));
  return presentAdminDeal(row);
}

/** The fields of the deal form, as a superadmin or a merchant (for its own merchant) fills it in. */
export interface DealFields {
  merchantId: string;
  title: string;
  priceCents: number;
  originalPriceCents: number | null;
  description: string;
  imageUrl: string;
  inventory: number;
  maxPerUser: number;
  validFrom: Date | null;
  validUntil: Date | null;
  redemptionInstructions: string;
  termsConditions: string;
  refundAnytime: boolean;
  autoRefundOnExpiry: boolean;
  groupSize: number | null;
  groupPriceCents: number | null;
  groupWindowHours: number;
  categoryId: string | null;
  galleryUrls: string[];
}

/** A superadmin's form: the fields, and whether to sync the deal to the payment provider's catalogue. */
export interface DealInput extends DealFields {
  createStripeProduct: boolean;
}

async function assertActiveMerchant(db: Db, merchantId: string): Promise<void> {
  const [m] = await db.select({ status: merchants.status }).from(merchants).where(eq(merchants.id, merchantId));
  if (!m) throw badRequest(msg('admin.noSuchMerchant'));
  if (m.status !== 'active') throw badRequest(msg('admin.merchantNotActive'));
}

async function assertCategory(db: Db, categoryId: string | null): Promise<void> {
  if (categoryId === null) return;
  const [c] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!c) throw badRequest(msg('admin.noSuchCategory'));
}

function storedFields(input: DealFields) {
  return {
    merchantId: input.merchantId,
    title: input.title,
    priceCents: input.priceCents,
    originalPriceCents: input.originalPriceCents,
    description: sanitizeRichText(input.description),
    imageUrl: input.imageUrl,
    inventory: input.inventory,
    maxPerUser: input.maxPerUser,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    redemptionInstructions: sanitizeRichText(input.redemptionInstructions),
    termsConditions: sanitizeRichText(input.termsConditions),
    refundAnytime: input.refundAnytime,
    autoRefundOnExpiry: input.autoRefundOnExpiry,
    groupSize: input.groupSize,
    groupPriceCents: input.groupPriceCents,
    groupWindowHours: input.groupWindowHours,
    categoryId: input.categoryId,
    galleryUrls: input.galleryUrls,
  };
}

export interface SaveResult {
  deal: AdminDeal;
  /** Why the payment-provider sync failed, when it was asked for and did. */
  catalogSyncError: Message | null;
}

/**
 * Creates or updates the deal's product and price at the payment provider and stores their ids.
 * A failure is logged and returned, never swallowed; the deal itself stays saved.
 */
async function syncCatalog(db: Db, payments: PaymentProvider, logger: FastifyBaseLogger, dealId: string): Promise<Message | null> {
  const [d] = await db.select().from(deals).where(eq(deals.id, dealId));
  if (!d) return null;
  try {
    const ids = await payments.syncCatalogItem({
      dealId: d.id,
      title: d.title,
      priceCents: d.priceCents,
      productId: d.stripeProductId,
      priceId: d.stripePriceId,
    });
    await db.update(deals).set({ stripeProductId: ids.productId, stripePriceId: ids.priceId }).where(eq(deals.id, d.id));
    return null;
  } catch (err) {
    logger.error({ err, dealId }, 'payment-provider catalogue sync failed');
    return msg('admin.catalogSyncFailed', { reason: err instanceof Error ? err.message : String(err) });
  }
}

/** True for PostgreSQL's check_violation of the named constraint. */
function isCheckViolation(err: unknown, constraint: string): boolean {
  const e = databaseError(err);
  return e?.code === '23514' && (e.constraint === constraint || e.message.includes(constraint));
}

/** An edit of an existing deal, as saveDeal takes it. */
export interface DealEdit {
  id: string;
  /** A new state, for a superadmin's edit; leaving it out keeps the state (and a rejection's reason). */
  status?: DealStatus | undefined;
  /** What must still hold for the edit to apply (a merchant's: its own deal, still a draft or rejected). */
  onlyIf?: SQL | undefined;
}

/**
 * The one way the deal form is stored, whoever fills it in (a superadmin, or a merchant proposing
 * its own deal): rich text sanitised, the merchant active when it is new to the deal, and the offer
 * never below the units already sold or held (409). Without `edit` it makes a new inactive draft.
 * Answers the deal's id, or null for an edit whose deal is missing or no longer meets `onlyIf`,
 * checked again by the update itself so a change racing it cannot slip in between.
 */
export async function saveDeal(db: Db, fields: DealFields): Promise<string>;
export async function saveDeal(db: Db, fields: DealFields, edit: DealEdit): Promise<string | null>;
export async function saveDeal(db: Db, fields: DealFields, edit?: DealEdit): Promise<string | null> {
  await assertCategory(db, fields.categoryId);
  if (!edit) {
    await assertActiveMerchant(db, fields.merchantId);
    const [row] = await db
      .insert(deals)
      .values({ ...storedFields(fields), status: 'draft', active: false })
      .returning({ id: deals.id });
    return row!.id;
  }
  if (edit.status !== undefined) assertSettableStatus(edit.status);
  const which = and(eq(deals.id, edit.id), edit.onlyIf);
  const [current] = await db.select({ merchantId: deals.merchantId }).from(deals).where(which);
  if (!current) return null;
  if (current.merchantId !== fields.merchantId) await assertActiveMerchant(db, fields.merchantId);
  const set: Partial<typeof deals.$inferInsert> = { ...storedFields(fields), updatedAt: new Date() };
  if (edit.status !== undefined) {
    set.status = edit.status;
    set.rejectionReason = null;
    if (edit.status !== 'published') set.active = false;
  }
  try {
    const [row] = await db.update(deals).set(set).where(which).returning({ id: deals.id });
    return row?.id ?? null;
  } catch (err) {
    if (isCheckViolation(err, 'deal_stock_taken_check')) {
      throw conflict(msg('admin.inventoryBelowTaken', { units: await unitsTakenOf(db, edit.id) }));
    }
    throw err;
  }
}

/** A new deal starts as an inactive draft; publishing is a separate step. */
export async function createDeal(db: Db, payments: PaymentProvider, logger: FastifyBaseLogger, input: DealInput): Promise<SaveResult> {
  const id = await saveDeal(db, input);
  const catalogSyncError = input.createStripeProduct ? await syncCatalog(db, payments, logger, id) : null;
  return { deal: await findAdminDeal(db, id), catalogSyncError };
}

/**
 * Saves every field of the form. The offer cannot drop below the units already sold or held,
 * and a deal can only move to an active merchant.
 */
export async function updateDeal(
  db: Db,
  payments: PaymentProvider,
  logger: FastifyBaseLogger,
  id: string,
  input: DealInput & { status?: DealStatus | undefined },
): Promise<SaveResult> {
  const saved = await saveDeal(db, input, { id, status: input.status });
  if (!saved) throw notFound(msg('notFound.deal'));
  const catalogSyncError = input.createStripeProduct ? await syncCatalog(db, payments, logger, id) : null;
  return { deal: await findAdminDeal(db, id), catalogSyncError };
}

/** The states only their own calls set: a merchant's submission, and a superadmin's rejection with its reason. */
const REVIEW_STATES: readonly DealStatus[] = ['pending_review', 'rejected'];
export const REVIEW_STATE_REFUSAL = msg('admin.reviewStatesOnly');

function assertSettableStatus(status: DealStatus): void {
  if (REVIEW_STATES.includes(status)) throw badRequest(REVIEW_STATE_REFUSAL);
}

/**
 * Publish (published + active), unpublish (draft, inactive), pause (published, inactive) or archive.
 * Only a published deal can be active. A deal under review or turned down may be moved too (a
 * superadmin may publish any deal); it then leaves the review, and a rejection's reason goes.
 */
export async function setDealStatus(db: Db, id: string, status: DealStatus, active: boolean): Promise<AdminDeal> {
  assertSettableStatus(status);
  if (active && status !== 'published') throw badRequest(msg('admin.activeNeedsPublished'));
  const [row] = await db
    .update(deals)
    .set({ status, active, rejectionReason: null, updatedAt: new Date() })
    .where(eq(deals.id, id))
    .returning({ id: deals.id });
  if (!row) throw notFound(msg('notFound.deal'));
  return findAdminDeal(db, id);
}

export const NOT_UNDER_REVIEW_APPROVE = msg('admin.notUnderReviewApprove');
export const NOT_UNDER_REVIEW_REJECT = msg('admin.notUnderReviewReject');

/**
 * Ends a review: one conditional update from `pending_review`, so of two superadmins deciding at
 * once, or a decision racing the merchant's change, exactly one applies; the other gets 409.
 */
async function decideReview(db: Db, id: string, set: Partial<typeof deals.$inferInsert>, refusal: Message): Promise<AdminDeal> {
  const [row] = await db
    .update(deals)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(deals.id, id), eq(deals.status, 'pending_review')))
    .returning({ id: deals.id });
  if (!row) {
    const [exists] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, id));
    throw exists ? conflict(refusal) : notFound(msg('notFound.deal'));
  }
  return findAdminDeal(db, id);
}

/** Approves a merchant's proposal: it is published and on sale at once. */
export function approveDeal(db: Db, id: string): Promise<AdminDeal> {
  return decideReview(db, id, { status: 'published', active: true }, NOT_UNDER_REVIEW_APPROVE);
}

/** Turns a merchant's proposal down with the reason it is shown; the merchant may change it and hand it in again. */
export function rejectDeal(db: Db, id: string, reason: string): Promise<AdminDeal> {
  return decideReview(db, id, { status: 'rejected', active: false, rejectionReason: reason }, NOT_UNDER_REVIEW_REJECT);
}

/** Deletes a deal nobody has ordered; one with orders or vouchers must be archived instead (ADR 019). */
export async function deleteDeal(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [d] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, id)).for('update');
    if (!d) throw notFound(msg('notFound.deal'));
    const [used] = await tx
      .select({ one: sql`1` })
      .from(orderItems)
      .where(eq(orderItems.dealId, id))
      .unionAll(tx.select({ one: sql`1` }).from(vouchers).where(eq(vouchers.dealId, id)))
      .limit(1);
    if (used) throw conflict(msg('admin.dealInUse'));
    await tx.delete(deals).where(eq(deals.id, id));
  });
}
