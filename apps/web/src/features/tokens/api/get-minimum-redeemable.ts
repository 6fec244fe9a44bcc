// GET /config/minimum-redeemable-threshold; 500 when missing or failing (§5 Redemption).
import { DEFAULT_MINIMUM_REDEEMABLE } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getMinimumRedeemable(): Promise<number> {
  try {
    const body = await api.get<{ minimum_redeemable_threshold?: number }>(
      '/config/minimum-redeemable-threshold',
    );
    const value = Number(body?.minimum_redeemable_threshold);
    return Number.isFinite(value) && value > 0 ? value : DEFAULT_MINIMUM_REDEEMABLE;
  } catch {
    return DEFAULT_MINIMUM_REDEEMABLE;
  }
}

export function useMinimumRedeemable(enabled: boolean) {
  return useQuery({
    queryKey: ['tokens', 'minimum-redeemable'],
    queryFn: getMinimumRedeemable,
    enabled,
    staleTime: 10 * 60 * 1000,
  });
}
