// Token bundles as the console edits them: GET /admin/bundles, PUT /admin/bundles/{id}
// (refused, naming the bundle, when a price breaks the bundle floor).
import type { AdminBundle, AdminBundleUpdateBody } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

export function useAdminBundles() {
  return useQuery({
    queryKey: [...adminKey, 'bundles'],
    queryFn: () => api.get<{ bundles: AdminBundle[] }>('/admin/bundles'),
  });
}

export const saveBundle = ({ id, ...change }: AdminBundleUpdateBody & { id: number }) =>
  api.put<{ bundle: AdminBundle }>(`/admin/bundles/${id}`, change);
