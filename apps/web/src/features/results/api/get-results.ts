// GET /auctions/results: the member's result of every closed auction they bid on.
import type { AuctionResult, auctionResultsResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export const resultsKey = ['auction-results'] as const;

export async function getResults(): Promise<AuctionResult[]> {
  return (await api.get<z.infer<typeof auctionResultsResponse>>('/auctions/results')).results;
}

export function useResults() {
  return useQuery({ queryKey: resultsKey, queryFn: getResults });
}
