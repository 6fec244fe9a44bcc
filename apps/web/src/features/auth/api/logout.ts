// POST /api/auth/logout: ends the server session. Failure never blocks signing out locally.
import { MESSAGES } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export async function logoutRequest(): Promise<void> {
  try {
    await api.post('/auth/logout');
  } catch (error) {
    console.warn(MESSAGES.logoutFailed, error);
  }
}
