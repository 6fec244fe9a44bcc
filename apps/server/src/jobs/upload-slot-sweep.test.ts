// Issue 14, defect 5: a presigned verification-video upload that is never submitted is
// swept from storage once its slot expires, and a member holds a bounded number of slots.
import { MEDIA_MESSAGES, VIDEO_UPLOAD_SLOTS_MAX } from '@bidboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { testClock } from '../../test/marketplace';
import { createStorage } from '../adapters/storage';
import type { Storage } from '../adapters/storage/storage.port';
import { uploadSlots } from '../db/media.schema';
import { loadSecrets } from '../lib/secrets';
import { memberSession, storedFiles, webmBytes } from '../modules/media/media-test-helpers';
import { slotExpiry } from '../modules/media/upload-slots';
import { startUploadSlotSweeper } from './upload-slot-sweep';

const clock = testClock(new Date().toISOString());
let t: TestApp;
let storage: Storage;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  storage = await createStorage(t.config, loadSecrets(t.config));
});
afterAll(() => t.close());

async function uploadUrl(headers: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: '/api/getPresignedUploadUrl?fileType=video&contentType=video%2Fwebm',
    headers,
  });
}

async function uploadVideo(headers: Record<string, string>) {
  const { uploadUrl: url, key } = (await uploadUrl(headers)).json();
  const put = await t.app.inject({
    method: 'PUT',
    url,
    headers: { 'content-type': 'video/webm' },
    payload: webmBytes(),
  });
  expect(put.statusCode).toBe(200);
  return key as string;
}

const isStored = async (key: string) =>
  (await storedFiles(t)).some((file) => file.endsWith(key.split('/').pop()!));

async function sweepAt(at: Date) {
  clock.set(at);
  const sweeper = startUploadSlotSweeper({
    db: t.database.db,
    storage,
    clock: clock.clock,
    onError: (error) => {
      throw error;
    },
  });
  const swept = await sweeper.wake();
  await sweeper.stop();
  return swept;
}

describe('abandoned verification-video uploads', () => {
  it('are deleted from storage once their slot expires; submitted ones stay', async () => {
    clock.set(new Date());
    const abandoner = await memberSession(t);
    const abandoned = await uploadVideo(abandoner.headers);
    const finisher = await memberSession(t);
    const kept = await uploadVideo(finisher.headers);
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/uploadVerificationVideo',
      headers: finisher.headers,
      payload: { file_name: kept },
    });
    expect(submit.statusCode).toBe(200);
    expect(await isStored(abandoned)).toBe(true);

    // Before the expiry nothing goes; after it the abandoned file and its slot do.
    expect(await sweepAt(new Date(clock.clock().getTime() + 60_000))).toBe(0);
    expect(await isStored(abandoned)).toBe(true);
    expect(await sweepAt(new Date(slotExpiry(clock.clock()).getTime() + 1000))).toBeGreaterThan(0);
    expect(await isStored(abandoned)).toBe(false);
    expect(await isStored(kept)).toBe(true);
    const slots = await t.database.db
      .select()
      .from(uploadSlots)
      .where(eq(uploadSlots.user_id, abandoner.member.id));
    expect(slots).toEqual([]);

    // Too late to submit it now.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/uploadVerificationVideo',
      headers: abandoner.headers,
      payload: { file_name: abandoned },
    });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(MEDIA_MESSAGES.videoNotFound);
  });
});

describe('open upload slots per member', () => {
  it(`allow ${VIDEO_UPLOAD_SLOTS_MAX} at once, even when asked for in parallel`, async () => {
    clock.set(new Date());
    const { headers } = await memberSession(t);
    const answers = await Promise.all(
      Array.from({ length: VIDEO_UPLOAD_SLOTS_MAX + 4 }, () => uploadUrl(headers)),
    );
    const granted = answers.filter((a) => a.statusCode === 200);
    expect(granted).toHaveLength(VIDEO_UPLOAD_SLOTS_MAX);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.every((a) => a.statusCode === 429)).toBe(true);
    expect(refused[0]!.json().message).toBe(MEDIA_MESSAGES.tooManyOpenUploads);

    // Once they have expired (and been swept), the member may upload again.
    await sweepAt(new Date(slotExpiry(clock.clock()).getTime() + 1000));
    expect((await uploadUrl(headers)).statusCode).toBe(200);
  });
});
