// Biometric consent (issue 42): the decision is kept with the text's version and time; a
// member who declined still submits a video, which waits for a person while nothing of
// their face is measured (the face match never calls the models); declining or withdrawing
// deletes every face description at once; agreeing later sends the skipped video back to
// the face match. The real models' side (a withdrawn member is no longer anyone's
// duplicate) is in vision.test.ts.
import {
  BIOMETRIC_CONSENT_MESSAGES,
  BIOMETRIC_CONSENT_VERSION,
  type BiometricConsentState,
} from '@bidboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createStorage } from '../../adapters/storage';
import type { Vision } from '../../adapters/vision/vision.port';
import { rows } from '../../db/client';
import { profileImages, verificationVideos } from '../../db/media.schema';
import { runDueVisionJobs } from '../../jobs/vision-jobs';
import { loadSecrets } from '../../lib/secrets';
import { addImage, memberSession, webmBytes } from '../media/media-test-helpers';

let t: TestApp;
beforeAll(async () => {
  // The demo's setting: uploads approve themselves. A video without consent must not.
  t = await createTestApp({ AUTO_APPROVE: 'true' });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const consentOf = async (headers: Headers): Promise<BiometricConsentState> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/biometric-consent', headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const decide = (headers: Headers, decision: string, version = BIOMETRIC_CONSENT_VERSION) =>
  t.app.inject({
    method: 'POST',
    url: '/api/biometric-consent',
    headers,
    payload: { decision, version },
  });
const withdraw = (headers: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/biometric-consent/withdraw', headers });

async function submitVideo(headers: Headers) {
  const target = await t.app.inject({
    method: 'GET',
    url: '/api/getPresignedUploadUrl?fileType=video&contentType=video%2Fwebm',
    headers,
  });
  const { uploadUrl, key } = target.json();
  await t.app.inject({
    method: 'PUT',
    url: uploadUrl,
    headers: { 'content-type': 'video/webm' },
    payload: webmBytes(),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploadVerificationVideo',
    headers,
    payload: { file_name: key },
  });
  expect(res.statusCode).toBe(200);
  return res.json().video as { id: number; verification_status: string };
}

/** Models that must not be asked: without consent nothing is measured. */
const refusingVision: Vision = {
  analyze: () => Promise.reject(new Error('the models were asked about a face without consent')),
  warm: async () => {},
  stats: async () => ({ rss: 0, loaded: false }),
  close: async () => {},
};

async function runJobs() {
  return runDueVisionJobs({
    db: t.database.db,
    storage: await createStorage(t.config, loadSecrets(t.config)),
    clock: () => new Date(),
    vision: refusingVision,
    config: t.config,
  });
}

const videoRow = async (id: number) =>
  (await t.database.db.select().from(verificationVideos).where(eq(verificationVideos.id, id)))[0]!;

/** Face descriptions kept for the member, on videos and photos. */
async function embeddingsOf(userId: number) {
  const [count] = await rows<{ n: number }>(
    t.database.db,
    sql`SELECT (SELECT count(*) FROM verification_videos
                 WHERE user_id = ${userId} AND face_embedding IS NOT NULL)
             + (SELECT count(*) FROM profile_images
                 WHERE user_id = ${userId} AND face_embedding IS NOT NULL) AS n`,
  );
  return Number(count!.n);
}

const pendingFaceMatches = async (videoId: number) =>
  (
    await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM vision_jobs
           WHERE kind = 'face_match' AND subject_id = ${videoId} AND status = 'pending'`,
    )
  ).length;

describe('biometric consent', () => {
  it('keeps the decision with the version read and the time, refusing an old text', async () => {
    const { headers } = await memberSession(t, { onboarded: 11 });
    expect(await consentOf(headers)).toEqual({
      decision: null,
      version: null,
      decided_at: null,
      current_version: BIOMETRIC_CONSENT_VERSION,
      retention_days: 365,
      video_retention_days: 30,
      face_descriptions: 0,
    });
    const stale = await decide(headers, 'agreed', '2020-01-01');
    expect([stale.statusCode, stale.json().message]).toEqual([
      400,
      BIOMETRIC_CONSENT_MESSAGES.versionChanged,
    ]);
    expect((await consentOf(headers)).decision).toBeNull();

    const before = Date.now();
    const agreed = await decide(headers, 'agreed');
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json()).toMatchObject({ decision: 'agreed', version: BIOMETRIC_CONSENT_VERSION });
    expect(Date.parse(agreed.json().decided_at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await withdraw(headers)).json()).toMatchObject({
      decision: 'withdrawn',
      version: BIOMETRIC_CONSENT_VERSION,
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/biometric-consent' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('without consent: the video waits for a person and the face match measures nothing', async () => {
    const { member, headers } = await memberSession(t, { onboarded: 11 });
    await addImage(t, { user_id: member.id, display_order: 1 });
    expect((await decide(headers, 'declined')).json().decision).toBe('declined');
    const video = await submitVideo(headers);
    // Uploads approve themselves here; this one is 'In review' for a moderator.
    expect(video.verification_status).toBe('pending');

    await runJobs();
    expect(await videoRow(video.id)).toMatchObject({
      face_match: 'no_consent',
      face_embedding: null,
      face_match_score: null,
      evidence_keys: [],
      verification_status: 'pending',
    });
    expect(await embeddingsOf(member.id)).toBe(0);

    // Agreeing afterwards sends the video to the face match; a member who agreed first
    // has their video approved as uploads are here.
    expect(await pendingFaceMatches(video.id)).toBe(0);
    await decide(headers, 'agreed');
    expect(await pendingFaceMatches(video.id)).toBe(1);
    const consenting = await memberSession(t, { onboarded: 11 });
    await decide(consenting.headers, 'agreed');
    expect((await submitVideo(consenting.headers)).verification_status).toBe('approved');
  });

  it('withdrawing or declining deletes every face description at once', async () => {
    for (const last of ['withdraw', 'decline'] as const) {
      const { member, headers } = await memberSession(t, { onboarded: 14 });
      await decide(headers, 'agreed');
      const video = await submitVideo(headers);
      const photo = await addImage(t, { user_id: member.id, display_order: 1 });
      // What a face match stores with consent: the video's and the photo's descriptions.
      await t.database.db
        .update(verificationVideos)
        .set({ face_embedding: Buffer.alloc(16, 1), face_match: 'match' })
        .where(eq(verificationVideos.id, video.id));
      await t.database.db
        .update(profileImages)
        .set({ face_embedding: Buffer.alloc(16, 2) })
        .where(eq(profileImages.id, photo.id));
      expect(await embeddingsOf(member.id)).toBe(2);
      expect((await consentOf(headers)).face_descriptions).toBe(2);

      const res = last === 'withdraw' ? await withdraw(headers) : await decide(headers, 'declined');
      expect(res.statusCode).toBe(200);
      expect(res.json().decision).toBe(last === 'withdraw' ? 'withdrawn' : 'declined');
      expect(await embeddingsOf(member.id)).toBe(0);
      // The video stays for a person; its face match result is kept as the moderator saw it.
      expect(await videoRow(video.id)).toMatchObject({ face_match: 'match', face_embedding: null });
    }
  });

  it('a face match queued before a withdrawal stores nothing after it', async () => {
    const { member, headers } = await memberSession(t, { onboarded: 14 });
    await addImage(t, { user_id: member.id, display_order: 1 });
    await decide(headers, 'agreed');
    const video = await submitVideo(headers);
    expect(await pendingFaceMatches(video.id)).toBe(1);
    await withdraw(headers);
    await runJobs();
    expect(await videoRow(video.id)).toMatchObject({
      face_match: 'no_consent',
      verification_status: 'pending',
    });
    expect(await embeddingsOf(member.id)).toBe(0);
  });
});
