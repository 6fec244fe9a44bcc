// The member's own photos (GET /userProfileImages) with their review state, cached for
// the life of the signed URLs (1 h - 5 min), and the query hook the slots use.
import type { UserProfileImage, UserProfileImagesResponse } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { imageUrlCache } from '../lib/url-cache';

export const OWN_IMAGES_KEY = ['media', 'own-images'] as const;
const CACHE_KEY = 'own-images:thumbnail';

export async function getOwnProfileImages(): Promise<UserProfileImage[]> {
  const cached = imageUrlCache.get(CACHE_KEY) as UserProfileImage[] | undefined;
  if (cached) return cached;
  const response = await api.get<UserProfileImagesResponse>('/userProfileImages?size=thumbnail');
  imageUrlCache.set(CACHE_KEY, response.data);
  return response.data;
}

/** After an upload, delete or reorder the cached URLs no longer describe the slots. */
export function forgetOwnProfileImages(): void {
  imageUrlCache.delete(CACHE_KEY);
}

export function useOwnProfileImages() {
  return useQuery({ queryKey: OWN_IMAGES_KEY, queryFn: getOwnProfileImages, staleTime: 60_000 });
}
