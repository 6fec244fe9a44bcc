// Chat images that go (issue 41): an image uploaded but never sent in a message was kept
// forever, and account deletion left the uploader's image rows behind. Now an image
// unsent for a day is swept (row, and file through the storage deletion sweeper), a sent
// one stays; deleting the account removes every image the member uploaded, sent or not,
// with a flagged image's blurred copy. The sweep never deletes an image being sent at that
// moment, nor is a message stored with an image it deleted.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CHAT_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { acceptedPairs, type ChatMember, send } from '../../../test/chat';
import { testClock } from '../../../test/marketplace';
import { createStorage } from '../../adapters/storage';
import { rows } from '../../db/client';
import { startChatImageSweeper } from '../../jobs/chat-image-sweep';
import { loadSecrets } from '../../lib/secrets';
import { storedFiles } from '../media/media-test-helpers';
import { deleteQueuedObjects } from '../media/storage-deletions';
import { sendMessage } from './chat.service';
import { sweepUnsentChatImages } from './unsent-chat-images';

const START = new Date('2025-06-02T15:00:00Z');
const clock = testClock(START.toISOString());
const hoursOn = (hours: number) => clock.set(new Date(START.getTime() + hours * 3600_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

async function upload(member: ChatMember, cid: string): Promise<string> {
  const image = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#3a6' },
  })
    .png()
    .toBuffer();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${cid}/images`,
    headers: { ...member.headers, 'content-type': 'application/octet-stream' },
    payload: image,
  });
  expect(res.statusCode).toBe(200);
  return res.json().blobUrl;
}

/** Marks the image flagged with a stored blurred copy, as the screening job does. */
async function flagWithBlurredCopy(key: string): Promise<string> {
  const blurred = key.replace('chat/', 'chat-blurred/');
  const file = path.join(t.config.DATA_DIR, 'uploads', blurred);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'blurred');
  await t.database.db.execute(
    sql`UPDATE chat_images SET screen_status = 'flagged', blurred_key = ${blurred}
         WHERE storage_key = ${key}`,
  );
  return blurred;
}

async function imageKeys(uploaderId: number): Promise<string[]> {
  const found = await rows<{ storage_key: string }>(
    t.database.db,
    sql`SELECT storage_key FROM chat_images WHERE uploader_id = ${uploaderId} ORDER BY id`,
  );
  return found.map((row) => row.storage_key);
}

async function deleteQueuedFiles() {
  return deleteQueuedObjects({
    db: t.database.db,
    storage: await createStorage(t.config, loadSecrets(t.config)),
    clock: clock.clock,
    onFailure: (failure) => {
      throw new Error(`storage deletion failed: ${failure.kind}`);
    },
  });
}

const stored = async (key: string) =>
  (await storedFiles(t)).some((file) => file.endsWith(path.join('uploads', key)));

describe('unsent chat images', () => {
  it('are swept after a day with their blurred copy; sent ones stay', async () => {
    hoursOn(0);
    const [pair] = await acceptedPairs(t, clock, 1);
    const { bidder, cid } = pair!;
    const sentKey = await upload(bidder, cid);
    expect((await send(t, bidder, cid, { type: 'image', blobUrl: sentKey })).statusCode).toBe(200);
    const unsentKey = await upload(bidder, cid);
    const blurred = await flagWithBlurredCopy(unsentKey);
    hoursOn(12);
    const youngKey = await upload(bidder, cid);

    let woken = 0;
    const sweeper = startChatImageSweeper({
      db: t.database.db,
      clock: clock.clock,
      onSwept: () => {
        woken += 1;
      },
      onError: (error) => {
        throw error;
      },
      intervalMs: 3600_000,
    });
    try {
      hoursOn(23);
      expect(await sweeper.wake()).toBe(0);
      hoursOn(25);
      expect(await sweeper.wake()).toBe(1);
      expect(woken).toBe(1);
    } finally {
      await sweeper.stop();
    }
    expect(await imageKeys(bidder.id)).toEqual([sentKey, youngKey]);

    expect(await deleteQueuedFiles()).toEqual({ deleted: 2, failed: 0 });
    expect(await stored(unsentKey)).toBe(false);
    expect(await stored(blurred)).toBe(false);
    expect(await stored(sentKey)).toBe(true);
    expect(await stored(youngKey)).toBe(true);
  });

  it('go with the account, sent or not, files and rows', async () => {
    hoursOn(100);
    const [pair] = await acceptedPairs(t, clock, 1);
    const { owner, bidder, cid } = pair!;
    const sentKey = await upload(owner, cid);
    expect((await send(t, owner, cid, { type: 'image', blobUrl: sentKey })).statusCode).toBe(200);
    const blurred = await flagWithBlurredCopy(sentKey);
    const unsentKey = await upload(owner, cid);
    const partnerKey = await upload(bidder, cid);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: owner.headers,
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);
    expect(await imageKeys(owner.id)).toEqual([]);
    expect(await imageKeys(bidder.id)).toEqual([partnerKey]);

    expect(await deleteQueuedFiles()).toEqual({ deleted: 3, failed: 0 });
    for (const key of [sentKey, blurred, unsentKey]) expect(await stored(key), key).toBe(false);
    expect(await stored(partnerKey)).toBe(true);
  });

  it('are never deleted while being sent: the send either takes the image or is refused', async () => {
    hoursOn(200);
    const [pair] = await acceptedPairs(t, clock, 1);
    const { bidder, cid } = pair!;
    const chatCtx = {
      db: t.database.db,
      storage: await createStorage(t.config, loadSecrets(t.config)),
      clock: clock.clock,
      config: t.config,
      online: async () => new Set<number>(),
      wakeVisionJobs: () => {},
    };
    const sweep = () => sweepUnsentChatImages({ db: t.database.db, clock: clock.clock });

    // The route found the upload, then the sweep took it before the message was stored.
    const lateKey = await upload(bidder, cid);
    hoursOn(225);
    await sweep();
    expect(await imageKeys(bidder.id)).not.toContain(lateKey);
    await expect(
      sendMessage(chatCtx, bidder.id, cid, { text: '', type: 'image', blobKey: lateKey }),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: CHAT_MESSAGES.imageRequired });
    expect(
      await rows(t.database.db, sql`SELECT id FROM messages WHERE blob_key = ${lateKey}`),
    ).toEqual([]);

    // Sends and sweeps at the same moment: whichever comes first, a sent image stays and
    // a swept one is in no message.
    hoursOn(230);
    const keys: string[] = [];
    for (let i = 0; i < 6; i++) keys.push(await upload(bidder, cid));
    hoursOn(255);
    const answers = await Promise.all([
      ...keys.map((key) => send(t, bidder, cid, { type: 'image', blobUrl: key })),
      sweep(),
      sweep(),
    ]);
    const kept = new Set(await imageKeys(bidder.id));
    const carried = new Set(
      (
        await rows<{ blob_key: string }>(
          t.database.db,
          sql`SELECT blob_key FROM messages WHERE cid = ${cid} AND blob_key IS NOT NULL`,
        )
      ).map((m) => m.blob_key),
    );
    keys.forEach((key, i) => {
      const answer = answers[i] as Awaited<ReturnType<typeof send>>;
      expect([200, 400]).toContain(answer.statusCode);
      expect(carried.has(key), key).toBe(answer.statusCode === 200);
      expect(kept.has(key), key).toBe(answer.statusCode === 200);
    });
  });
});
