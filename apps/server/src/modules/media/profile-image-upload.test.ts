import { MEDIA_MESSAGES } from '@bidboard/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createStorage } from '../../adapters/storage';
import { profileImages } from '../../db/media.schema';
import { loadSecrets } from '../../lib/secrets';
import { memberSession, noiseJpeg, pngClaiming, storedFiles } from './media-test-helpers';

let t: TestApp;
beforeAll(async () => {
  // Production's review workflow: photos wait for an admin.
  t = await createTestApp({ AUTO_APPROVE: 'false' });
});
afterAll(() => t.close());

function upload(
  headers: Record<string, string>,
  body: Buffer | string,
  contentType: string,
  // Slot 1 also runs the face check (face-rule.test.ts); the photo pipeline is the same.
  slot = 2,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/uploadProfileImage?display_order=${slot}&image_type=profile`,
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });
}

async function fetchBytes(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

const gps = {
  IFD0: { Make: 'SpyCam', Model: 'Leaky 1' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '40/1 44/1 54/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '73/1 59/1 9/1',
  },
};

describe('POST /api/uploadProfileImage accepts real photos', () => {
  it.each([
    [
      'JPEG with EXIF GPS',
      () =>
        sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c33' } })
          .jpeg()
          .withExif(gps)
          .toBuffer(),
      'image/jpeg',
      1080,
    ],
    [
      'PNG',
      () =>
        sharp({ create: { width: 500, height: 300, channels: 4, background: '#3c3' } })
          .png()
          .toBuffer(),
      'image/png',
      300,
    ],
    [
      'WebP sent as octet-stream',
      () =>
        sharp({ create: { width: 400, height: 700, channels: 3, background: '#33c' } })
          .webp()
          .toBuffer(),
      'application/octet-stream',
      400,
    ],
  ])('%s comes back square in every size with no metadata', async (_name, make, type, side) => {
    const { member, headers } = await memberSession(t);
    const input = await make();
    if (type === 'image/jpeg')
      expect((await sharp(input).metadata()).exif?.includes('SpyCam')).toBe(true);

    const response = await upload(headers, input, type);
    expect(response.statusCode).toBe(200);
    const { image } = response.json();
    expect(image).toMatchObject({
      user_id: member.id,
      display_order: 2,
      image_type: 'additional',
      is_approved: 'pending',
      is_active: true,
    });
    expect(image.file_name).toMatch(/^dev\/profile-images\/[0-9a-f-]{36}\.webp$/);

    const [row] = await t.database.db
      .select()
      .from(profileImages)
      .where(eq(profileImages.id, image.id));
    const storage = await createStorage(t.config, loadSecrets(t.config));
    const cardUrl = await storage.signedUrl(row!.card_file_name!);
    for (const [url, expected] of [
      [image.url, side],
      [cardUrl, Math.min(720, side)],
      [image.thumbnail_url, Math.min(320, side)],
    ] as const) {
      const bytes = await fetchBytes(url);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: expected, height: expected });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes('SpyCam')).toBe(false);
    }
  });

  it('turns a photo upright from its EXIF orientation before the crop', async () => {
    const { headers } = await memberSession(t);
    // Stored sideways: red on the left; orientation 6 means 'rotate 90° clockwise to view'.
    const red = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#f00' },
    })
      .png()
      .toBuffer();
    const input = await sharp({
      create: { width: 600, height: 300, channels: 3, background: '#00f' },
    })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload(headers, input, 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const { data } = await sharp(await fetchBytes(response.json().image.url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // After turning clockwise the red half is at the top.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('replaces the photo already in the slot and removes its files', async () => {
    const { member, headers } = await memberSession(t);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#999' } })
      .png()
      .toBuffer();
    const first = (await upload(headers, png, 'image/png', 2)).json().image;
    const second = await upload(headers, png, 'image/png', 2);
    expect(second.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(profileImages)
      .where(eq(profileImages.user_id, member.id));
    expect(rows.map((r) => r.id)).toEqual([second.json().image.id]);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
  });
});

describe('POST /api/uploadProfileImage refuses anything else and stores nothing', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, string, number, string][] = [
    [
      'a 16 MB file',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(16 * 1024 * 1024 - 3, 1)]),
      'image/jpeg',
      413,
      MEDIA_MESSAGES.imageTooLarge,
    ],
    [
      'a file just over 15 MB',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(15 * 1024 * 1024, 1)]),
      'image/jpeg',
      413,
      MEDIA_MESSAGES.imageTooLarge,
    ],
    [
      'a text file named .jpg',
      () => Buffer.from('just some text, not a photo'),
      'image/jpeg',
      400,
      MEDIA_MESSAGES.notAnImage,
    ],
    [
      'a truncated JPEG',
      async () => (await noiseJpeg(800, 800)).subarray(0, 40_000),
      'image/jpeg',
      400,
      MEDIA_MESSAGES.uploadFailed,
    ],
    [
      'JPEG magic then garbage',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 9)]),
      'image/jpeg',
      400,
      MEDIA_MESSAGES.uploadFailed,
    ],
    [
      'a 20000x20000 PNG (pixel flood)',
      () => pngClaiming(20000, 20000),
      'image/png',
      400,
      MEDIA_MESSAGES.imageDimensionsTooLarge,
    ],
    [
      'an SVG with a script',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
      'image/svg+xml',
      400,
      MEDIA_MESSAGES.notAnImage,
    ],
    ['an empty body', () => Buffer.alloc(0), 'image/png', 400, MEDIA_MESSAGES.notAnImage],
  ];
  it.each(cases)('%s', async (_name, make, type, status, message) => {
    const { member, headers } = await memberSession(t);
    const before = await storedFiles(t);
    const response = await upload(headers, await make(), type);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await storedFiles(t)).toEqual(before);
    expect(
      await t.database.db.select().from(profileImages).where(eq(profileImages.user_id, member.id)),
    ).toEqual([]);
  });

  it('needs a signed-in member and a slot from 1 to 3', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload({}, png, 'image/png')).statusCode).toBe(401);
    const { headers } = await memberSession(t);
    expect((await upload(headers, png, 'image/png', 4)).statusCode).toBe(400);
  });
});

describe('with AUTO_APPROVE (product rules: Approval)', () => {
  it('approves the photo at upload; other members see it once it is screened', async () => {
    const approving = await createTestApp({ AUTO_APPROVE: 'true' }, { database: t.database });
    const { headers } = await memberSession(approving);
    const photo = await sharp({
      create: { width: 900, height: 900, channels: 3, background: '#c33' },
    })
      .jpeg()
      .toBuffer();
    const response = await approving.app.inject({
      method: 'POST',
      url: '/api/uploadProfileImage?display_order=2&image_type=profile',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().image).toMatchObject({ is_approved: 'approved', screening: 'pending' });
    await approving.close();
  });
});
