/** POST /api/deals/{id}/reviews: a customer who owns a voucher for the deal rates it once (ADR 011). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dealEndpoints, voucherEndpoints } from '../../../../contract/addresses';
import { queryKeyOf } from '../../../../contract/endpoint';
import { api } from '../../../lib/api-client';
import { vouchersQueryKey } from './get-vouchers';

export interface ReviewInput {
  dealId: string;
  rating: number;
  comment: string;
}

export function postReview({ dealId, rating, comment }: ReviewInput): Promise<{ message: string }> {
  return api(voucherEndpoints.review, { params: { id: dealId }, body: { rating, comment } });
}

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: (_answer, { dealId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vouchersQueryKey }),
        // The deal page's reviews block and figures.
        queryClient.invalidateQueries({ queryKey: queryKeyOf(dealEndpoints.get, { params: { id: dealId } }) }),
      ]),
  });
}
