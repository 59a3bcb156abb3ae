/** GET /api/admin/statements/{id}: one statement with its lines, read when a superadmin opens it. */
import { queryOptions } from '@tanstack/react-query';
import type { StatementWithLines } from '../../../../contract/workspace';
import { adminStatementsQueryRoot } from './get-admin-statements';

export function adminStatementQueryOptions(id: string) {
  return queryOptions<StatementWithLines>({ queryKey: [...adminStatementsQueryRoot, id] });
}
