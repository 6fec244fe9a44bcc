// Turns uploaded bytes into the three stored photo sizes (original, card, thumbnail). The decoder decides what a file
// is: the name and Content-Type are never trusted. Only raster formats a phone or camera
// produces are accepted (SVG and anything scriptable never reach the decoder), the pixel
// count is capped before decoding (pixel-flood guard), the photo is turned upright from
// its EXIF orientation, centre-cropped square and re-encoded as WebP, which drops every
// metadata block (EXIF, GPS, XMP, ICC comments) because sharp copies none by default.
import {
  MEDIA_MESSAGES,
  PHOTO_CARD_SIZE,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_ORIGINAL_SIZE,
  PHOTO_THUMBNAIL_SIZE,
} from '@bidboard/shared';
import type { Metadata } from 'sharp';
import { AppError } from '../../lib/errors';
import { loadSharp } from '../../lib/sharp';

export interface ProcessedPhoto {
  original: Buffer;
  /** The Bid Board card size (never larger than the original). */
  card: Buffer;
  thumbnail: Buffer;
  /** Side of the square original. */
  size: number;
}

type Sniffed = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';

/** The container format from the first bytes, or null for anything else. */
export function sniffImageFormat(bytes: Uint8Array): Sniffed | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 16));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (/^GIF8[79]a/.test(b.toString('latin1', 0, 6))) return 'gif';
  if (b.toString('latin1', 4, 8) === 'ftyp') {
    const brand = b.toString('latin1', 8, 12);
    if (/^(heic|heix|heim|heis|hevc|mif1|msf1|avif|avis)$/.test(brand)) return 'heif';
  }
  return null;
}

const rejected = (status: number, message: string) => new AppError('VALIDATION', status, message);

/**
 * The checks every stored image passes: size, a raster container we accept whose decoder
 * agrees with its first bytes, and the pixel cap before any decode.
 */
async function openImage(bytes: Uint8Array) {
  if (bytes.length > PHOTO_MAX_BYTES) throw rejected(413, MEDIA_MESSAGES.imageTooLarge);
  const format = sniffImageFormat(bytes);
  if (!format) throw rejected(400, MEDIA_MESSAGES.notAnImage);

  const sharp = await loadSharp();
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', pages: 1 } as const;
  let metadata: Metadata;
  try {
    // The header alone: the pixel cap is checked below with a clearer message.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw rejected(400, MEDIA_MESSAGES.uploadFailed);
  }
  const allowed = format === 'heif' ? metadata.format === 'heif' : metadata.format === format;
  if (!allowed || !metadata.width || !metadata.height) {
    throw rejected(400, MEDIA_MESSAGES.notAnImage);
  }
  const pageHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * pageHeight > PHOTO_MAX_PIXELS) {
    throw rejected(400, MEDIA_MESSAGES.imageDimensionsTooLarge);
  }
  return { width: metadata.width, height: pageHeight, decode: () => sharp(bytes, options) };
}

export async function processProfilePhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  const image = await openImage(bytes);
  // The square's side does not depend on the EXIF orientation (min of both edges).
  const size = Math.min(PHOTO_ORIGINAL_SIZE, image.width, image.height);
  // rotate() without an angle turns the photo upright before the crop; shrink-on-load
  // keeps memory low for large JPEGs.
  const square = (edge: number) =>
    image
      .decode()
      .rotate()
      .resize(edge, edge, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  try {
    const [original, card, thumbnail] = await Promise.all([
      square(size),
      square(Math.min(PHOTO_CARD_SIZE, size)),
      square(Math.min(PHOTO_THUMBNAIL_SIZE, size)),
    ]);
    return { original, card, thumbnail, size };
  } catch {
    throw rejected(400, MEDIA_MESSAGES.uploadFailed);
  }
}

/** Longest edge of an image sent in chat. */
export const CHAT_IMAGE_MAX_EDGE = 1600;

/**
 * An image sent in chat: the same checks, turned upright, its shape kept, no edge longer
 * than CHAT_IMAGE_MAX_EDGE, re-encoded as WebP without any metadata.
 */
export async function processChatImage(bytes: Uint8Array): Promise<Buffer> {
  const image = await openImage(bytes);
  try {
    return await image
      .decode()
      .rotate()
      .resize(CHAT_IMAGE_MAX_EDGE, CHAT_IMAGE_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw rejected(400, MEDIA_MESSAGES.uploadFailed);
  }
}
