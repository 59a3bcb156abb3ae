/** Merchants as shoppers see them: the active ones by name, and one merchant's card. */
import { eq } from 'drizzle-orm';
import type { Merchant } from '../../contract/merchants';
import type { Db } from '../db/client';
import { merchants } from '../db/schema';
import type { Viewer } from '../http/session';

export function presentMerchant(m: typeof merchants.$inferSelect): Merchant {
  return {
    id: m.id,
    name: m.name,
    phone: m.phone,
    address: m.address,
    description: m.description,
    status: m.status,
    businessHours: m.businessHours && Object.keys(m.businessHours).length > 0 ? JSON.stringify(m.businessHours) : null,
    city: m.city,
    latitude: m.latitude,
    longitude: m.longitude,
    createdAt: m.createdAt.toISOString(),
  };
}

/** Active merchants, by name. */
export async function listMerchants(db: Db): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(eq(merchants.status, 'active'))
    .orderBy(merchants.name);
}

/** An active merchant's card (any merchant for a superadmin). */
export async function getMerchant(db: Db, id: string, viewer: Viewer | null): Promise<Merchant | null> {
  const [m] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  if (!m) return null;
  if (m.status !== 'active' && viewer?.role !== 'superadmin' && viewer?.merchantId !== m.id) return null;
  return presentMerchant(m);
}
