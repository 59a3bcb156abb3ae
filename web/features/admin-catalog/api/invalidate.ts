/** Which cached reads a catalogue change makes stale: the admin lists and every shopper view of deals and merchants. */
import type { QueryClient } from '@tanstack/react-query';
import { adminDealEndpoints, adminMerchantEndpoints } from '../../../../contract/addresses';
import { dealEndpoints } from '../../../../contract/addresses';
import { favoriteEndpoints } from '../../../../contract/addresses';
import { merchantEndpoints } from '../../../../contract/addresses';
import { keyRootOf } from '../../../lib/api-client';

export const adminDealsQueryRoot = keyRootOf(adminDealEndpoints.list);

const CATALOG_READS = [
  keyRootOf(adminMerchantEndpoints.list),
  adminDealsQueryRoot,
  keyRootOf(dealEndpoints.list),
  keyRootOf(merchantEndpoints.list),
  keyRootOf(favoriteEndpoints.list),
];

/** Marks every catalogue read stale; the ones on screen refetch, and the promise settles when they have. */
export function invalidateCatalog(queryClient: QueryClient): Promise<void> {
  return Promise.all(CATALOG_READS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
