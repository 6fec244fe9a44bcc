import { BIOMETRIC_CONSENT_VERSION, MEDIA_MESSAGES } from '@bidboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createStorage } from '../../adapters/storage';
import { verificationVideos } from '../../db/media.schema';
import { loadSecrets } from '../../lib/secrets';
import { memberSession, storedFiles, webmBytes, webmHeaderThen } from './media-test-helpers';
import { createVideoUploadUrl, submitVerificationVideo } from './verification-video.service';

let t: TestApp;
beforeAll(async () => {
  // Production's review workflow: videos wait for an admin.
  t = await createTestApp({ AUTO_APPROVE: 'false' });
});
afterAll(() => t.close());

async function uploadTarget(headers: Record<string, string>, contentType = 'video/webm') {
  return t.app.inject({
    method: 'GET',
    url: `/api/getPresignedUploadUrl?fileType=video&contentType=${encodeURIComponent(contentType)}`,
    headers,
  });
}
const put = (url: string, body: Buffer, contentType = 'video/webm') =>
  t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });
const submit = (headers: Record<string, string>, file_name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uploadVerificationVideo',
    headers,
    payload: { file_name, verification_status: 'pending' },
  });

describe('verification video upload', () => {
  it('presigns, accepts the PUT and records the video as pending', async () => {
    const { member, headers } = await memberSession(t);
    const target = await uploadTarget(headers);
    expect(target.statusCode).toBe(200);
    const { uploadUrl, key, success } = target.json();
    expect(success).toBe(true);
    expect(key).toMatch(new RegExp(`^dev/verification-videos/${member.id}/[0-9a-f-]{36}\\.webm$`));
    expect(uploadUrl).toMatch(/^\/api\/files\/dev\/verification-videos\//);

    expect((await put(uploadUrl, webmBytes(), 'video/mp4')).statusCode).toBe(403);
    expect((await put(uploadUrl, webmBytes())).statusCode).toBe(200);
    expect((await put(uploadUrl, webmBytes())).statusCode).toBe(409);

    const response = await submit(headers, key);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      video: { user_id: member.id, file_name: key, verification_status: 'pending' },
    });
    const rows = await t.database.db
      .select()
      .from(verificationVideos)
      .where(eq(verificationVideos.user_id, member.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a non-webm body and deletes it', async () => {
    const { member, headers } = await memberSession(t);
    const { uploadUrl, key } = (await uploadTarget(headers)).json();
    expect((await put(uploadUrl, Buffer.from('not a video at all'))).statusCode).toBe(200);
    const response = await submit(headers, key);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MEDIA_MESSAGES.videoInvalid);
    expect((await storedFiles(t)).some((f) => f.endsWith(key.split('/').pop()!))).toBe(false);
    expect(
      await t.database.db
        .select()
        .from(verificationVideos)
        .where(eq(verificationVideos.user_id, member.id)),
    ).toEqual([]);
  });

  it('refuses a WebM header followed by anything (issue 14) and deletes it', async () => {
    const { member, headers } = await memberSession(t);
    const { uploadUrl, key } = (await uploadTarget(headers)).json();
    const fake = webmHeaderThen(Buffer.alloc(4 * 1024 * 1024, 0x41));
    expect((await put(uploadUrl, fake)).statusCode).toBe(200);
    const response = await submit(headers, key);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MEDIA_MESSAGES.videoInvalid);
    expect((await storedFiles(t)).some((f) => f.endsWith(key.split('/').pop()!))).toBe(false);
    const rows = await t.database.db
      .select()
      .from(verificationVideos)
      .where(eq(verificationVideos.user_id, member.id));
    expect(rows).toEqual([]);
  });

  it('gives back the stored video to its member only, so a reload keeps it (issue 20)', async () => {
    const { member, headers } = await memberSession(t);
    const other = await memberSession(t);
    const mine = () => t.app.inject({ method: 'GET', url: '/api/verificationVideo', headers });
    expect((await mine()).json()).toEqual({ success: true, video: null });
    const { uploadUrl, key } = (await uploadTarget(headers)).json();
    await put(uploadUrl, webmBytes());
    await submit(headers, key);

    const response = await mine();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      video: {
        id: expect.any(Number),
        user_id: member.id,
        file_name: key,
        verification_status: 'pending',
      },
    });
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/verificationVideo',
      headers: other.headers,
    });
    expect(theirs.json()).toEqual({ success: true, video: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/verificationVideo' })).statusCode).toBe(
      401,
    );
  });

  it("cannot submit another member's key, a made-up key or a missing file", async () => {
    const owner = await memberSession(t);
    const other = await memberSession(t);
    const { uploadUrl, key } = (await uploadTarget(owner.headers)).json();
    await put(uploadUrl, webmBytes());
    for (const name of [
      key,
      '../../etc/passwd',
      `dev/verification-videos/${other.member.id}/x.webm`,
    ]) {
      const response = await submit(other.headers, name);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MEDIA_MESSAGES.videoNotFound);
    }
  });

  it('refuses other content types, strangers and oversized uploads', async () => {
    const { headers } = await memberSession(t);
    const png = await uploadTarget(headers, 'image/png');
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe(MEDIA_MESSAGES.videoContentType);
    expect((await uploadTarget({})).statusCode).toBe(401);
    const { uploadUrl } = (await uploadTarget(headers)).json();
    const huge = await put(uploadUrl, Buffer.alloc(41 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
  });

  it("answers 'Failed to generate upload URL' with 500 when storage fails", async () => {
    const { member } = await memberSession(t);
    const broken = {
      db: t.database.db,
      config: t.config,
      clock: () => new Date(),
      storage: {
        newKey: () => 'dev/verification-videos/1/a.webm',
        signedUploadUrl: () => Promise.reject(new Error('storage down')),
      },
    };
    await expect(
      createVideoUploadUrl(broken as never, member.id, 'video/webm;codecs=vp8'),
    ).rejects.toMatchObject({ status: 500, message: MEDIA_MESSAGES.uploadUrlFailed });
  });
});

describe('with AUTO_APPROVE (product rules: Approval)', () => {
  it('approves the verification video of a member who agreed to face matching', async () => {
    const { member, headers } = await memberSession(t);
    const agreed = await t.app.inject({
      method: 'POST',
      url: '/api/biometric-consent',
      headers,
      payload: { decision: 'agreed', version: BIOMETRIC_CONSENT_VERSION },
    });
    expect(agreed.statusCode).toBe(200);
    const { uploadUrl, key } = (await uploadTarget(headers)).json();
    expect((await put(uploadUrl, webmBytes())).statusCode).toBe(200);
    const ctx = {
      db: t.database.db,
      storage: await createStorage(t.config, loadSecrets(t.config)),
      clock: () => new Date(),
      config: { ...t.config, AUTO_APPROVE: true },
      wakeVisionJobs: () => {},
    };
    const video = await submitVerificationVideo(ctx, member.id, key);
    expect(video.verification_status).toBe('approved');
  });
});
