// Profile details for a known set of auctions (search results) as a cached query.
import { useQuery } from '@tanstack/react-query';
import { type AuctionProfile, getAuctionProfiles } from './get-auction-profiles';

export function useAuctionProfiles(auctionIds: number[]) {
  return useQuery({
    queryKey: ['auctions', 'profiles', auctionIds],
    queryFn: () => getAuctionProfiles(auctionIds),
    enabled: auctionIds.length > 0,
    select: (profiles: AuctionProfile[]) =>
      Object.fromEntries(profiles.map((p) => [p.auctionId, p])) as Record<number, AuctionProfile>,
  });
}
