// The verified badge (product rules, Distance and verification): face match passed and
// verification approved, against the photo in slot 1; lost when slot 1 changes until the
// match passes again. 'Verified members only' applies it both ways.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { verificationVideos, visionJobs } from '../../db/media.schema';
import { addImage } from '../media/media-test-helpers';
import { sweepPeriods } from './period-sweep';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  await sweepPeriods({ db: t.database.db, clock: clock.clock });
});
afterAll(() => t.close());

async function dater(overrides: Parameters<typeof buildBidder>[2] = {}) {
  const row = await buildBidder(t.database.db, 0, {
    gender: 'female',
    seeking_gender: 'everyone',
    birth_date: '1995-01-01',
    ideal_match_age_min: 18,
    ideal_match_age_max: 60,
    open_to_dating: true,
    ...overrides,
  });
  const [auction] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO auctions (user_id, period_id)
        SELECT ${row.id}, id FROM auction_periods WHERE status = 'open' RETURNING id`,
  );
  const { token } = await signIn(t, row.phone_number);
  const photo = await addImage(t, { user_id: row.id, display_order: 1 });
  return {
    ...row,
    photo,
    auctionId: auction!.id,
    headers: { authorization: `Bearer ${token}` },
  };
}

type Dater = Awaited<ReturnType<typeof dater>>;

async function submitVideo(member: Dater) {
  const [video] = await t.database.db
    .insert(verificationVideos)
    .values({ user_id: member.id, file_name: `dev/verification/${member.id}.webm` })
    .returning();
  return video!;
}

/** What the face-match job writes when the face in the video matches `photoId`. */
async function matchPassed(videoId: number, photoId: number) {
  await t.database.db
    .update(verificationVideos)
    .set({ face_match: 'match', face_match_photo_id: photoId, face_match_score: 0.9 })
    .where(eq(verificationVideos.id, videoId));
}

async function approve(videoId: number) {
  await t.database.db
    .update(verificationVideos)
    .set({ verification_status: 'approved' })
    .where(eq(verificationVideos.id, videoId));
}

async function badgeOf(member: Dater, viewer?: Dater) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auctions/auction_profile_data',
    payload: { auctionIds: [member.auctionId] },
    headers: viewer?.headers ?? {},
  });
  return res.json().auctionProfileData[0].verified as boolean;
}

async function verifiedDater(overrides: Parameters<typeof buildBidder>[2] = {}) {
  const member = await dater(overrides);
  const video = await submitVideo(member);
  await matchPassed(video.id, member.photo.id);
  await approve(video.id);
  return member;
}

async function board(viewer: Dater) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auctions',
    payload: { limit: 50, dating_filter: true },
    headers: viewer.headers,
  });
  return (res.json().auctions as { user_id: number }[]).map((c) => c.user_id);
}

describe('the verified badge', () => {
  it('needs both the face match passed and the verification approved', async () => {
    const member = await dater();
    expect(await badgeOf(member)).toBe(false);
    const video = await submitVideo(member);
    expect(await badgeOf(member)).toBe(false);
    await matchPassed(video.id, member.photo.id);
    expect(await badgeOf(member)).toBe(false);
    await approve(video.id);
    expect(await badgeOf(member)).toBe(true);
  });

  it('is approved by a person without a passed match: no badge', async () => {
    const member = await dater();
    const video = await submitVideo(member);
    await t.database.db
      .update(verificationVideos)
      .set({ face_match: 'no_consent', verification_status: 'approved' })
      .where(eq(verificationVideos.id, video.id));
    expect(await badgeOf(member)).toBe(false);
  });

  it('is lost when slot 1 changes, and back once the match passes on the new photo', async () => {
    const member = await verifiedDater();
    const second = await addImage(t, { user_id: member.id, display_order: 2 });
    expect(await badgeOf(member)).toBe(true);
    const reordered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-profile-images-order',
      headers: member.headers,
      payload: {
        images: [
          { id: second.id, display_order: 1 },
          { id: member.photo.id, display_order: 2 },
        ],
      },
    });
    expect(reordered.statusCode).toBe(200);
    expect(await badgeOf(member)).toBe(false);
    // The change queued the face match again, on the new slot-1 photo.
    const [video] = await t.database.db
      .select()
      .from(verificationVideos)
      .where(eq(verificationVideos.user_id, member.id));
    const queued = await t.database.db
      .select()
      .from(visionJobs)
      .where(and(eq(visionJobs.kind, 'face_match'), eq(visionJobs.subject_id, video!.id)));
    expect(queued.some((job) => job.status === 'pending')).toBe(true);
    await matchPassed(video!.id, second.id);
    expect(await badgeOf(member)).toBe(true);
  });

  it('is lost when a newer video replaces the approved one', async () => {
    const member = await verifiedDater();
    await t.database.db
      .update(verificationVideos)
      .set({ superseded_at: new Date() })
      .where(eq(verificationVideos.user_id, member.id));
    await submitVideo(member);
    expect(await badgeOf(member)).toBe(false);
  });
});

describe("'Verified members only'", () => {
  it('keeps unverified members off the board, both ways', async () => {
    const verified = await verifiedDater();
    const unverified = await dater();
    const picky = await verifiedDater({ verified_only: true });
    const pickyUnverified = await dater({ verified_only: true });

    const seenByPicky = await board(picky);
    expect(seenByPicky).toContain(verified.id);
    expect(seenByPicky).not.toContain(unverified.id);
    expect(seenByPicky).not.toContain(pickyUnverified.id);

    // An owner who wants verified members only is not shown to an unverified viewer.
    const seenByUnverified = await board(unverified);
    expect(seenByUnverified).toContain(verified.id);
    expect(seenByUnverified).not.toContain(picky.id);
    expect(await board(verified)).toEqual(expect.arrayContaining([picky.id, unverified.id]));
  });
});
