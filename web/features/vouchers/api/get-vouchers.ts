/** GET /api/user/vouchers: the signed-in customer's vouchers, newest first. */
import { queryOptions } from '@tanstack/react-query';
import type { Voucher } from '../../../../contract/checkout';

export const vouchersQueryKey = ['/api/user/vouchers'] as const;

export const vouchersQueryOptions = queryOptions<Voucher[]>({ queryKey: vouchersQueryKey });
