// SQL of the photos other members may see: the rule that decides it (approved, screened,
// and slot 1 among them) and the reads that apply it, for profiles and for Bid Board cards.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { profileImages } from '../../db/media.schema';

/**
 * SQL: the photo `alias` may be shown to a member other than its owner. With slot 1 not
 * shown, none of the member's photos is (a card never opens on a photo that did not pass
 * the face rule).
 */
function shownToOthers(alias: string) {
  const p = sql.raw(alias);
  return sql`(${p}.review_status = 'approved' AND ${p}.screen_status = 'passed'
    AND EXISTS (SELECT 1 FROM profile_images f
                 WHERE f.user_id = ${p}.user_id AND f.is_active AND f.display_order = 1
                   AND f.review_status = 'approved' AND f.screen_status = 'passed'))`;
}

/**
 * The active photos of `userIds` in slots: those shown to others, or with `includePending`
 * (the owner looking) those approved or still in review.
 */
export async function activePictureRows(db: Executor, userIds: number[], includePending: boolean) {
  const visible = includePending
    ? inArray(profileImages.review_status, ['approved', 'pending'])
    : shownToOthers('profile_images');
  return db
    .select({
      user_id: profileImages.user_id,
      display_order: profileImages.display_order,
      file_name: profileImages.file_name,
      thumbnail_file_name: profileImages.thumbnail_file_name,
    })
    .from(profileImages)
    .where(
      and(inArray(profileImages.user_id, userIds), eq(profileImages.is_active, true), visible),
    );
}

export interface StoredPhoto {
  file_name: string;
  card_file_name: string | null;
  thumbnail_file_name: string;
  /** Side of the square original. */
  width: number;
}

/** A stored photo as `approvedPhotosJson` lists it. */
export interface BoardPhotoRow extends StoredPhoto {
  display_order: number;
}

/**
 * SQL: the member's active photos shown to others (approved, screened, slot 1 among them) as a JSON array in slot order, for a card
 * query to read with the card itself (one round trip for cards and photos).
 */
export function approvedPhotosJson(userId: SQL): SQL {
  return sql`(SELECT COALESCE(json_agg(json_build_object(
                'display_order', pi.display_order, 'file_name', pi.file_name,
                'card_file_name', pi.card_file_name,
                'thumbnail_file_name', pi.thumbnail_file_name, 'width', pi.width)
              ORDER BY pi.display_order), '[]'::json)
        FROM profile_images pi
       WHERE pi.user_id = ${userId} AND pi.is_active AND ${shownToOthers('pi')})`;
}
