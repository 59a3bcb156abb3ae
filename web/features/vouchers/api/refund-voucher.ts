/**
 * POST /api/vouchers/{id}/refund: the owner gives back an unused voucher of a deal sold with "Refund anytime"
 * (docs/product/rules.md#refunds-and-the-voucher-s-life). The answer's voucher replaces the one on screen.
 */
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { orderEndpoints } from '../../../../contract/addresses';
import type { RefundAnswer } from '../../../../contract/orders';
import { api, keyRootOf } from '../../../lib/api-client';
import { invalidateAllowances } from '../../deals';
import { vouchersQueryKey, type VoucherPage } from './get-vouchers';

export function refundVoucher(voucherId: string): Promise<RefundAnswer> {
  return api(orderEndpoints.refund, { params: { id: voucherId } });
}

export function useRefundVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundVoucher,
    onSuccess: (answer) => {
      // Shown at once, in place, then read again from the server.
      queryClient.setQueryData<InfiniteData<VoucherPage, string | null>>(vouchersQueryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                vouchers: page.vouchers.map((v) => (v.id === answer.voucher.id ? { ...answer.voucher, refund: answer.voucher.refund ?? answer.refund } : v)),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: vouchersQueryKey });
      // The customer's order history shows refunds too.
      void queryClient.invalidateQueries({ queryKey: keyRootOf(orderEndpoints.list) });
      // The refunded unit no longer counts against the customer's limit of its deal.
      void invalidateAllowances(queryClient);
    },
  });
}
