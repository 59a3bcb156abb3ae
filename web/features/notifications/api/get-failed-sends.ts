/** GET /api/admin/notifications/failed?cursor=: the sends that failed after every retry, newest first (superadmins). */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { notificationEndpoints } from '../../../../contract/addresses';
import type { AnswerOf } from '../../../../contract/endpoint';
import { api, keyRootOf } from '../../../lib/api-client';

export type FailedSendPage = AnswerOf<typeof notificationEndpoints.failed>;

/** The list's key, to read it again after a send was retried. */
export const failedSendsQueryKey = keyRootOf(notificationEndpoints.failed);

export function fetchFailedSends(cursor: string | null, signal?: AbortSignal): Promise<FailedSendPage> {
  return api(notificationEndpoints.failed, { query: cursor ? { cursor } : {} }, { signal });
}

export const failedSendsQueryOptions = infiniteQueryOptions({
  queryKey: failedSendsQueryKey,
  queryFn: ({ pageParam, signal }) => fetchFailedSends(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
  // Another superadmin may have sent one again meanwhile.
  staleTime: 0,
});
