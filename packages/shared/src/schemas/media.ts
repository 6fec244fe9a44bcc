// Media contract (accounts §3 Profile image / Verification video, §5 Photo upload, §7 calls,
// §8 Images and Camera, §9 limits): request/response schemas, limits and exact messages
// shared by the server routes and the web uploader, verification widget and photo slots.
import { z } from 'zod';
import {
  FACE_CHECKS,
  IMAGE_SIZES,
  IMAGE_TYPES,
  MEDIA_REVIEW_STATUSES,
  PHOTO_SCREENINGS,
  PHOTO_SLOTS,
} from '../rules/media';
import { idParam, idSchema, safeText } from './common';

const displayOrder = z.coerce.number().int().min(1).max(PHOTO_SLOTS);

export const presignedUploadQuery = z.object({
  fileType: safeText({ max: 64 }).optional(),
  contentType: safeText({ max: 128 }),
});
export const presignedUploadResponse = z.object({
  success: z.boolean(),
  uploadUrl: z.string(),
  key: z.string(),
  message: z.string(),
});
export type PresignedUploadResponse = z.infer<typeof presignedUploadResponse>;

export const verificationVideoSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  file_name: z.string(),
  verification_status: z.enum(MEDIA_REVIEW_STATUSES),
});
export type VerificationVideo = z.infer<typeof verificationVideoSchema>;

export const uploadVerificationVideoBody = z.object({
  file_name: safeText({ min: 1, max: 512 }),
  // The client names the status it expects; the server always starts the row pending.
  verification_status: z.enum(MEDIA_REVIEW_STATUSES).optional(),
});
export const uploadVerificationVideoResponse = z.object({
  success: z.boolean(),
  video: verificationVideoSchema,
  message: z.string(),
});
/** The member's own latest verification video, or null: the wizard's step 11 after a reload. */
export const myVerificationVideoResponse = z.object({
  success: z.boolean(),
  video: verificationVideoSchema.nullable(),
});
export type MyVerificationVideoResponse = z.infer<typeof myVerificationVideoResponse>;

/** Query (or x-image-type / x-display-order headers) of the raw-bytes upload. */
export const uploadProfileImageQuery = z.object({
  image_type: z.enum(IMAGE_TYPES).optional(),
  display_order: displayOrder,
  file_name: safeText({ max: 255 }).optional(),
});

export const profileImageSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  image_type: z.enum(IMAGE_TYPES),
  file_name: z.string(),
  display_order: z.number().int(),
  is_active: z.boolean(),
  url: z.string(),
  thumbnail_url: z.string(),
  is_approved: z.enum(MEDIA_REVIEW_STATUSES),
  /** The server's face check (issue 20): only 'face' may be in slot 1. */
  face_check: z.enum(FACE_CHECKS),
  /** The nudity screening: only 'passed' photos are shown to other members. */
  screening: z.enum(PHOTO_SCREENINGS),
});
export type ProfileImage = z.infer<typeof profileImageSchema>;

export const uploadProfileImageResponse = z.object({
  success: z.boolean(),
  image: profileImageSchema,
});

export const userProfileImagesQuery = z.object({
  userId: idParam.optional(),
  size: z.enum(IMAGE_SIZES).default('original'),
  displayOrder: displayOrder.optional(),
  image_type: z.enum(IMAGE_TYPES).optional(),
});
export const userProfileImageItem = z.object({
  id: z.number().int(),
  display_order: z.number().int(),
  image_type: z.enum(IMAGE_TYPES),
  file_name: z.string(),
  url: z.string(),
  /** Review state: only in the owner's own list. */
  is_approved: z.enum(MEDIA_REVIEW_STATUSES).optional(),
  /** The server's face check and the nudity screening: only in the owner's own list. */
  face_check: z.enum(FACE_CHECKS).optional(),
  screening: z.enum(PHOTO_SCREENINGS).optional(),
});
export type UserProfileImage = z.infer<typeof userProfileImageItem>;
export const userProfileImagesResponse = z.object({
  success: z.boolean(),
  data: z.array(userProfileImageItem),
  message: z.string(),
});
export type UserProfileImagesResponse = z.infer<typeof userProfileImagesResponse>;

export const deleteProfileImageBody = z.object({
  image_type: z.enum(IMAGE_TYPES).optional(),
  display_order: displayOrder,
});
export const mediaOkResponse = z.object({ success: z.boolean(), message: z.string() });

/** Each entry names one of the member's images (by id or by its URL) and its new slot. */
export const updateImagesOrderBody = z.object({
  images: z
    .array(
      z
        .object({
          display_order: displayOrder,
          id: idSchema.optional(),
          url: safeText({ max: 4096 }).optional(),
        })
        .refine((image) => image.id !== undefined || image.url !== undefined, {
          message: 'Each image needs an id or a url',
        }),
    )
    .min(1)
    .max(PHOTO_SLOTS),
});
export type UpdateImagesOrderBody = z.infer<typeof updateImagesOrderBody>;
export const updateImagesOrderResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.array(userProfileImageItem),
});

export const reviewMediaParams = z.object({ id: idParam });
export const reviewMediaBody = z.object({ status: z.enum(['approved', 'rejected']) });
export const reviewImageResponse = z.object({ success: z.boolean(), image: profileImageSchema });
export const reviewVideoResponse = z.object({
  success: z.boolean(),
  video: verificationVideoSchema,
});
