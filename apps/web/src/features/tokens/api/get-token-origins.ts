// GET /tokens/origins: the balance by origin and what was earned from winning bidders,
// with how much of it is redeemable for cash (product rules, The token economy).
import type { TokenOriginsResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getTokenOrigins = () => api.get<TokenOriginsResponse>('/tokens/origins');

export function useTokenOrigins(enabled: boolean) {
  return useQuery({ queryKey: ['tokens', 'origins'], queryFn: getTokenOrigins, enabled });
}
