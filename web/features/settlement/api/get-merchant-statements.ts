/** GET /api/merchant/statements: the owner's weekly statements, newest first. */
import { queryOptions } from '@tanstack/react-query';
import type { Statement } from '../../../../contract/workspace';

export const merchantStatementsQueryKey = ['/api/merchant/statements'] as const;

export const merchantStatementsQueryOptions = queryOptions<Statement[]>({ queryKey: merchantStatementsQueryKey });
