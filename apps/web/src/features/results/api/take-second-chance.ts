// POST /auctions/{id}/second-chance: the runner-up takes the connection at their own
// highest bid; the tokens are escrowed at once, so the member's balance changes too.
import type { takeSecondChanceResponse } from '@bidboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAuth } from '@/features/auth';
import { api } from '@/lib/api-client';
import { resultsKey } from './get-results';

export function useTakeSecondChance(auctionId: number) {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: () =>
      api.post<z.infer<typeof takeSecondChanceResponse>>(`/auctions/${auctionId}/second-chance`),
    onSuccess: async ({ tokenBalance }) => {
      updateUser((user) => ({ ...user, tokenBalance }));
      await queryClient.invalidateQueries({ queryKey: resultsKey });
    },
  });
}
