/** GET /api/admin/statements?merchantId=&unpaid=: every merchant's statements, newest week first, optionally one merchant's or those awaiting a payout. */
import { queryOptions } from '@tanstack/react-query';
import type { Statement } from '../../../../contract/workspace';
import { statementEndpoints } from '../../../../contract/addresses';
import { api, keyRootOf } from '../../../lib/api-client';

export interface StatementFilter {
  /** '' for every merchant. */
  merchantId: string;
  unpaid: boolean;
}

export function fetchAdminStatements(filter: StatementFilter, signal?: AbortSignal): Promise<Statement[]> {
  const query = {
    ...(filter.merchantId ? { merchantId: filter.merchantId } : {}),
    ...(filter.unpaid ? { unpaid: 'true' as const } : {}),
  };
  return api(statementEndpoints.adminList, { query }, { signal });
}

export function adminStatementsQueryOptions(filter: StatementFilter) {
  return queryOptions({
    queryKey: [...keyRootOf(statementEndpoints.adminList), 'list', filter] as const,
    queryFn: ({ signal }) => fetchAdminStatements(filter, signal),
  });
}
