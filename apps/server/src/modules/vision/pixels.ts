// Stored images as the vision models take them: decoded, upright, no edge longer than
// VISION_MAX_EDGE (the face detector and the nudity model both work at smaller sizes),
// three bytes a pixel. Decoding runs on libuv's threads, off the event loop.
import { Readable } from 'node:stream';
import type { Storage } from '../../adapters/storage/storage.port';
import type { RgbImage } from '../../adapters/vision/vision.port';
import { loadSharp } from '../../lib/sharp';

export const VISION_MAX_EDGE = 512;

export async function decodeForVision(
  bytes: Uint8Array,
  maxEdge = VISION_MAX_EDGE,
): Promise<RgbImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(maxEdge, maxEdge, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** A stored object's bytes, or null when it is gone. */
export async function readStored(storage: Storage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(object.body)) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

/** Frames shown to reviewers: small JPEGs. */
export async function encodeJpeg(image: RgbImage): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(image.data), {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .jpeg({ quality: 75 })
    .toBuffer();
}
