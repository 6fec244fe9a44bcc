// GET /admin/overview: the console's first screen.
import type { AdminOverview } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

export function useAdminOverview() {
  return useQuery({
    queryKey: [...adminKey, 'overview'],
    queryFn: () => api.get<AdminOverview>('/admin/overview'),
    refetchInterval: 30_000,
  });
}
