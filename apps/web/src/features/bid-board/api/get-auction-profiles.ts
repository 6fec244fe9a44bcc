// POST /auctions/auction_profile_data: bio, birth date and favourite things for the cards.
import type { auctionProfileDataResponse, auctionProfileSchema } from '@bidboard/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type AuctionProfile = z.infer<typeof auctionProfileSchema>;

export async function getAuctionProfiles(auctionIds: number[]): Promise<AuctionProfile[]> {
  if (auctionIds.length === 0) return [];
  const body = await api.post<z.infer<typeof auctionProfileDataResponse>>(
    '/auctions/auction_profile_data',
    { auctionIds },
  );
  return body.auctionProfileData;
}
