// GET /items: the token bundles on sale (marketplace §3 Token bundle item).
import type { itemsResponse, TokenBundle } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export async function getItems(): Promise<TokenBundle[]> {
  const body = await api.get<z.infer<typeof itemsResponse>>('/items');
  return body.items.filter((item) => item.is_active);
}

export function useItems(enabled: boolean) {
  return useQuery({ queryKey: ['tokens', 'items'], queryFn: getItems, enabled, staleTime: 60_000 });
}
