/** GET /api/admin/ledger?cursor=: the money ledger, newest first, with the totals of the whole ledger on every page. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { LedgerPage } from '../../../../contract/orders';
import { apiJson } from '../../../lib/api-client';

export const LEDGER_PATH = '/api/admin/ledger';
export const ledgerQueryKey = [LEDGER_PATH] as const;

export function fetchLedgerPage(cursor: string | null, signal?: AbortSignal): Promise<LedgerPage> {
  const url = cursor ? `${LEDGER_PATH}?${new URLSearchParams({ cursor }).toString()}` : LEDGER_PATH;
  return apiJson<LedgerPage>('GET', url, undefined, signal);
}

export const ledgerQueryOptions = infiniteQueryOptions({
  queryKey: ledgerQueryKey,
  queryFn: ({ pageParam, signal }) => fetchLedgerPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
  staleTime: 0,
});
