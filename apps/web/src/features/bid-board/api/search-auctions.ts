// POST /auctions/search: auctions whose member's username matches (3+ characters).
import type { AuctionCard } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function searchAuctions(searchString: string): Promise<AuctionCard[]> {
  const body = await api.post<{ auctions: AuctionCard[] }>('/auctions/search', { searchString });
  return body.auctions;
}

export function useSearchAuctions(searchString: string | null) {
  return useQuery({
    queryKey: ['auctions', 'search', searchString],
    queryFn: () => searchAuctions(searchString ?? ''),
    enabled: searchString !== null,
  });
}
