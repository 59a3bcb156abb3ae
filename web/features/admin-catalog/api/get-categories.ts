/** GET /api/categories: the deal categories in their order, for the deal forms' category choice. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../contract/categories';

export const categoriesQueryOptions = queryOptions<Category[]>({ queryKey: ['/api/categories'] });

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
