/**
 * The superadmins' categories (docs/product/api.md#categories): GET /api/admin/categories, both names of each as
 * written; POST, PATCH and DELETE change them. A change makes stale every read that shows a category's name: the
 * categories' lists (the shoppers' and the deal forms') and the deals that carry it.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminCategory, CreateCategoryBody, UpdateCategoryBody } from '../../../../contract/categories';
import { adminCategoryEndpoints, categoryEndpoints } from '../../../../contract/addresses';
import { api, endpointQuery, keyRootOf } from '../../../lib/api-client';
import { invalidateCatalog } from './invalidate';

export const adminCategoriesQueryOptions = endpointQuery(adminCategoryEndpoints.list, {});

export function useAdminCategories(enabled: boolean) {
  return useQuery({ ...adminCategoriesQueryOptions, enabled });
}

function invalidateCategories(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keyRootOf(adminCategoryEndpoints.list) }),
    queryClient.invalidateQueries({ queryKey: keyRootOf(categoryEndpoints.list) }),
    invalidateCatalog(queryClient),
  ]).then(() => undefined);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCategoryBody): Promise<AdminCategory> => api(adminCategoryEndpoints.create, { body }),
    onSuccess: () => invalidateCategories(queryClient),
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCategoryBody }): Promise<AdminCategory> => api(adminCategoryEndpoints.update, { params: { id }, body }),
    onSuccess: () => invalidateCategories(queryClient),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(adminCategoryEndpoints.delete, { params: { id } }),
    onSuccess: () => invalidateCategories(queryClient),
  });
}
