/** GET /api/categories: the categories in their order, each with the number of deals shoppers can see in it. */
import { queryOptions } from '@tanstack/react-query';
import type { Category } from '../../../../contract/categories';

export const categoriesQueryOptions = queryOptions<Category[]>({ queryKey: ['/api/categories'], staleTime: 60_000 });
