// Biometric retention (issue 42), on a controllable clock: face descriptions go at the
// latest BIOMETRIC_RETENTION_DAYS after the member's last sign-in (which each sign-in moves),
// and with the account; a verification video's file goes VERIFICATION_VIDEO_RETENTION_DAYS
// after its review was decided, its row keeping the decision; the public policy states the
// same numbers, and the admin console never shows a face description.
import { BIOMETRIC_CONSENT_VERSION, DELETE_ACCOUNT_CONFIRMATION } from '@bidboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { verificationVideos } from '../../db/media.schema';
import { users } from '../../db/schema';
import { sweepBiometricData } from '../../jobs/biometric-retention-sweep';
import { addImage } from '../media/media-test-helpers';

const DAY = 24 * 3600 * 1000;
const clock = testClock('2026-12-02T12:00:00Z');
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp(
    {
      AUTO_APPROVE: 'false',
      BIOMETRIC_RETENTION_DAYS: '365',
      VERIFICATION_VIDEO_RETENTION_DAYS: '30',
    },
    { clock: clock.clock },
  );
  const row = await buildMember(t.database.db, { onboarded: 14, is_approved: true });
  const { token } = await signIn(t, row.phone_number);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, row.id));
  admin = { authorization: `Bearer ${token}` };
});
afterAll(() => t.close());

const sweep = () => sweepBiometricData({ db: t.database.db, config: t.config, clock: clock.clock });
const daysAgo = (days: number) => new Date(clock.clock().getTime() - days * DAY);

/** A consenting member with a described video and slot-1 photo, as a face match leaves them. */
async function describedMember() {
  const member = await buildMember(t.database.db, { onboarded: 14 });
  const { token } = await signIn(t, member.phone_number);
  const headers = { authorization: `Bearer ${token}` };
  await t.app.inject({
    method: 'POST',
    url: '/api/biometric-consent',
    headers,
    payload: { decision: 'agreed', version: BIOMETRIC_CONSENT_VERSION },
  });
  await addImage(t, { user_id: member.id, display_order: 1, face_embedding: Buffer.alloc(16, 3) });
  const [video] = await t.database.db
    .insert(verificationVideos)
    .values({
      user_id: member.id,
      file_name: `dev/verification-videos/${member.id}/${crypto.randomUUID()}.webm`,
      face_match: 'match',
      face_embedding: Buffer.alloc(16, 4),
      evidence_keys: [`dev/verification-evidence/${member.id}/${crypto.randomUUID()}.jpg`],
    })
    .returning();
  return { ...member, headers, video: video! };
}

async function descriptionsOf(userId: number) {
  const [count] = await rows<{ n: number }>(
    t.database.db,
    sql`SELECT (SELECT count(*) FROM verification_videos
                 WHERE user_id = ${userId} AND face_embedding IS NOT NULL)
             + (SELECT count(*) FROM profile_images
                 WHERE user_id = ${userId} AND face_embedding IS NOT NULL) AS n`,
  );
  return Number(count!.n);
}

const queuedDeletions = (keys: string[]) =>
  rows<{ storage_key: string; reason: string }>(
    t.database.db,
    sql`SELECT storage_key, reason FROM storage_deletions
         WHERE storage_key IN (${sql.join(
           keys.map((key) => sql`${key}`),
           sql`, `,
         )}) ORDER BY storage_key`,
  );

describe('biometric retention', () => {
  it('a sign-in sets the last sign-in the face data expires from', async () => {
    const member = await buildMember(t.database.db, { onboarded: 14 });
    await signIn(t, member.phone_number);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.last_sign_in_at?.toISOString()).toBe(clock.clock().toISOString());
  });

  it('deletes face descriptions 365 days after the last sign-in, not a day before', async () => {
    const stale = await describedMember();
    const recent = await describedMember();
    await t.database.db
      .update(users)
      .set({ last_sign_in_at: daysAgo(366) })
      .where(eq(users.id, stale.id));
    await t.database.db
      .update(users)
      .set({ last_sign_in_at: daysAgo(364) })
      .where(eq(users.id, recent.id));
    expect(await sweep()).toMatchObject({ faceDescriptions: 2 });
    expect(await descriptionsOf(stale.id)).toBe(0);
    expect(await descriptionsOf(recent.id)).toBe(2);
    // The clock moves on two days: the other member's last sign-in is now past the year.
    clock.set(new Date(clock.clock().getTime() + 2 * DAY));
    try {
      expect(await sweep()).toMatchObject({ faceDescriptions: 2 });
      expect(await descriptionsOf(recent.id)).toBe(0);
    } finally {
      clock.set('2026-12-02T12:00:00Z');
    }
  });

  it('deletes them with the account', async () => {
    const member = await describedMember();
    expect(await descriptionsOf(member.id)).toBe(2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: member.headers,
      payload: { confirm: DELETE_ACCOUNT_CONFIRMATION },
    });
    expect(res.statusCode).toBe(200);
    expect(await descriptionsOf(member.id)).toBe(0);
  });

  it('deletes a video file 30 days after its review was decided; the decision stays', async () => {
    const old = await describedMember();
    const fresh = await describedMember();
    const waiting = await describedMember();
    for (const m of [old, fresh]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/media/videos/${m.video.id}/review`,
        headers: admin,
        payload: { status: m === old ? 'approved' : 'rejected' },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.database.db
      .update(verificationVideos)
      .set({ reviewed_at: daysAgo(31) })
      .where(eq(verificationVideos.id, old.video.id));
    await t.database.db
      .update(verificationVideos)
      .set({ reviewed_at: daysAgo(29) })
      .where(eq(verificationVideos.id, fresh.video.id));
    // Never reviewed, however old: a person still has to look at it.
    await t.database.db
      .update(verificationVideos)
      .set({ created_at: daysAgo(100) })
      .where(eq(verificationVideos.id, waiting.video.id));

    expect(await sweep()).toMatchObject({ videoFiles: 1 });
    const rowOf = async (id: number) =>
      (
        await t.database.db.select().from(verificationVideos).where(eq(verificationVideos.id, id))
      )[0]!;
    expect(await rowOf(old.video.id)).toMatchObject({
      verification_status: 'approved',
      file_deleted_at: clock.clock(),
      evidence_keys: [],
    });
    expect(await queuedDeletions([old.video.file_name, ...old.video.evidence_keys])).toEqual(
      [old.video.file_name, ...old.video.evidence_keys]
        .sort()
        .map((key) => ({ storage_key: key, reason: 'verification_video_retention' })),
    );
    for (const kept of [fresh, waiting]) {
      expect((await rowOf(kept.video.id)).file_deleted_at).toBeNull();
    }
    expect(await sweep()).toMatchObject({ videoFiles: 0 });
  });

  it('states the same numbers publicly, and the admin console shows no face description', async () => {
    const policy = await t.app.inject({ method: 'GET', url: '/api/biometric-policy' });
    expect(policy.json()).toEqual({
      version: BIOMETRIC_CONSENT_VERSION,
      retention_days: 365,
      video_retention_days: 30,
    });
    const member = await describedMember();
    for (const url of ['/api/admin/media/pending', `/api/admin/users/${member.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(String(member.video.id));
      expect(res.body).not.toMatch(/embedding/i);
    }
  });
});
