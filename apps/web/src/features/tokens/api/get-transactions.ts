// GET /transactions?limit&offset: the token ledger, 10 rows a page in the UI (§9).
import type { TokenTransaction } from '@bidboard/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const TRANSACTIONS_UI_PAGE = 10;

export async function getTransactions(offset: number): Promise<TokenTransaction[]> {
  const body = await api.get<{ transactions: TokenTransaction[] } | TokenTransaction[]>(
    `/transactions?limit=${TRANSACTIONS_UI_PAGE}&offset=${offset}`,
  );
  return Array.isArray(body) ? body : body.transactions;
}

export function useTransactions(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['tokens', 'transactions'],
    queryFn: ({ pageParam }) => getTransactions(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < TRANSACTIONS_UI_PAGE ? undefined : pages.length * TRANSACTIONS_UI_PAGE,
    enabled,
    staleTime: 0,
  });
}
