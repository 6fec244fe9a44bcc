// Test helpers for the media module: signed-in members, stored photo rows and a look at
// what is on disk, so tests can prove that a refused upload leaves nothing behind.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { profileImages } from '../../db/media.schema';

export async function memberSession(t: TestApp, overrides: Parameters<typeof buildMember>[1] = {}) {
  const member = await buildMember(t.database.db, overrides);
  const { token } = await signIn(t, member.phone_number);
  return { member, headers: { authorization: `Bearer ${token}` } };
}

/** Every file under the test app's uploads folder. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.DATA_DIR, 'uploads');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

export async function addImage(
  t: TestApp,
  image: Partial<typeof profileImages.$inferInsert> & { user_id: number; display_order: number },
) {
  const [row] = await t.database.db
    .insert(profileImages)
    .values({
      image_type: image.display_order === 1 ? 'profile' : 'additional',
      file_name: `dev/profile-images/${crypto.randomUUID()}.webp`,
      thumbnail_file_name: `dev/profile-images/${crypto.randomUUID()}.webp`,
      width: 1080,
      height: 1080,
      review_status: 'approved',
      // A photo the models have looked at: a face found, nudity screening passed.
      face_status: 'face',
      screen_status: 'passed',
      ...image,
    })
    .returning();
  return row!;
}

/** Noise compresses badly, so a truncated copy loses real pixel data. */
export function noiseJpeg(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** A valid 1x1 PNG whose header claims width x height (a decompression-bomb stand-in). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({
    create: { width: 1, height: 1, channels: 3, background: '#fff' },
  })
    .png()
    .toBuffer();
  // IHDR data starts at byte 16: width, height (big-endian), then its CRC at byte 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/**
 * A real recording: two seconds of a canvas captured by Chromium's MediaRecorder
 * (VP8, unknown-size Segment and Clusters, no Duration), as the verification widget sends.
 */
export function webmBytes(): Buffer {
  return readFileSync(
    fileURLToPath(new URL('../../../test/fixtures/face-turn.webm', import.meta.url)),
  );
}

/** Only the EBML header a MediaRecorder file starts with, then `extra` bytes of filler. */
export function webmHeaderThen(extra: Buffer): Buffer {
  const header = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81,
    0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04,
    0x42, 0x85, 0x81, 0x02,
  ]);
  return Buffer.concat([header, extra]);
}
