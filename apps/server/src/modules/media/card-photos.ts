// Bid Board card photos: each approved photo in every stored size, so the browser picks
// the smallest that is sharp on its screen (srcset). The card size is missing on photos
// stored before it existed; the original stands in for it (sharp, only heavier).
import type { CardPhoto } from '@bidboard/shared';
import { PHOTO_CARD_SIZE, PHOTO_THUMBNAIL_SIZE } from '@bidboard/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.port';
import type { Executor } from '../../db/client';
import { profileImages } from '../../db/media.schema';
import type { ProfilePictures } from '../users/user.presenter';

export interface BoardPictures extends ProfilePictures {
  photos: CardPhoto[];
}

const SLOT_FIELDS = ['profile_picture_1', 'profile_picture_2', 'profile_picture_3'] as const;

interface StoredPhoto {
  file_name: string;
  card_file_name: string | null;
  thumbnail_file_name: string;
  /** Side of the square original. */
  width: number;
}

async function cardPhoto(storage: Storage, photo: StoredPhoto): Promise<CardPhoto> {
  const cardKey = photo.card_file_name ?? photo.file_name;
  const sizes = [
    { key: photo.thumbnail_file_name, width: Math.min(PHOTO_THUMBNAIL_SIZE, photo.width) },
    ...(photo.card_file_name
      ? [{ key: photo.card_file_name, width: Math.min(PHOTO_CARD_SIZE, photo.width) }]
      : []),
    { key: photo.file_name, width: photo.width },
  ];
  // A small original makes several sizes the same width: one candidate per width.
  const distinct = sizes.filter((size, i) => sizes.findIndex((s) => s.width === size.width) === i);
  const sources = await Promise.all(
    distinct.map(async ({ key, width }) => ({ url: await storage.signedUrl(key), width })),
  );
  const card = distinct.findIndex((size) => size.key === cardKey);
  return { src: (sources[card] ?? sources.at(-1)!).url, sources };
}

/** One entry for every requested member: their approved photos as cards show them. */
export async function boardPicturesFor(
  db: Executor,
  storage: Storage,
  userIds: readonly number[],
): Promise<Map<number, BoardPictures>> {
  const result = new Map<number, BoardPictures>();
  const ids = [...new Set(userIds)];
  for (const id of ids) {
    result.set(id, {
      profile_picture_1: null,
      profile_picture_2: null,
      profile_picture_3: null,
      photos: [],
    });
  }
  if (ids.length === 0) return result;
  const images = await db
    .select({
      user_id: profileImages.user_id,
      display_order: profileImages.display_order,
      file_name: profileImages.file_name,
      card_file_name: profileImages.card_file_name,
      thumbnail_file_name: profileImages.thumbnail_file_name,
      width: profileImages.width,
    })
    .from(profileImages)
    .where(
      and(
        inArray(profileImages.user_id, ids),
        eq(profileImages.is_active, true),
        eq(profileImages.review_status, 'approved'),
      ),
    )
    .orderBy(asc(profileImages.user_id), asc(profileImages.display_order));

  const photos = await Promise.all(images.map((image) => cardPhoto(storage, image)));
  images.forEach((image, i) => {
    const pictures = result.get(image.user_id);
    const field = SLOT_FIELDS[image.display_order - 1];
    if (!pictures || !field) return;
    pictures[field] = photos[i]!.src;
    pictures.photos.push(photos[i]!);
  });
  return result;
}
