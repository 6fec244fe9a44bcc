// POST /auctions/{id}/bids: the HTTP path for a bid, used when the realtime socket is down.
import type { auctionResponse } from '@bidboard/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export async function placeBidOverHttp(auctionId: number, amount: number, maximum = false) {
  return api.post<z.infer<typeof auctionResponse>>(`/auctions/${auctionId}/bids`, {
    amount,
    maximum,
  });
}
