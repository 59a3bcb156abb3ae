/**
 * POST /api/notifications/read {ids?}: the notifications named, or with none named every one of the account, marked
 * read. The bell's count takes the answer's; the list keeps its pages, with the ones marked now read.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey, type NotificationPages } from './get-notifications';
import { unreadQueryKey } from './get-unread';

/** `ids`: the ones to mark; null marks them all. */
export function markRead(ids: string[] | null): Promise<{ unread: number }> {
  return api(notificationEndpoints.read, { body: ids ? { ids } : {} });
}

export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (answer, ids) => {
      queryClient.setQueryData(unreadQueryKey(userId), answer);
      const marked = ids === null ? null : new Set(ids);
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationPages>(notificationsQueryKey(userId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                unread: answer.unread,
                items: page.items.map((item) => (item.readAt === null && (marked === null || marked.has(item.id)) ? { ...item, readAt } : item)),
              })),
            }
          : data,
      );
    },
  });
}
