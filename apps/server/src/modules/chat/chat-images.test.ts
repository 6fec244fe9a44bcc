// Images in chat: re-encoded to WebP with every metadata block dropped, stored under the
// conversation's folder, served through signed URLs to its two members only.
import { CHAT_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { acceptedPairs, send } from '../../../test/chat';
import { testClock } from '../../../test/marketplace';

const clock = testClock('2025-06-02T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

async function photoWithGps() {
  return sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretPhone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 0/1' },
    })
    .toBuffer();
}

function upload(headers: Record<string, string>, cid: string, body: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${cid}/images`,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

async function fetchUrl(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return res;
}

describe('chat images', () => {
  it('uploads, re-encodes without metadata, sends and serves to the two members only', async () => {
    const [pair, other] = await acceptedPairs(t, clock, 2);
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(pair!.bidder.headers, pair!.cid, original);
    expect(res.statusCode).toBe(200);
    const { blobUrl, url } = res.json();
    expect(blobUrl).toMatch(new RegExp(`chat/${pair!.cid}/[0-9a-f-]{36}\\.webp$`));

    const stored = await fetchUrl(url);
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();

    const sent = await send(t, pair!.bidder, pair!.cid, { type: 'image', blobUrl });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toMatchObject({ type: 'image', text: '' });
    expect(sent.json().message.blobUrl).toMatch(/^\/api\/files\//);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/chat/conversations',
      headers: pair!.owner.headers,
    });
    expect(list.json().conversations[0].lastMessage).toMatchObject({ type: 'image' });

    // The recipient gets no URL until the nudity screening ran (chat-screening.test.ts runs
    // the real model); here the screening's verdict is written as the job would.
    const name = blobUrl.slice(blobUrl.lastIndexOf('/') + 1);
    const imageUrl = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/chat/conversations/${pair!.cid}/images/${name}`,
        headers: pair!.owner.headers,
      });
    const early = await imageUrl();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(CHAT_MESSAGES.imageScreening);
    await t.database.db.execute(
      sql`UPDATE chat_images SET screen_status = 'clear' WHERE storage_key = ${blobUrl}`,
    );
    const fresh = await imageUrl();
    expect(fresh.statusCode).toBe(200);
    expect((await fetchUrl(fresh.json().url)).statusCode).toBe(200);

    // Another pair cannot fetch it, nor send it in their own conversation.
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${pair!.cid}/images/${name}`,
      headers: other!.owner.headers,
    });
    expect(stranger.statusCode).toBe(403);
    const reused = await send(t, other!.bidder, other!.cid, { type: 'image', blobUrl });
    expect(reused.statusCode).toBe(400);
  });

  it('refuses what is not an image and members without an accepted connection', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const notImage = await upload(pair!.owner.headers, pair!.cid, Buffer.from('<svg></svg>'));
    expect(notImage.statusCode).toBe(400);
    await t.app.inject({
      method: 'PUT',
      url: `/api/connections/${pair!.connectionId}/status`,
      headers: pair!.owner.headers,
      payload: { status: 'unmatched' },
    });
    const after = await upload(pair!.owner.headers, pair!.cid, await photoWithGps());
    expect(after.statusCode).toBe(403);
  });
});
