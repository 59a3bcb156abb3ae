/** GET /api/categories: the deal categories in their order, for the deal forms' category choice. */
import { useQuery } from '@tanstack/react-query';
import { categoryEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const categoriesQueryOptions = endpointQuery(categoryEndpoints.list, {});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
