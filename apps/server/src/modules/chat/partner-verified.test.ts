// The verified badge in chat and on connection cards (product rules, Distance and
// verification): the conversation list, a conversation and the connections list say
// whether the partner's face match passed and their verification was approved, against
// the photo now in slot 1; a new slot-1 photo takes it away.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type AcceptedPair, acceptedPairs, type ChatMember } from '../../../test/chat';
import { testClock } from '../../../test/marketplace';
import { verificationVideos } from '../../db/media.schema';
import { addImage } from '../media/media-test-helpers';

const clock = testClock('2025-06-02T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

/** What the verification review and a passed face match on `photoId` leave behind. */
async function verify(member: ChatMember, photoId: number) {
  const [video] = await t.database.db
    .insert(verificationVideos)
    .values({
      user_id: member.id,
      file_name: `dev/verification/${member.id}.webm`,
      verification_status: 'approved',
      face_match: 'match',
      face_match_photo_id: photoId,
      face_match_score: 0.9,
    })
    .returning();
  return video!;
}

/** What `viewer` is told of their partner: in the chat list, the conversation, the connections. */
async function badgeSeenBy(viewer: ChatMember, pair: AcceptedPair) {
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: viewer.headers,
    payload: { partnerId: viewer.id === pair.owner.id ? pair.bidder.id : pair.owner.id },
  });
  const listed = await t.app.inject({
    method: 'GET',
    url: '/api/chat/conversations',
    headers: viewer.headers,
  });
  const connections = await t.app.inject({
    method: 'POST',
    url: '/api/connections',
    headers: viewer.headers,
    payload: {},
  });
  return {
    conversation: opened.json().conversation.partner.verified as boolean,
    list: listed.json().conversations[0].partner.verified as boolean,
    connection: connections.json().connections[0].partner.verified as boolean,
  };
}

const everywhere = (verified: boolean) => ({
  conversation: verified,
  list: verified,
  connection: verified,
});

describe('the partner’s verified badge in chat and on connections', () => {
  it('is sent for a verified partner only, and lost when their slot 1 changes', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const photo = await addImage(t, { user_id: pair.owner.id, display_order: 1 });
    expect(await badgeSeenBy(pair.bidder, pair)).toEqual(everywhere(false));

    const video = await verify(pair.owner, photo.id);
    expect(await badgeSeenBy(pair.bidder, pair)).toEqual(everywhere(true));
    // The bidder is not verified: the owner sees no badge on them.
    expect(await badgeSeenBy(pair.owner, pair)).toEqual(everywhere(false));

    // A new photo in slot 1 is not the one matched: no badge until the match passes on it.
    const second = await addImage(t, { user_id: pair.owner.id, display_order: 2 });
    const reordered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-profile-images-order',
      headers: pair.owner.headers,
      payload: {
        images: [
          { id: second.id, display_order: 1 },
          { id: photo.id, display_order: 2 },
        ],
      },
    });
    expect(reordered.statusCode).toBe(200);
    expect(await badgeSeenBy(pair.bidder, pair)).toEqual(everywhere(false));
    await t.database.db
      .update(verificationVideos)
      .set({ face_match: 'match', face_match_photo_id: second.id })
      .where(eq(verificationVideos.id, video.id));
    expect(await badgeSeenBy(pair.bidder, pair)).toEqual(everywhere(true));
  });

  it('needs the verification approved, not only the face match passed', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const photo = await addImage(t, { user_id: pair.owner.id, display_order: 1 });
    const video = await verify(pair.owner, photo.id);
    await t.database.db
      .update(verificationVideos)
      .set({ verification_status: 'pending' })
      .where(eq(verificationVideos.id, video.id));
    expect(await badgeSeenBy(pair.bidder, pair)).toEqual(everywhere(false));
  });
});
