// GET /admin/economy: the Economy page's figures, the same report as `npm run admin -- economy`.
import type { AdminEconomy } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

export function useAdminEconomy() {
  return useQuery({
    queryKey: [...adminKey, 'economy'],
    queryFn: () => api.get<AdminEconomy>('/admin/economy'),
    refetchInterval: 60_000,
  });
}
