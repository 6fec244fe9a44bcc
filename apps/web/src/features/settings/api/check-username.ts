// POST /auth/check-username: whether another member already holds the name.
import type { CheckUsernameResponse } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export function checkUsername(username: string): Promise<CheckUsernameResponse> {
  return api.post<CheckUsernameResponse>('/auth/check-username', { username });
}
