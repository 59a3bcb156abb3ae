/** GET /api/merchant/staff: the owner's staff accounts. */
import { queryOptions } from '@tanstack/react-query';
import type { StaffMember } from '../../../../contract/workspace';

export const staffQueryKey = ['/api/merchant/staff'] as const;

export const staffQueryOptions = queryOptions<StaffMember[]>({ queryKey: staffQueryKey });
