// Media contract (accounts §3 Profile image / Verification video, §5 Photo upload, §7 calls,
// §8 Images and Camera, §9 limits): request/response schemas, limits and exact messages
// shared by the server routes and the web uploader, verification widget and photo slots.
import { z } from 'zod';

export const PHOTO_SLOTS = 3;
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Upload route body limit: a little above the cap so an oversized photo gets our message. */
export const PHOTO_UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;
/** Pixel-flood guard: decoding more than this is refused before any pixel is read. */
export const PHOTO_MAX_PIXELS = 64_000_000;
export const PHOTO_ORIGINAL_SIZE = 1080;
export const PHOTO_THUMBNAIL_SIZE = 320;
export const VERIFICATION_VIDEO_MAX_BYTES = 40 * 1024 * 1024;
export const VERIFICATION_VIDEO_CONTENT_TYPE = 'video/webm';
export const VERIFICATION_VIDEO = { width: 640, height: 480, facingMode: 'user' } as const;
/** Head-turn thresholds: yaw beyond ±0.25 is left/right, pitch beyond 0.23 is up. */
export const FACE_TURN = { yaw: 0.25, pitch: 0.23, toneHz: 880 } as const;
export const LONG_PRESS_REARRANGE_MS = 1500;
/** Image URLs are cached client-side for 1 hour minus 5 minutes (signed URLs live 1 hour). */
export const IMAGE_URL_CACHE_MS = 55 * 60 * 1000;

export const MEDIA_MESSAGES = {
  imageNotFound: 'Image not found',
  imageUrlFailed: 'Failed to get image URL',
  uploadFailed: 'Failed to upload image. Please try again.',
  saveImageFailed: 'Failed to save image information',
  loadUploaderFailed: 'Failed to load upload component',
  deleteFailed: 'Failed to delete image. Please try again.',
  uploadUrlFailed: 'Failed to generate upload URL',
  swapEmptySlot: 'Cannot swap with an empty slot',
  firstSpotApprovedOnly: 'Only approved images can be in the 1st spot',
  saveOrderFailed: 'Failed to save. Try again.',
  imageTooLarge: 'Image must be 15 MB or smaller.',
  imageDimensionsTooLarge: 'Image dimensions are too large. Please choose a smaller image.',
  notAnImage: 'Please choose a JPEG, PNG, WebP, GIF or HEIC image.',
  firstPhotoRequired: 'Your first photo cannot be deleted.',
  lastPhotoRequired: 'You need at least one photo.',
  faceRequired: 'Please choose a photo that clearly shows your face.',
  videoInvalid: 'The verification video must be a WebM recording.',
  videoNotFound: 'Verification video not found. Please record again.',
  videoTooLarge: 'The verification video is too large. Please record again.',
  videoContentType: 'Only WebM verification videos can be uploaded.',
  videoUploaded: 'Verification video uploaded',
  uploadUrlReady: 'Upload URL generated',
  imagesFound: 'Images retrieved',
  imageDeleted: 'Image deleted',
  orderSaved: 'Photo order saved',
  verificationRestart: 'Something went wrong. Please try again.',
  cameraUnsupported: 'Camera access is not supported in this browser.',
  cameraDenied: 'Please allow camera permissions and try again.',
  cameraUnavailable: 'Camera stream is unavailable. Please try again.',
  recordingUnsupported: 'Recording is not supported in this browser.',
  recordingFailed: 'Unable to start recording. Please try again.',
} as const;

export const IMAGE_TYPES = ['profile', 'additional'] as const;
export const IMAGE_SIZES = ['thumbnail', 'original'] as const;
export const MEDIA_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export type ImageSize = (typeof IMAGE_SIZES)[number];
export type MediaReviewStatus = (typeof MEDIA_REVIEW_STATUSES)[number];

const displayOrder = z.coerce.number().int().min(1).max(PHOTO_SLOTS);

export const presignedUploadQuery = z.object({
  fileType: z.string().max(64).optional(),
  contentType: z.string().max(128),
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
  file_name: z.string().min(1).max(512),
  // The client names the status it expects; the server always starts the row pending.
  verification_status: z.enum(MEDIA_REVIEW_STATUSES).optional(),
});
export const uploadVerificationVideoResponse = z.object({
  success: z.boolean(),
  video: verificationVideoSchema,
  message: z.string(),
});

/** Query (or x-image-type / x-display-order headers) of the raw-bytes upload. */
export const uploadProfileImageQuery = z.object({
  image_type: z.enum(IMAGE_TYPES).optional(),
  display_order: displayOrder,
  file_name: z.string().max(255).optional(),
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
});
export type ProfileImage = z.infer<typeof profileImageSchema>;

export const uploadProfileImageResponse = z.object({
  success: z.boolean(),
  image: profileImageSchema,
});

export const userProfileImagesQuery = z.object({
  userId: z.coerce.number().int().positive().optional(),
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
          id: z.number().int().positive().optional(),
          url: z.string().max(4096).optional(),
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

export const reviewMediaParams = z.object({ id: z.coerce.number().int().positive() });
export const reviewMediaBody = z.object({ status: z.enum(['approved', 'rejected']) });
export const reviewImageResponse = z.object({ success: z.boolean(), image: profileImageSchema });
export const reviewVideoResponse = z.object({
  success: z.boolean(),
  video: verificationVideoSchema,
});
