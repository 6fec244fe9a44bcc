// POST /auth/update-profile: saves the changed fields and returns the member as saved.
import type { UpdateProfileBody, UpdateProfileResponse } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export function updateProfile(changes: UpdateProfileBody): Promise<UpdateProfileResponse> {
  return api.post<UpdateProfileResponse>('/auth/update-profile', changes);
}
