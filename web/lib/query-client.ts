/** The one QueryClient, with the data-reading behaviour of docs/product/screens.md#reading-data. */
import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS, QUERY_STALE_MS } from '../../contract/constants';
import { getQueryFn, isApiError } from './api-client';

/** Reads are retried once; a 4xx answer (other than timeout or rate limit) would only repeat itself, so it is not retried. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.status === 408 || error.status === 429;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        retry: shouldRetryRead,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: {
        retry: 0,
      },
    },
  });
}

export const queryClient = createQueryClient();
