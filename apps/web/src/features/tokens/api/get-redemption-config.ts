// GET /config/token-redemption-multiplier and /config/payout-fee: what a redeemed token is
// worth right now (marketplace §5 Redemption: multiplier default 1).
import type { payoutFeeResponse, tokenRedemptionMultiplierResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export interface RedemptionConfig {
  multiplier: number;
  feeCents: number;
}

export async function getRedemptionConfig(): Promise<RedemptionConfig> {
  const [multiplier, fee] = await Promise.all([
    api
      .get<z.infer<typeof tokenRedemptionMultiplierResponse>>('/config/token-redemption-multiplier')
      .then((b) => Number(b.token_redemption_multiplier))
      .catch(() => 1),
    api
      .get<z.infer<typeof payoutFeeResponse>>('/config/payout-fee')
      .then((b) => Number(b.payout_fee_cents))
      .catch(() => 0),
  ]);
  return {
    multiplier: Number.isFinite(multiplier) && multiplier > 0 ? multiplier : 1,
    feeCents: Number.isFinite(fee) && fee >= 0 ? fee : 0,
  };
}

export function useRedemptionConfig(enabled: boolean) {
  return useQuery({
    queryKey: ['tokens', 'redemption-config'],
    queryFn: getRedemptionConfig,
    enabled,
    staleTime: 60_000,
  });
}
