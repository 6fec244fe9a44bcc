// Bid Board card photos: each approved photo in every stored size, so the browser picks
// the smallest that is sharp on its screen (srcset). The card size is missing on photos
// stored before it existed; the original stands in for it (sharp, only heavier).
import type { CardPhoto } from '@bidboard/shared';
import { PHOTO_CARD_SIZE, PHOTO_THUMBNAIL_SIZE } from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import type { ProfilePictures } from '../users/user.presenter';
import type { BoardPhotoRow, StoredPhoto } from './profile-pictures.repository';

export interface BoardPictures extends ProfilePictures {
  photos: CardPhoto[];
}

const SLOT_FIELDS = ['profile_picture_1', 'profile_picture_2', 'profile_picture_3'] as const;

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

/**
 * One member's approved photos (as `approvedPhotosJson` lists them; PGlite hands JSON
 * back as text) as cards show them.
 */
export async function boardPictures(
  storage: Storage,
  listed: readonly BoardPhotoRow[] | string,
): Promise<BoardPictures> {
  const rows: readonly BoardPhotoRow[] =
    typeof listed === 'string' ? (JSON.parse(listed) as BoardPhotoRow[]) : listed;
  const pictures: BoardPictures = {
    profile_picture_1: null,
    profile_picture_2: null,
    profile_picture_3: null,
    photos: [],
  };
  const photos = await Promise.all(rows.map((row) => cardPhoto(storage, row)));
  rows.forEach((row, i) => {
    const field = SLOT_FIELDS[row.display_order - 1];
    if (!field) return;
    pictures[field] = photos[i]!.src;
    pictures.photos.push(photos[i]!);
  });
  return pictures;
}
