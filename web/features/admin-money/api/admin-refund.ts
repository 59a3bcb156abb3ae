/**
 * POST /api/admin/vouchers/{id}/refund {reason}: customer service gives a voucher's money back; a redeemed voucher
 * only with a reason, as a goodwill refund. The orders found and the ledger are read again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderEndpoints } from '../../../../contract/addresses';
import type { RefundAnswer } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { ledgerQueryKey } from './get-ledger';
import { adminOrdersQueryKey } from './search-orders';

export interface AdminRefundInput {
  voucherId: string;
  reason: string;
}

export function adminRefund({ voucherId, reason }: AdminRefundInput): Promise<RefundAnswer> {
  return api(orderEndpoints.adminRefund, { params: { id: voucherId }, body: { reason } });
}

export function useAdminRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminRefund,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ledgerQueryKey });
    },
  });
}
