/** Which cached reads a catalogue change makes stale: the admin lists and every shopper view of deals and merchants. */
import type { QueryClient } from '@tanstack/react-query';

export const adminMerchantsQueryKey = ['/api/admin/merchants'] as const;
export const adminDealsQueryRoot = ['/api/admin/deals'] as const;

const CATALOG_READS = [adminMerchantsQueryKey, adminDealsQueryRoot, ['/api/deals'], ['/api/merchants'], ['/api/favorites']] as const;

/** Marks every catalogue read stale; the ones on screen refetch, and the promise settles when they have. */
export function invalidateCatalog(queryClient: QueryClient): Promise<void> {
  return Promise.all(CATALOG_READS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
