// POST /claimTokens: the daily claim; the balance becomes the returned value (§4 Daily token).
// Failures are only logged (§8).
import type { claimTokensResponse } from '@bidboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAuth } from '@/features/auth';
import { api } from '@/lib/api-client';
import { dailyClaimKey } from './check-tokens';

export function claimTokens() {
  return api.post<z.infer<typeof claimTokensResponse>>('/claimTokens');
}

export function useClaimTokens() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: claimTokens,
    onSuccess: (result) => {
      updateUser((user) => ({ ...user, tokenBalance: result.tokenBalance }));
      queryClient.setQueryData(dailyClaimKey, true);
    },
    onError: (error) => {
      console.warn('Failed to claim tokens', error);
      void queryClient.invalidateQueries({ queryKey: dailyClaimKey });
    },
  });
}
