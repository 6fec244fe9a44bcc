// GET /auctions/user/has-live-auction: whether the member's auction is on the Bid Board now.
import type { hasLiveAuctionResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export async function hasLiveAuction(): Promise<boolean> {
  const body = await api.get<z.infer<typeof hasLiveAuctionResponse>>(
    '/auctions/user/has-live-auction',
  );
  return body.hasLiveAuction;
}

/**
 * Keyed by the member's bid-board switch: switching it on opens their auction at once,
 * so the answer is asked again after every change.
 */
export function useHasLiveAuction(availableForBids: boolean) {
  return useQuery({
    queryKey: ['auctions', 'user', 'has-live-auction', availableForBids],
    queryFn: hasLiveAuction,
  });
}
