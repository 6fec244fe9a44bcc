// Members' photo URLs for API responses: profile_picture_1..3 are signed URLs of the
// active images in display_order slots 1..3. Other members only ever see photos shown to
// others (approved and screened, issue 23); the owner also sees photos still in review.
// Rejected photos are never served.
import type { Storage } from '../../adapters/storage/storage.port';
import type { Executor } from '../../db/client';
import type { ProfilePictures } from '../users/user.presenter';
import { activePictureRows } from './profile-pictures.repository';

export type PictureSize = 'thumbnail' | 'original';

export interface ProfilePicturesOptions {
  /** True only when the viewer is the member themself. */
  includePending?: boolean;
  ttlSeconds?: number;
}

const SLOT_FIELDS = ['profile_picture_1', 'profile_picture_2', 'profile_picture_3'] as const;

/** One entry for every requested id; empty slots are null. */
export async function profilePicturesFor(
  db: Executor,
  storage: Storage,
  userIds: readonly number[],
  size: PictureSize,
  options: ProfilePicturesOptions = {},
): Promise<Map<number, ProfilePictures>> {
  const result = new Map<number, ProfilePictures>();
  const ids = [...new Set(userIds)];
  for (const id of ids) {
    result.set(id, { profile_picture_1: null, profile_picture_2: null, profile_picture_3: null });
  }
  if (ids.length === 0) return result;

  const images = await activePictureRows(db, ids, options.includePending ?? false);

  await Promise.all(
    images.map(async (image) => {
      const field = SLOT_FIELDS[image.display_order - 1];
      const pictures = result.get(image.user_id);
      if (!field || !pictures) return;
      const key = size === 'thumbnail' ? image.thumbnail_file_name : image.file_name;
      pictures[field] = await storage.signedUrl(key, options.ttlSeconds);
    }),
  );
  return result;
}
