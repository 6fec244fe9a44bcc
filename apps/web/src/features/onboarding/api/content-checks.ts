// The server's field checks used by the wizard (accounts §7): content checks for the
// username, favourite answers and bio, and the username availability check.
import type {
  BioValidationResponse,
  CheckUsernameResponse,
  FavoriteCategory,
  FavoriteThingValidationResponse,
  UsernameValidationResponse,
} from '@bidboard/shared';
import { api } from '@/lib/api-client';

export function usernameContentCheck(username: string) {
  return api.post<UsernameValidationResponse>('/auth/username-validation', { username });
}

export function favoriteThingContentCheck(category: FavoriteCategory, answer: string) {
  return api.post<FavoriteThingValidationResponse>('/auth/favorite-thing-validation', {
    favorite_thing: category,
    answer,
  });
}

export function bioContentCheck(bio: string) {
  return api.post<BioValidationResponse>('/auth/bio-validation', { bio });
}

export async function isUsernameAvailable(username: string): Promise<boolean> {
  const response = await api.post<CheckUsernameResponse>('/auth/check-username', { username });
  return response.available;
}
