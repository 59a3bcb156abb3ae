/** GET /api/notifications?cursor=: the bell's list, newest first, a page at a time. */
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { notificationEndpoints } from '../../../../contract/addresses';
import type { NotificationPage } from '../../../../contract/notifications';
import { api, keyRootOf } from '../../../lib/api-client';

/** Keyed by the account, as the count is. */
export function notificationsQueryKey(userId: string) {
  return [...keyRootOf(notificationEndpoints.list), userId] as const;
}

export function fetchNotificationPage(cursor: string | null, signal?: AbortSignal): Promise<NotificationPage> {
  return api(notificationEndpoints.list, { query: cursor ? { cursor } : {} }, { signal });
}

export function notificationsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: notificationsQueryKey(userId),
    queryFn: ({ pageParam, signal }) => fetchNotificationPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Read afresh each time the list is opened: new ones may have come since.
    staleTime: 0,
  });
}

export type NotificationPages = InfiniteData<NotificationPage, string | null>;
