/** GET /api/merchant/statements/{id}: one statement with its lines (another merchant's answers 404, as if missing). */
import { queryOptions } from '@tanstack/react-query';
import type { StatementWithLines } from '../../../../contract/workspace';
import { merchantStatementsQueryKey } from './get-merchant-statements';

export function merchantStatementQueryOptions(id: string) {
  return queryOptions<StatementWithLines>({ queryKey: [...merchantStatementsQueryKey, id] });
}
