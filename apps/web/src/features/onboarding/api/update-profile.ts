// POST /api/auth/update-profile: saves one wizard step. The server decides the next
// `onboarded` value; the returned member replaces the cached one.
import type { UpdateProfileBody, UpdateProfileResponse, User } from '@bidboard/shared';
import { ApiError, api } from '@/lib/api-client';

export async function updateProfile(body: UpdateProfileBody): Promise<User> {
  try {
    const response = await api.post<UpdateProfileResponse>('/auth/update-profile', body);
    return response.user;
  } catch (error) {
    if (error instanceof ApiError && error.message) throw error;
    // No words of its own: the step shows its 'Failed to update profile' in the member's language.
    throw new ApiError('', error instanceof ApiError ? error.status : 0);
  }
}
