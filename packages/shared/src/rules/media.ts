// Media limits and the exact messages of accounts §5 Photo upload, §8 Images and Camera
// and §9 (no zod: the web uploader and verification widget import them at run time).
export const PHOTO_SLOTS = 3;
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Upload route body limit: a little above the cap so an oversized photo gets our message. */
export const PHOTO_UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;
/**
 * Pixel-flood guard: an image larger than this is refused from its header, before any pixel
 * is decoded. A 48-megapixel phone photo (8064 x 6048) fits; a 200 KB PNG claiming 8000 x
 * 8000 took 2.7 s and ~75 MB to decode at the former 64 MP cap (issue 41).
 */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTO_ORIGINAL_SIZE = 1080;
export const PHOTO_THUMBNAIL_SIZE = 320;
/** Bid Board card rendition: a card is about 360 CSS px wide on a phone, so 720 is sharp at 2x
 * (3x screens take the original). */
export const PHOTO_CARD_SIZE = 720;
export const VERIFICATION_VIDEO_MAX_BYTES = 40 * 1024 * 1024;
export const VERIFICATION_VIDEO_CONTENT_TYPE = 'video/webm';
/**
 * How long a real face-turn recording runs: three head moves take at least a second, and
 * the capture restarts after VERIFICATION_TURNS_MS (plus the face model's load time).
 */
/** Verification-video uploads a member may have asked for and not yet submitted. */
export const VIDEO_UPLOAD_SLOTS_MAX = 5;
export const VERIFICATION_VIDEO_SECONDS = { min: 1, max: 300 } as const;
export const VERIFICATION_VIDEO = { width: 640, height: 480, facingMode: 'user' } as const;
/** Head-turn thresholds: yaw beyond ±0.25 is left/right, pitch beyond 0.23 is up. */
export const FACE_TURN = { yaw: 0.25, pitch: 0.23, toneHz: 880 } as const;
export const LONG_PRESS_REARRANGE_MS = 1500;
/** The verification video restarts when no face is seen for this long... */
export const VERIFICATION_NO_FACE_MS = 10_000;
/** ...or when the three head moves take longer than this. */
export const VERIFICATION_TURNS_MS = 30_000;
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
  /** Issue 20: slot 1 holds only a photo in which the server's face check found a face. */
  firstSpotFaceOnly: 'Only a photo that shows your face can be in the 1st spot',
  firstSpotChecking: 'This photo is still being checked. Try again in a moment.',
  /**
   * Issue 42: without biometric consent no face model looks at a photo, so a moderator checks
   * the face of the photo uploaded into slot 1; one from another slot was never checked.
   */
  firstSpotUploadOnly:
    'Without face matching, a moderator checks the photo in the 1st spot: upload it there instead.',
  photoChecksBusy: 'We could not check this photo right now. Please try again.',
  noFaceBadge: 'No face found',
  checkingBadge: 'Checking…',
  saveOrderFailed: 'Failed to save. Try again.',
  imageTooLarge: 'Image must be 15 MB or smaller.',
  imageDimensionsTooLarge: 'Image dimensions are too large. Please choose a smaller image.',
  notAnImage: 'Please choose a JPEG, PNG, WebP, GIF or HEIC image.',
  firstPhotoRequired: 'Your first photo cannot be deleted.',
  lastPhotoRequired: 'You need at least one photo.',
  faceRequired: 'Please choose a photo that clearly shows your face.',
  videoInvalid: 'The verification video must be a WebM recording.',
  tooManyOpenUploads:
    'You have too many unfinished video uploads. Please wait a few minutes and try again.',
  videoUnplayable: 'The verification video has no usable recording. Please record again.',
  videoNotFound: 'Verification video not found. Please record again.',
  /** Issue 41: more than `verification_videos_per_day` submissions in 24 hours. */
  tooManyVideos:
    'You have sent the most verification videos allowed in a day. Please try again tomorrow.',
  videoTooLarge: 'The verification video is too large. Please record again.',
  videoContentType: 'Only WebM verification videos can be uploaded.',
  videoUploaded: 'Verification video uploaded',
  uploadUrlReady: 'Upload URL generated',
  imagesFound: 'Images retrieved',
  imageDeleted: 'Image deleted',
  orderSaved: 'Photo order saved',
  verificationRestart: 'Something went wrong. Please try again.',
  verificationNoFace:
    'We could not see your face for 10 seconds. Hold your phone at eye level, face a light and keep your whole face inside the oval.',
  verificationTooSlow:
    'The three moves were not finished within 30 seconds. Turn your head clearly to the left, then to the right, then look up, holding each for a moment.',
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

/** 'no_consent': no face model looked (no biometric consent, issue 42); a person decides. */
export const FACE_CHECKS = ['pending', 'face', 'no_face', 'no_consent'] as const;
export type FaceCheck = (typeof FACE_CHECKS)[number];
export const PHOTO_SCREENINGS = ['pending', 'passed', 'held'] as const;
export type PhotoScreening = (typeof PHOTO_SCREENINGS)[number];

/**
 * Why a photo may not move into the 1st spot, or null when it may (accounts §5, issue 20):
 * only an approved photo in which the server's face check found a face. The server's
 * reorder and the photo slots' rearrange mode ask the same question.
 */
export function firstSpotProblem(photo: {
  review: MediaReviewStatus;
  faceCheck: FaceCheck;
}): string | null {
  if (photo.review !== 'approved') return MEDIA_MESSAGES.firstSpotApprovedOnly;
  if (photo.faceCheck === 'pending') return MEDIA_MESSAGES.firstSpotChecking;
  if (photo.faceCheck === 'no_face') return MEDIA_MESSAGES.firstSpotFaceOnly;
  if (photo.faceCheck === 'no_consent') return MEDIA_MESSAGES.firstSpotUploadOnly;
  return null;
}
