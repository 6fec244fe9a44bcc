// Photo ordering rules (accounts §5): a new order only permutes the slots that already
// hold photos ('Cannot swap with an empty slot'), and a photo moving into the 1st spot
// must be approved and show a face to the server's face check (issue 20, firstSpotProblem
// in shared). Pure, so the rules are tested without a database; the service applies the
// plan inside a transaction. Every path that puts a photo into slot 1 other than an
// upload (which checks the face itself) asks mayTakeFirstSpot.
import { firstSpotProblem, MEDIA_MESSAGES, MESSAGES } from '@bidboard/shared';
import type { ProfileImageRow } from '../../db/media.schema';
import { badRequest, notFound } from '../../lib/errors';

export interface SlotImage {
  id: number;
  display_order: number;
  review_status: 'pending' | 'approved' | 'rejected';
  face_status: ProfileImageRow['face_status'];
  file_name: string;
  thumbnail_file_name: string;
}

/** Why `image` may not move into slot 1, or null when it may. */
export function firstSpotRefusal(image: SlotImage): string | null {
  return firstSpotProblem({ review: image.review_status, faceCheck: image.face_status });
}

export const mayTakeFirstSpot = (image: SlotImage) => firstSpotRefusal(image) === null;

export interface OrderRequest {
  display_order: number;
  id?: number;
  url?: string;
}

/** The storage key inside a signed URL (local `/api/files/<key>?...` or an S3 URL). */
function urlMatches(url: string, image: SlotImage): boolean {
  if (url === image.file_name || url === image.thumbnail_file_name) return true;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://local').pathname);
  } catch {
    return false;
  }
  return (
    pathname.endsWith(`/${image.file_name}`) || pathname.endsWith(`/${image.thumbnail_file_name}`)
  );
}

/** The moves to make (image id -> new slot), or the rule's error. */
export function planPhotoOrder(current: readonly SlotImage[], requested: readonly OrderRequest[]) {
  const target = new Map<number, number>();
  const requestedSlots = new Set<number>();
  for (const entry of requested) {
    const image = current.find((candidate) =>
      entry.id !== undefined ? candidate.id === entry.id : urlMatches(entry.url ?? '', candidate),
    );
    if (!image) throw notFound(MEDIA_MESSAGES.imageNotFound);
    if (target.has(image.id) || requestedSlots.has(entry.display_order)) {
      throw badRequest('VALIDATION', MESSAGES.invalidRequest);
    }
    target.set(image.id, entry.display_order);
    requestedSlots.add(entry.display_order);
  }

  const occupied = new Set(current.map((image) => image.display_order));
  const final = current.map((image) => ({
    image,
    slot: target.get(image.id) ?? image.display_order,
  }));
  const finalSlots = new Set(final.map((entry) => entry.slot));
  const sameSlots =
    finalSlots.size === occupied.size && [...finalSlots].every((slot) => occupied.has(slot));
  if (!sameSlots) throw badRequest('VALIDATION', MEDIA_MESSAGES.swapEmptySlot);

  const first = final.find((entry) => entry.slot === 1);
  const refusal = first && first.image.display_order !== 1 ? firstSpotRefusal(first.image) : null;
  if (refusal) throw badRequest('VALIDATION', refusal);
  return final
    .filter((entry) => entry.slot !== entry.image.display_order)
    .map((entry) => ({ id: entry.image.id, display_order: entry.slot }));
}
