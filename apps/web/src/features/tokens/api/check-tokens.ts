// GET /checkTokens: whether today's daily claim is done. A failure is only logged and counts
// as claimed (marketplace §8), so the menu then offers BUY/REDEEM.
import type { checkTokensResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export const dailyClaimKey = ['tokens', 'daily-claim'] as const;

export async function checkDailyClaim(): Promise<boolean> {
  try {
    const body = await api.get<z.infer<typeof checkTokensResponse>>('/checkTokens');
    return body.claimed;
  } catch (error) {
    console.warn('Daily claim status unavailable', error);
    return true;
  }
}

export function useDailyClaimed(enabled: boolean) {
  return useQuery({ queryKey: dailyClaimKey, queryFn: checkDailyClaim, enabled });
}
