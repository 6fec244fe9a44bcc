// POST /redeem-tokens: both balances become the returned values (marketplace §7, §8).
import type { RedeemTokensBody, RedeemTokensResponse } from '@bidboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/features/auth';
import { api } from '@/lib/api-client';

export function useRedeemTokens() {
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RedeemTokensBody) => api.post<RedeemTokensResponse>('/redeem-tokens', body),
    onSuccess: (result) => {
      updateUser((user) => ({
        ...user,
        tokenBalance: result.newBalance,
        redeemableTokens: result.newRedeemableBalance,
      }));
      void queryClient.invalidateQueries({ queryKey: ['tokens', 'transactions'] });
      // The year's payouts now hold this one (payouts feature, year-to-date).
      void queryClient.invalidateQueries({ queryKey: ['payouts'] });
    },
  });
}
