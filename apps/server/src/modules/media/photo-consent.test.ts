// Photos before biometric consent (issue 42): no face model looks at a member's photos until
// they agree to face matching. Until then only the nudity model runs; the photo is marked
// 'no_consent', a slot-1 photo waits for a moderator even where uploads approve themselves,
// and no other photo may move into slot 1. Agreeing sends those photos to the face check.
import { BIOMETRIC_CONSENT_VERSION, MEDIA_MESSAGES } from '@bidboard/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createStorage } from '../../adapters/storage';
import type { AnalyzeOptions, Vision } from '../../adapters/vision/vision.port';
import { profileImages } from '../../db/media.schema';
import { runDueVisionJobs } from '../../jobs/vision-jobs';
import { loadSecrets } from '../../lib/secrets';
import { memberSession } from './media-test-helpers';

/** What each call asked the models for; a face is found whenever faces are looked for. */
const asked: AnalyzeOptions[] = [];
const recordingVision: Vision = {
  analyze: async (_image, options) => {
    asked.push(options);
    return {
      faces: options.faces
        ? [{ score: 0.9, box: [10, 10, 200, 200], embedding: new Float32Array(8), yaw: 0 }]
        : [],
      nudity: options.nudity ? { score: 0.01, classes: {} } : null,
      ms: 1,
    };
  },
  warm: async () => {},
  stats: async () => ({ rss: 0, loaded: false }),
  close: async () => {},
};

let t: TestApp;
beforeAll(async () => {
  // The demo's setting: uploads approve themselves. A photo no model saw a face in must not.
  t = await createTestApp({ AUTO_APPROVE: 'true' }, { vision: recordingVision });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const photo = (shade: number) =>
  sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: shade, g: 90, b: 60 } },
  })
    .jpeg()
    .toBuffer();

async function upload(headers: Headers, slot: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/uploadProfileImage?display_order=${slot}`,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: await photo(40 * slot),
  });
  expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
  return res.json().image.id as number;
}

const decide = (headers: Headers, decision: 'agreed' | 'declined') =>
  t.app.inject({
    method: 'POST',
    url: '/api/biometric-consent',
    headers,
    payload: { decision, version: BIOMETRIC_CONSENT_VERSION },
  });

async function runJobs() {
  await runDueVisionJobs({
    db: t.database.db,
    storage: await createStorage(t.config, loadSecrets(t.config)),
    clock: () => new Date(),
    vision: recordingVision,
    config: t.config,
  });
}

async function photoRow(id: number) {
  const [row] = await t.database.db.select().from(profileImages).where(eq(profileImages.id, id));
  return row!;
}

describe('photos before biometric consent', () => {
  it.each([
    ['never asked', null],
    ['declined', 'declined'],
  ] as const)(
    '%s: only the nudity model runs and a person checks slot 1',
    async (_name, decision) => {
      const { headers } = await memberSession(t, { onboarded: 10 });
      if (decision) expect((await decide(headers, decision)).statusCode).toBe(200);
      asked.length = 0;
      const first = await upload(headers, 1);
      const second = await upload(headers, 2);
      await runJobs();

      expect(asked).toEqual([
        { faces: false, nudity: true, priority: 'interactive' },
        { faces: false, nudity: true, priority: 'background' },
      ]);
      expect(await photoRow(first)).toMatchObject({
        face_status: 'no_consent',
        face_embedding: null,
        screen_status: 'passed',
        review_status: 'pending',
      });
      // Slots 2 and 3 need no face: approved as uploads are here.
      expect(await photoRow(second)).toMatchObject({
        face_status: 'no_consent',
        face_embedding: null,
        review_status: 'approved',
      });
      const swap = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-profile-images-order',
        headers,
        payload: {
          images: [
            { id: second, display_order: 1 },
            { id: first, display_order: 2 },
          ],
        },
      });
      expect([swap.statusCode, swap.json().message]).toEqual([
        400,
        MEDIA_MESSAGES.firstSpotUploadOnly,
      ]);
    },
  );

  it('agreeing sends the photos to the face check; slot 1 is approved once a face is found', async () => {
    const { headers } = await memberSession(t, { onboarded: 10 });
    const first = await upload(headers, 1);
    const second = await upload(headers, 2);
    await runJobs();
    asked.length = 0;

    expect((await decide(headers, 'agreed')).statusCode).toBe(200);
    await runJobs();
    expect(asked).toEqual([
      { faces: true, nudity: true, priority: 'background' },
      { faces: true, nudity: true, priority: 'background' },
    ]);
    expect(await photoRow(first)).toMatchObject({ face_status: 'face', review_status: 'approved' });
    expect(await photoRow(second)).toMatchObject({ face_status: 'face' });
    // The photo check keeps no face description; only the face match stores one.
    expect((await photoRow(first)).face_embedding).toBeNull();

    // With consent, the slot-1 check looks for the face while the member waits.
    asked.length = 0;
    const third = await upload(headers, 1);
    expect(asked).toEqual([{ faces: true, nudity: true, priority: 'interactive' }]);
    expect(await photoRow(third)).toMatchObject({ face_status: 'face', review_status: 'approved' });
  });
});
