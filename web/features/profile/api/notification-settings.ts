/**
 * GET /api/notifications/settings and PUT /api/notifications/settings {sms?, email?}: what the account also receives
 * by SMS and by email, per topic.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationChannel, NotificationTopic } from '../../../../contract/constants';
import { notificationEndpoints } from '../../../../contract/addresses';
import { queryKeyOf } from '../../../../contract/endpoint';
import type { NotificationSettings } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';

/**
 * Keyed by the account and its verified email: a newly verified email (in the form above the grid) reads the settings
 * again, which then name it and open its column.
 */
export function notificationSettingsQueryKey(userId: string, email: string | null) {
  return [...queryKeyOf(notificationEndpoints.settings), userId, email ?? ''] as const;
}

export function notificationSettingsQueryOptions(userId: string, email: string | null) {
  return queryOptions({
    queryKey: notificationSettingsQueryKey(userId, email),
    queryFn: ({ signal }) => api(notificationEndpoints.settings, {}, { signal }),
    staleTime: 0,
  });
}

export function useNotificationSettings(userId: string, email: string | null) {
  return useQuery(notificationSettingsQueryOptions(userId, email));
}

export interface SwitchChange {
  channel: NotificationChannel;
  topic: NotificationTopic;
  on: boolean;
}

export function updateNotificationSetting({ channel, topic, on }: SwitchChange): Promise<NotificationSettings> {
  return api(notificationEndpoints.updateSettings, { body: { [channel]: { [topic]: on } } });
}

export function useUpdateNotificationSetting(userId: string, email: string | null) {
  const queryClient = useQueryClient();
  const key = notificationSettingsQueryKey(userId, email);
  return useMutation({
    mutationFn: updateNotificationSetting,
    onSuccess: (answer, { channel, topic }) => {
      // The answer is the whole of the settings as they now stand, but another switch may still be on its way: only
      // this switch, and the addresses, are taken from it.
      queryClient.setQueryData<NotificationSettings>(key, (now) =>
        now ? { ...now, phone: answer.phone, verifiedEmail: answer.verifiedEmail, topics: answer.topics, [channel]: { ...now[channel], [topic]: answer[channel][topic] } } : answer,
      );
    },
  });
}
