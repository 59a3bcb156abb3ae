/** GET /api/admin/statements?merchantId=&unpaid=: every merchant's statements, newest week first, optionally one merchant's or those awaiting a payout. */
import { queryOptions } from '@tanstack/react-query';
import type { Statement } from '../../../../contract/workspace';
import { apiJson } from '../../../lib/api-client';

export const adminStatementsQueryRoot = ['/api/admin/statements'] as const;

export interface StatementFilter {
  /** '' for every merchant. */
  merchantId: string;
  unpaid: boolean;
}

export function fetchAdminStatements(filter: StatementFilter, signal?: AbortSignal): Promise<Statement[]> {
  const params = new URLSearchParams();
  if (filter.merchantId) params.set('merchantId', filter.merchantId);
  if (filter.unpaid) params.set('unpaid', 'true');
  const query = params.toString();
  return apiJson<Statement[]>('GET', `/api/admin/statements${query ? `?${query}` : ''}`, undefined, signal);
}

export function adminStatementsQueryOptions(filter: StatementFilter) {
  return queryOptions({
    queryKey: [...adminStatementsQueryRoot, 'list', filter] as const,
    queryFn: ({ signal }) => fetchAdminStatements(filter, signal),
  });
}
