// Rearrange-mode rules (accounts §5), applied locally before anything is saved: a photo
// cannot be swapped with an empty slot, and only an approved photo in which the server's
// face check found a face may take the 1st spot (issue 20: the server asks the same
// shared question, firstSpotProblem, and refuses the save otherwise).
import { firstSpotProblem, MEDIA_MESSAGES, type UserProfileImage } from '@bidboard/shared';

export type Slots = readonly (UserProfileImage | null)[];

export function slotsFrom(images: readonly UserProfileImage[], count = 3): Slots {
  return Array.from(
    { length: count },
    (_, index) => images.find((image) => image.display_order === index + 1) ?? null,
  );
}

export type SwapResult = { ok: true; slots: Slots } | { ok: false; message: string };

export function swapSlots(slots: Slots, from: number, to: number): SwapResult {
  if (from === to) return { ok: true, slots };
  const a = slots[from];
  const b = slots[to];
  if (!a || !b) return { ok: false, message: MEDIA_MESSAGES.swapEmptySlot };
  const next = [...slots];
  next[from] = b;
  next[to] = a;
  const first = next[0];
  const problem = first && first !== slots[0] ? firstSpotProblemOf(first) : null;
  if (problem) return { ok: false, message: problem };
  return { ok: true, slots: next };
}

/** Why the member's own photo may not take the 1st spot, or null. */
export function firstSpotProblemOf(image: UserProfileImage): string | null {
  return firstSpotProblem({
    review: image.is_approved ?? 'pending',
    faceCheck: image.face_check ?? 'pending',
  });
}

export function orderChanged(saved: Slots, local: Slots): boolean {
  return saved.some((image, index) => image?.id !== local[index]?.id);
}

/** The save payload: every photo with its new slot. */
export function orderPayload(slots: Slots) {
  return slots.flatMap((image, index) =>
    image ? [{ id: image.id, url: image.url, display_order: index + 1 }] : [],
  );
}
