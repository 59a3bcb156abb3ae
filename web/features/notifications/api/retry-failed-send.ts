/**
 * POST /api/admin/notifications/failed/{id}/retry: a failed send goes back to the outbox and is tried at once. The
 * list is read again afterwards (a refusal too may mean another superadmin acted first).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '../../../../contract/addresses';
import { api } from '../../../lib/api-client';
import { failedSendsQueryKey } from './get-failed-sends';

export function retryFailedSend(id: string) {
  return api(notificationEndpoints.retryFailed, { params: { id } });
}

export function useRetryFailedSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedSend,
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedSendsQueryKey }),
  });
}
