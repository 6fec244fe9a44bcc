// The cash redemption multiplier in effect (a business setting an admin may change), for
// copy that names it. Null until the server has answered.
import type { tokenRedemptionMultiplierResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client';

export function useRedemptionMultiplier(): number | null {
  const { data } = useQuery({
    queryKey: ['config', 'token-redemption-multiplier'],
    queryFn: () =>
      api.get<z.infer<typeof tokenRedemptionMultiplierResponse>>(
        '/config/token-redemption-multiplier',
      ),
    staleTime: 5 * 60_000,
  });
  return data?.token_redemption_multiplier ?? null;
}
