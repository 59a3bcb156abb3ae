/** GET /api/merchant/deals/{id}: one of the owner's deals (another merchant's answers 404, as if missing). */
import { queryOptions } from '@tanstack/react-query';
import type { MerchantDeal } from '../../../../contract/workspace';
import { merchantDealsQueryKey } from './get-merchant-deals';

export function merchantDealQueryOptions(id: string) {
  return queryOptions<MerchantDeal>({ queryKey: [...merchantDealsQueryKey, id] });
}
