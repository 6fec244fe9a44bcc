import { MEDIA_MESSAGES, type UserProfileImage } from '@bidboard/shared';
import { describe, expect, it } from 'vitest';
import { orderChanged, orderPayload, slotsFrom, swapSlots } from './slot-order';

const image = (
  id: number,
  slot: number,
  status: 'approved' | 'pending' = 'approved',
  face: 'face' | 'no_face' | 'pending' = 'face',
) =>
  ({
    id,
    display_order: slot,
    image_type: slot === 1 ? 'profile' : 'additional',
    file_name: `k${id}`,
    url: `/api/files/k${id}`,
    is_approved: status,
    face_check: face,
    screening: 'passed',
  }) satisfies UserProfileImage;

describe('slot order rules', () => {
  it('swaps two photos and reports the change', () => {
    const saved = slotsFrom([image(1, 1), image(2, 2), image(3, 3)]);
    const result = swapSlots(saved, 0, 2);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.slots.map((s) => s?.id)).toEqual([3, 2, 1]);
    expect(orderChanged(saved, result.slots)).toBe(true);
    expect(orderPayload(result.slots)).toEqual([
      { id: 3, url: '/api/files/k3', display_order: 1 },
      { id: 2, url: '/api/files/k2', display_order: 2 },
      { id: 1, url: '/api/files/k1', display_order: 3 },
    ]);
  });

  it('refuses an empty slot and a pending photo in the 1st spot', () => {
    const slots = slotsFrom([image(1, 1), image(2, 2, 'pending')]);
    expect(swapSlots(slots, 1, 2)).toEqual({
      ok: false,
      message: 'Cannot swap with an empty slot',
    });
    expect(swapSlots(slots, 0, 1)).toEqual({
      ok: false,
      message: 'Only approved images can be in the 1st spot',
    });
    expect(orderChanged(slots, slots)).toBe(false);
  });

  it('refuses a photo without a face, or not checked yet, in the 1st spot (issue 20)', () => {
    const slots = slotsFrom([
      image(1, 1),
      image(2, 2, 'approved', 'pending'),
      image(3, 3, 'approved', 'no_face'),
    ]);
    expect(swapSlots(slots, 2, 0)).toEqual({
      ok: false,
      message: MEDIA_MESSAGES.firstSpotFaceOnly,
    });
    expect(swapSlots(slots, 0, 1)).toEqual({
      ok: false,
      message: MEDIA_MESSAGES.firstSpotChecking,
    });
    // Moving the faceless photo between the other slots is fine.
    expect(swapSlots(slots, 1, 2).ok).toBe(true);
  });
});
