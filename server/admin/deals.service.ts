/** Deal management by a superadmin: create, edit, publish, unpublish, archive, delete, catalogue sync. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminDeal } from '../../contract/admin';
import type { DealStatus } from '../../contract/deals';
import type { Db } from '../db/client';
import { deals, merchants, orderItems, vouchers } from '../db/schema';
import { databaseError } from '../db/errors';
import { badRequest, conflict, notFound } from '../http/errors';
import { sanitizeRichText } from '../content/html';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { presentDeal, queryDealPage, type DealCursor, type DealPage, type DealRowWithFigures } from '../catalog/catalog.service';
import { unitsTakenOf } from '../db/stock-reads';

export function presentAdminDeal(row: DealRowWithFigures): AdminDeal {
  return {
    ...presentDeal(row),
    stripeProductId: row.deal.stripeProductId,
    stripePriceId: row.deal.stripePriceId,
    merchantStatus: row.merchantStatus as AdminDeal['merchantStatus'],
    updatedAt: row.deal.updatedAt.toISOString(),
  };
}

/** Every deal whatever its state, newest first. */
export async function listAllDeals(
  db: Db,
  params: { q?: string | undefined; limit: number; cursor?: DealCursor | null | undefined },
): Promise<DealPage<AdminDeal>> {
  const { rows, nextCursor } = await queryDealPage(db, { ...params, where: undefined });
  return { deals: rows.map(presentAdminDeal), nextCursor };
}

export async function findAdminDeal(db: Db, id: string): Promise<AdminDeal> {
  const { rows } = await queryDealPage(db, { where: eq(deals.id, id), limit: 1 });
  const row = rows[0];
  if (!row) throw notFound('Deal not found');
  return presentAdminDeal(row);
}

export interface DealInput {
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
  createStripeProduct: boolean;
}

async function assertActiveMerchant(db: Db, merchantId: string): Promise<void> {
  const [m] = await db.select({ status: merchants.status }).from(merchants).where(eq(merchants.id, merchantId));
  if (!m) throw badRequest('merchantId: No such merchant');
  if (m.status !== 'active') throw badRequest('merchantId: Only active merchants can be selected');
}

function storedFields(input: DealInput) {
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
  };
}

export interface SaveResult {
  deal: AdminDeal;
  /** Why the payment-provider sync failed, when it was asked for and did. */
  catalogSyncError: string | null;
}

/**
 * Creates or updates the deal's product and price at the payment provider and stores their ids.
 * A failure is logged and returned, never swallowed; the deal itself stays saved.
 */
async function syncCatalog(db: Db, payments: PaymentProvider, logger: FastifyBaseLogger, dealId: string): Promise<string | null> {
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
    return `The deal was saved, but creating it at the payment provider failed: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** A new deal starts as an inactive draft; publishing is a separate step. */
export async function createDeal(db: Db, payments: PaymentProvider, logger: FastifyBaseLogger, input: DealInput): Promise<SaveResult> {
  await assertActiveMerchant(db, input.merchantId);
  const [row] = await db
    .insert(deals)
    .values({ ...storedFields(input), status: 'draft', active: false })
    .returning({ id: deals.id });
  const catalogSyncError = input.createStripeProduct ? await syncCatalog(db, payments, logger, row!.id) : null;
  return { deal: await findAdminDeal(db, row!.id), catalogSyncError };
}

/** True for PostgreSQL's check_violation of the named constraint. */
function isCheckViolation(err: unknown, constraint: string): boolean {
  const e = databaseError(err);
  return e?.code === '23514' && (e.constraint === constraint || e.message.includes(constraint));
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
  const [current] = await db.select().from(deals).where(eq(deals.id, id));
  if (!current) throw notFound('Deal not found');
  if (current.merchantId !== input.merchantId) await assertActiveMerchant(db, input.merchantId);
  const set: Partial<typeof deals.$inferInsert> = { ...storedFields(input), updatedAt: new Date() };
  if (input.status !== undefined) {
    set.status = input.status;
    if (input.status !== 'published') set.active = false;
  }
  try {
    await db.update(deals).set(set).where(eq(deals.id, id));
  } catch (err) {
    if (isCheckViolation(err, 'deal_stock_taken_check')) {
      throw conflict(`inventory: cannot be lower than the ${await unitsTakenOf(db, id)} units already sold or held`);
    }
    throw err;
  }
  const catalogSyncError = input.createStripeProduct ? await syncCatalog(db, payments, logger, id) : null;
  return { deal: await findAdminDeal(db, id), catalogSyncError };
}

/**
 * Publish (published + active), unpublish (draft, inactive), pause (published, inactive) or archive.
 * Only a published deal can be active.
 */
export async function setDealStatus(db: Db, id: string, status: DealStatus, active: boolean): Promise<AdminDeal> {
  if (active && status !== 'published') throw badRequest('active: only a published deal can be active');
  const [row] = await db
    .update(deals)
    .set({ status, active, updatedAt: new Date() })
    .where(eq(deals.id, id))
    .returning({ id: deals.id });
  if (!row) throw notFound('Deal not found');
  return findAdminDeal(db, id);
}

/** Deletes a deal nobody has ordered; one with orders or vouchers must be archived instead (ADR 019). */
export async function deleteDeal(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [d] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, id)).for('update');
    if (!d) throw notFound('Deal not found');
    const [used] = await tx
      .select({ one: sql`1` })
      .from(orderItems)
      .where(eq(orderItems.dealId, id))
      .unionAll(tx.select({ one: sql`1` }).from(vouchers).where(eq(vouchers.dealId, id)))
      .limit(1);
    if (used) throw conflict('This deal has orders or vouchers, so it cannot be deleted; archive it instead');
    await tx.delete(deals).where(eq(deals.id, id));
  });
}
