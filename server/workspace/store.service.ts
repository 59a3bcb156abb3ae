/**
 * The merchant's store page as its owner keeps it: the description and the photos (the cover first) that
 * /store/{merchantId} and the public merchant answer show. Photos must be the merchant's own uploads, or
 * addresses it already shows (a superadmin may have set them).
 */
import { eq } from 'drizzle-orm';
import type { MerchantStore } from '../../contract/workspace';
import type { Db } from '../db/client';
import { merchants } from '../db/schema';
import { notFound } from '../http/errors';
import { msg } from '../i18n';
import { refuseForeignPhotos } from '../photos/photos.service';

const NOT_FOUND = msg('notFound.merchant');

const storeColumns = { merchantId: merchants.id, name: merchants.name, description: merchants.description, photoUrls: merchants.photoUrls };

/** The merchant's store page: its name, description and photos. */
export async function getMerchantStore(db: Db, merchantId: string): Promise<MerchantStore> {
  const [row] = await db.select(storeColumns).from(merchants).where(eq(merchants.id, merchantId));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * Saves the description and the photos in one update. A photo that is neither the merchant's upload nor one it
 * already shows refuses the whole save (400) before anything is written.
 */
export async function updateMerchantStore(db: Db, merchantId: string, input: { description: string; photoUrls: string[] }): Promise<MerchantStore> {
  const current = await getMerchantStore(db, merchantId);
  await refuseForeignPhotos(db, merchantId, input.photoUrls, current.photoUrls);
  const [row] = await db
    .update(merchants)
    .set({ description: input.description, photoUrls: input.photoUrls, updatedAt: new Date() })
    .where(eq(merchants.id, merchantId))
    .returning(storeColumns);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}
