// Period operations: live auctions (GET /admin/auctions), close now
// (POST /admin/periods/close-now), remove an auction (DELETE /admin/auctions/{id}).
import type { AdminAuctionsResponse } from '@bidboard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

export function useLiveAuctions(q: string) {
  const params = new URLSearchParams({ limit: '50' });
  if (q.trim()) params.set('q', q.trim());
  return useQuery({
    queryKey: [...adminKey, 'auctions', q.trim()],
    queryFn: () => api.get<AdminAuctionsResponse>(`/admin/auctions?${params}`),
    placeholderData: keepPreviousData,
  });
}

export const closePeriodNow = () =>
  api.post<{ closed: { periodId: number; connections: number } | null }>(
    '/admin/periods/close-now',
  );

export const removeAuction = (id: number) =>
  api.delete<{ refundedBidderId: number | null }>(`/admin/auctions/${id}`);
