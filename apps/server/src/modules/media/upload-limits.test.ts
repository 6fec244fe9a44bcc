// Upload limits (issue 41): a 200 KB PNG claiming 8000 x 8000 was decoded (2.7 s, ~75 MB)
// and a member could send any number of photos and chat images. Now an image over the
// pixel cap is refused from its header, and a member's uploads beyond the hour's setting
// are refused with the shared 429 before their bytes are looked at.
import { MEDIA_MESSAGES, MESSAGES } from '@bidboard/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { acceptedPairs } from '../../../test/chat';
import { testClock } from '../../../test/marketplace';
import { updateSettings } from '../settings/settings.service';
import { memberSession } from './media-test-helpers';

const START = new Date('2025-06-02T15:00:00Z');
const clock = testClock(START.toISOString());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  await updateSettings(
    t.database.db,
    t.config,
    { photo_uploads_per_hour: 3, chat_images_per_hour: 2 },
    null,
  );
});
afterAll(() => t.close());

const smallPng = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#3c3' } })
    .png()
    .toBuffer();
/** The file: flat colour compresses 64 megapixels into about 200 KB. */
const pixelFlood = () =>
  sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#3a6' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

function uploadPhoto(headers: Record<string, string>, body: Buffer, slot = 2) {
  return t.app.inject({
    method: 'POST',
    url: `/api/uploadProfileImage?display_order=${slot}&image_type=profile`,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

function uploadChatImage(headers: Record<string, string>, cid: string, body: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${cid}/images`,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

const limited = { message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' };

describe('upload limits', () => {
  it('refuses a 64-megapixel PNG of 200 KB from its header', async () => {
    clock.set(START);
    const { headers } = await memberSession(t);
    const flood = await pixelFlood();
    expect(flood.length).toBeLessThan(300 * 1024);
    const res = await uploadPhoto(headers, flood);
    expect([res.statusCode, res.json().message]).toEqual([
      400,
      MEDIA_MESSAGES.imageDimensionsTooLarge,
    ]);
  });

  it('counts a member’s photo uploads, broken ones too, and refuses beyond the hour’s limit', async () => {
    clock.set(START);
    const { headers } = await memberSession(t);
    const other = await memberSession(t);
    const png = await smallPng();
    expect((await uploadPhoto(headers, png, 2)).statusCode).toBe(200);
    expect((await uploadPhoto(headers, Buffer.from('not an image'), 2)).statusCode).toBe(400);
    expect((await uploadPhoto(headers, png, 3)).statusCode).toBe(200);
    // The fourth in the hour is refused before it is decoded, whatever it is.
    for (const body of [png, await pixelFlood()]) {
      const res = await uploadPhoto(headers, body, 3);
      expect([res.statusCode, res.json()]).toEqual([429, limited]);
    }
    expect((await uploadPhoto(other.headers, png, 2)).statusCode).toBe(200);

    clock.set(new Date(START.getTime() + 3600_000 + 1000));
    expect((await uploadPhoto(headers, png, 3)).statusCode).toBe(200);
  });

  it('limits chat images per member, apart from photos', async () => {
    clock.set(new Date(START.getTime() + 5 * 3600_000));
    const [pair] = await acceptedPairs(t, clock, 1);
    const { bidder, owner, cid } = pair!;
    const png = await smallPng();
    expect((await uploadChatImage(bidder.headers, cid, png)).statusCode).toBe(200);
    expect((await uploadChatImage(bidder.headers, cid, png)).statusCode).toBe(200);
    const refused = await uploadChatImage(bidder.headers, cid, png);
    expect([refused.statusCode, refused.json()]).toEqual([429, limited]);
    expect((await uploadChatImage(owner.headers, cid, png)).statusCode).toBe(200);
    expect((await uploadPhoto(bidder.headers, png, 2)).statusCode).toBe(200);
  });
});
