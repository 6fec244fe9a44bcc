// Stored images for the vision jobs: their bytes (the model process decodes them at its
// own low priority) and the reviewer's evidence frames as small JPEGs.
import { Readable } from 'node:stream';
import type { Storage } from '../../adapters/storage/storage.port';
import type { RgbImage } from '../../adapters/vision/vision.port';
import { loadSharp } from '../../lib/sharp';

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
