/**
 * GET /api/notifications/unread: the number on the bell. Read while the page is visible every UNREAD_POLL_MS, and
 * again when the window regains focus after a while away; never in a hidden tab.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationEndpoints } from '../../../../contract/addresses';
import { queryKeyOf } from '../../../../contract/endpoint';
import { api } from '../../../lib/api-client';

/** How often the bell asks for its count while the page is visible. */
export const UNREAD_POLL_MS = 30_000;
/** A count younger than this is not read again when the window regains focus. */
const UNREAD_FRESH_MS = 10_000;

/** Keyed by the account, so one never shows the count of the account signed in before it. */
export function unreadQueryKey(userId: string) {
  return [...queryKeyOf(notificationEndpoints.unread), userId] as const;
}

export function unreadQueryOptions(userId: string) {
  return queryOptions({
    queryKey: unreadQueryKey(userId),
    queryFn: ({ signal }) => api(notificationEndpoints.unread, {}, { signal }),
    staleTime: UNREAD_FRESH_MS,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/** The unread count of the signed-in account: 0 until known, and while it cannot be read. */
export function useUnreadCount(userId: string): number {
  const { data } = useQuery(unreadQueryOptions(userId));
  const unread = data?.unread;
  return typeof unread === 'number' && unread > 0 ? unread : 0;
}
