/** GET /api/admin/ledger?cursor=: the money ledger, newest first, with the totals of the whole ledger on every page. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { LedgerPage } from '../../../../contract/orders';
import { adminOrderEndpoints } from '../../../../contract/addresses';
import { api, keyRootOf } from '../../../lib/api-client';

/** The ledger's key, to read it again after money moved. */
export const ledgerQueryKey = keyRootOf(adminOrderEndpoints.ledger);

export function fetchLedgerPage(cursor: string | null, signal?: AbortSignal): Promise<LedgerPage> {
  return api(adminOrderEndpoints.ledger, { query: cursor ? { cursor } : {} }, { signal });
}

export const ledgerQueryOptions = infiniteQueryOptions({
  queryKey: ledgerQueryKey,
  queryFn: ({ pageParam, signal }) => fetchLedgerPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
  staleTime: 0,
});
