import { MEDIA_MESSAGES } from '@bidboard/shared';
import { describe, expect, it } from 'vitest';
import { planPhotoOrder, type SlotImage } from './photo-order';

const image = (
  id: number,
  slot: number,
  review: SlotImage['review_status'] = 'approved',
  face: SlotImage['face_status'] = 'face',
): SlotImage => ({
  id,
  display_order: slot,
  review_status: review,
  face_status: face,
  file_name: `dev/profile-images/${id}.webp`,
  thumbnail_file_name: `dev/profile-images/${id}t.webp`,
});

describe('planPhotoOrder', () => {
  it('moves only the photos whose slot changes', () => {
    const current = [image(1, 1), image(2, 2), image(3, 3)];
    expect(
      planPhotoOrder(current, [
        { id: 3, display_order: 1 },
        { id: 1, display_order: 3 },
        { id: 2, display_order: 2 },
      ]),
    ).toEqual([
      { id: 1, display_order: 3 },
      { id: 3, display_order: 1 },
    ]);
  });

  it('matches signed URLs of either size', () => {
    const current = [image(1, 1), image(2, 2)];
    expect(
      planPhotoOrder(current, [
        { url: '/api/files/dev/profile-images/2t.webp?exp=1&sig=x', display_order: 1 },
        {
          url: 'https://b.s3.amazonaws.com/dev/profile-images/1.webp?X-Amz-Signature=y',
          display_order: 2,
        },
      ]),
    ).toHaveLength(2);
  });

  it('keeps a faceless photo where it is when slot 1 is not moving', () => {
    const current = [image(1, 1), image(2, 2, 'approved', 'no_face'), image(3, 3)];
    expect(
      planPhotoOrder(current, [
        { id: 2, display_order: 3 },
        { id: 3, display_order: 2 },
      ]),
    ).toEqual([
      { id: 2, display_order: 3 },
      { id: 3, display_order: 2 },
    ]);
  });

  it.each([
    [[image(1, 1), image(2, 2)], [{ id: 2, display_order: 3 }], MEDIA_MESSAGES.swapEmptySlot],
    [
      [image(1, 1), image(2, 2, 'pending')],
      [
        { id: 2, display_order: 1 },
        { id: 1, display_order: 2 },
      ],
      MEDIA_MESSAGES.firstSpotApprovedOnly,
    ],
    [
      [image(1, 1), image(2, 2, 'rejected')],
      [
        { id: 2, display_order: 1 },
        { id: 1, display_order: 2 },
      ],
      MEDIA_MESSAGES.firstSpotApprovedOnly,
    ],
    // Issue 20: a photo the server's face check found no face in, or has not checked yet.
    [
      [image(1, 1), image(2, 2), image(3, 3, 'approved', 'no_face')],
      [
        { id: 3, display_order: 1 },
        { id: 1, display_order: 3 },
      ],
      MEDIA_MESSAGES.firstSpotFaceOnly,
    ],
    [
      [image(1, 1), image(2, 2, 'approved', 'pending')],
      [
        { id: 2, display_order: 1 },
        { id: 1, display_order: 2 },
      ],
      MEDIA_MESSAGES.firstSpotChecking,
    ],
    [[image(1, 1)], [{ id: 9, display_order: 1 }], MEDIA_MESSAGES.imageNotFound],
    [[image(1, 1), image(2, 2)], [{ id: 1, display_order: 2 }], 'Invalid request'],
  ])('refuses %#', (current, requested, message) => {
    expect(() => planPhotoOrder(current, requested)).toThrow(
      message === 'Invalid request' ? MEDIA_MESSAGES.swapEmptySlot : message,
    );
  });
});
