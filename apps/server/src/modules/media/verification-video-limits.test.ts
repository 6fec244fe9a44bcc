// Verification videos are bounded (issue 41): 15 submissions in a row queued 15 face
// matches (~230 s of model time that every member's photo and chat-image screening waited
// behind) and kept 15 files. Now a member may submit `verification_videos_per_day` in 24
// hours, refused with the shared message before anything is written; a new video replaces
// the older, whose face match is dropped if it has not started and whose files go.
import { MEDIA_MESSAGES } from '@bidboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { createStorage } from '../../adapters/storage';
import { rows } from '../../db/client';
import { verificationVideos } from '../../db/media.schema';
import { users } from '../../db/schema';
import { loadSecrets } from '../../lib/secrets';
import { pruneExpiredRows } from '../retention/retention.service';
import { storedFiles, webmBytes } from './media-test-helpers';
import { deleteQueuedObjects } from './storage-deletions';

const clock = testClock('2026-03-02T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTO_APPROVE: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

/** An admin signed in at the clock's time (the tests move it days ahead). */
async function admin() {
  const row = await buildMember(t.database.db, { onboarded: 14, is_approved: true });
  // Signing in sets the role from ADMIN_PHONES, so the role is given after it.
  const { token } = await signIn(t, row.phone_number);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, row.id));
  return { authorization: `Bearer ${token}` };
}

async function member() {
  const row = await buildMember(t.database.db, { onboarded: 14 });
  const { token } = await signIn(t, row.phone_number);
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

const uploadTarget = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: '/api/getPresignedUploadUrl?fileType=video&contentType=video%2Fwebm',
    headers,
  });

/** An upload URL taken and the recording PUT there; returns its key. */
async function uploaded(headers: Record<string, string>): Promise<string> {
  const target = await uploadTarget(headers);
  expect(target.statusCode).toBe(200);
  const { uploadUrl, key } = target.json();
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadUrl,
    headers: { 'content-type': 'video/webm' },
    payload: webmBytes(),
  });
  expect(put.statusCode).toBe(200);
  return key;
}

const submit = (headers: Record<string, string>, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uploadVerificationVideo',
    headers,
    payload: { file_name: key },
  });

const videosOf = (userId: number) =>
  t.database.db
    .select()
    .from(verificationVideos)
    .where(eq(verificationVideos.user_id, userId))
    .orderBy(verificationVideos.id);

async function pendingFaceMatches(videoIds: number[]) {
  const found = await rows<{ subject_id: number }>(
    t.database.db,
    sql`SELECT subject_id FROM vision_jobs WHERE kind = 'face_match' AND status = 'pending'
         AND subject_id = ANY(${`{${videoIds.join(',')}}`}::bigint[]) ORDER BY subject_id`,
  );
  return found.map((row) => Number(row.subject_id));
}

const isStored = async (key: string) =>
  (await storedFiles(t)).some((file) => file.endsWith(key.split('/').pop()!));

describe('verification videos per member (issue 41)', () => {
  it('takes three in 24 hours, then refuses with the message at the upload URL and the submission', async () => {
    const m = await member();
    for (let i = 0; i < 3; i++) {
      clock.set(new Date(Date.parse('2026-03-02T15:00:00Z') + i * 60_000));
      expect((await submit(m.headers, await uploaded(m.headers))).statusCode).toBe(200);
    }
    // The fourth recording is refused before it is made: no upload URL, no slot.
    const refused = await uploadTarget(m.headers);
    expect([refused.statusCode, refused.json()]).toEqual([
      429,
      { message: MEDIA_MESSAGES.tooManyVideos, code: 'RATE_LIMITED' },
    ]);
    expect(await videosOf(m.id)).toHaveLength(3);

    // 24 hours after the first, one more.
    clock.set('2026-03-03T15:00:30Z');
    expect((await submit(m.headers, await uploaded(m.headers))).statusCode).toBe(200);
    expect((await uploadTarget(m.headers)).statusCode).toBe(429);
  });

  it('refuses a submission past the limit even with upload URLs taken before, in parallel', async () => {
    clock.set('2026-03-05T10:00:00Z');
    const m = await member();
    // Five recordings uploaded first (the most open uploads a member may hold).
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) keys.push(await uploaded(m.headers));
    const answers = await Promise.all(keys.map((key) => submit(m.headers, key)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(answer.json().message).toBe(MEDIA_MESSAGES.tooManyVideos);
    }
    // The refused recordings are not kept.
    const refusedKeys = keys.filter((_, i) => answers[i]!.statusCode === 429);
    for (const key of refusedKeys) expect(await isStored(key)).toBe(false);
    expect(await videosOf(m.id)).toHaveLength(3);
  });

  it('replaces the older video: its face match is dropped, its files deleted, the queue shows the new one', async () => {
    clock.set('2026-03-07T10:00:00Z');
    const m = await member();
    const firstKey = await uploaded(m.headers);
    const first = (await submit(m.headers, firstKey)).json().video.id as number;
    // The first one's face match ran: it has frames as evidence and a face description.
    const frameKey = `dev/verification-evidence/${m.id}/frame.jpg`;
    const storage = await createStorage(t.config, loadSecrets(t.config));
    await storage.put(frameKey, Buffer.from('jpeg'), 'image/jpeg');
    await t.database.db
      .update(verificationVideos)
      .set({ evidence_keys: [frameKey], face_embedding: Buffer.alloc(16), face_match: 'match' })
      .where(eq(verificationVideos.id, first));
    await t.database.db.execute(
      sql`UPDATE vision_jobs SET status = 'done' WHERE kind = 'face_match' AND subject_id = ${first}`,
    );
    clock.set('2026-03-07T10:01:00Z');
    const second = (await submit(m.headers, await uploaded(m.headers))).json().video.id as number;
    clock.set('2026-03-07T10:02:00Z');
    const thirdKey = await uploaded(m.headers);
    const third = (await submit(m.headers, thirdKey)).json().video.id as number;

    // One face match waits for this member, the latest video's: the others were dropped.
    expect(await pendingFaceMatches([first, second, third])).toEqual([third]);
    const videos = await videosOf(m.id);
    expect(videos.map((v) => [v.id, v.superseded_at !== null])).toEqual([
      [first, true],
      [second, true],
      [third, false],
    ]);
    expect(videos[0]).toMatchObject({ face_embedding: null, evidence_keys: [] });
    // The review queue holds the member's live video only.
    const headers = await admin();
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/media/pending',
      headers,
    });
    expect(queue.statusCode).toBe(200);
    const mine = (queue.json().items as { id: number; kind: string; user_id: number }[]).filter(
      (item) => item.kind === 'video' && item.user_id === m.id,
    );
    expect(mine.map((item) => item.id)).toEqual([third]);
    // A replaced video cannot be decided on.
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/admin/media/videos/${first}/review`,
      headers,
      payload: { status: 'approved' },
    });
    expect(review.statusCode).toBe(404);

    // Storage: the replaced files and frames go with the deletion sweep; the live one stays.
    expect(await isStored(firstKey)).toBe(true);
    await deleteQueuedObjects({
      db: t.database.db,
      storage,
      clock: clock.clock,
      onFailure: (failure) => {
        throw new Error(`deletion failed: ${failure.kind}`);
      },
    });
    expect(await isStored(firstKey)).toBe(false);
    expect(await isStored(frameKey)).toBe(false);
    expect(await isStored(thirdKey)).toBe(true);
    // The replaced rows count for the limit for a day, then go.
    clock.set('2026-03-08T10:00:30Z');
    await pruneExpiredRows({ db: t.database.db, config: t.config, clock: clock.clock });
    expect((await videosOf(m.id)).map((v) => v.id)).toEqual([second, third]);
  });
});
