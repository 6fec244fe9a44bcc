// GET /api/auth/me: the signed-in member behind the stored token.
import { MESSAGES, type meResponse, type User } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '@/lib/api-client';

export const meQueryKey = (token: string | null) => ['auth', 'me', token] as const;

export async function getMe(): Promise<User> {
  try {
    const body = await api.get<z.infer<typeof meResponse>>('/auth/me');
    if (!body?.user) throw new ApiError(MESSAGES.notAuthenticated, 401);
    return body.user;
  } catch (error) {
    if (error instanceof ApiError && error.message) throw error;
    throw new ApiError(MESSAGES.notAuthenticated, error instanceof ApiError ? error.status : 0);
  }
}

export function useMeQuery(token: string | null) {
  return useQuery({
    queryKey: meQueryKey(token),
    queryFn: getMe,
    enabled: token !== null,
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}
