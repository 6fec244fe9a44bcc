// POST /auctions: one page of the Bid Board (page size 5, optional pinned member first,
// optional dating-preference filter). The server answers an array or { auctions }.
import type { AuctionCard, ListAuctionsBody } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export type ListAuctionsInput = Partial<ListAuctionsBody>;

export async function listAuctions(input: ListAuctionsInput): Promise<AuctionCard[]> {
  const body = await api.post<AuctionCard[] | { auctions: AuctionCard[] }>('/auctions', input);
  return Array.isArray(body) ? body : body.auctions;
}
