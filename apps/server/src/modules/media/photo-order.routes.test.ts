import { MEDIA_MESSAGES } from '@bidboard/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { profileImages } from '../../db/media.schema';
import { users } from '../../db/schema';
import { addImage, memberSession } from './media-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function slotsOf(userId: number) {
  const rows = await t.database.db
    .select()
    .from(profileImages)
    .where(eq(profileImages.user_id, userId))
    .orderBy(asc(profileImages.display_order));
  return rows.map((r) => [r.id, r.display_order, r.image_type]);
}

async function memberWithPhotos(statuses: ('approved' | 'pending')[]) {
  const session = await memberSession(t);
  const images = [];
  for (const [i, review_status] of statuses.entries()) {
    images.push(
      await addImage(t, { user_id: session.member.id, display_order: i + 1, review_status }),
    );
  }
  return { ...session, images };
}

function reorder(headers: Record<string, string>, images: object[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/update-profile-images-order',
    headers,
    payload: { images },
  });
}

describe('POST /api/auth/update-profile-images-order', () => {
  it('swaps two approved photos by id and keeps slot 1 the profile photo', async () => {
    const { member, headers, images } = await memberWithPhotos(['approved', 'approved']);
    const [a, b] = images;
    const response = await reorder(headers, [
      { id: b!.id, display_order: 1 },
      { id: a!.id, display_order: 2 },
    ]);
    expect(response.statusCode).toBe(200);
    expect(await slotsOf(member.id)).toEqual([
      [b!.id, 1, 'profile'],
      [a!.id, 2, 'additional'],
    ]);
    expect(response.json().data.map((i: { id: number }) => i.id)).toEqual([b!.id, a!.id]);
  });

  it('accepts the signed URLs the client holds', async () => {
    const { member, headers, images } = await memberWithPhotos(['approved', 'pending', 'approved']);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/userProfileImages?size=thumbnail',
      headers,
    });
    const urls = list.json().data.map((i: { url: string }) => i.url);
    const response = await reorder(headers, [
      { url: urls[2], display_order: 1 },
      { url: urls[0], display_order: 2 },
      { url: urls[1], display_order: 3 },
    ]);
    expect(response.statusCode).toBe(200);
    expect((await slotsOf(member.id)).map((s) => s[0])).toEqual([
      images[2]!.id,
      images[0]!.id,
      images[1]!.id,
    ]);
  });

  it('refuses a pending photo in the 1st spot', async () => {
    const { member, headers, images } = await memberWithPhotos(['approved', 'pending']);
    const before = await slotsOf(member.id);
    const response = await reorder(headers, [
      { id: images[1]!.id, display_order: 1 },
      { id: images[0]!.id, display_order: 2 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MEDIA_MESSAGES.firstSpotApprovedOnly);
    expect(await slotsOf(member.id)).toEqual(before);
  });

  it('leaves a pending first photo where it is when other slots move', async () => {
    const { headers, images } = await memberWithPhotos(['pending', 'approved', 'approved']);
    const response = await reorder(headers, [
      { id: images[1]!.id, display_order: 3 },
      { id: images[2]!.id, display_order: 2 },
    ]);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a move into an empty slot', async () => {
    const { member, headers, images } = await memberWithPhotos(['approved', 'approved']);
    const response = await reorder(headers, [{ id: images[1]!.id, display_order: 3 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MEDIA_MESSAGES.swapEmptySlot);
    expect((await slotsOf(member.id)).map((s) => s[1])).toEqual([1, 2]);
  });

  it("cannot touch another member's photos", async () => {
    const owner = await memberWithPhotos(['approved', 'approved']);
    const other = await memberWithPhotos(['approved', 'approved']);
    const response = await reorder(other.headers, [
      { id: owner.images[1]!.id, display_order: 1 },
      { id: other.images[0]!.id, display_order: 2 },
    ]);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MEDIA_MESSAGES.imageNotFound);
    expect((await slotsOf(owner.member.id)).map((s) => s[0])).toEqual(
      owner.images.map((i) => i.id),
    );
  });
});

describe('DELETE /api/deleteProfileImage', () => {
  const remove = (headers: Record<string, string>, display_order: number) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/deleteProfileImage',
      headers,
      payload: { image_type: display_order === 1 ? 'profile' : 'additional', display_order },
    });

  it('deletes slot 2 or 3 but never slot 1', async () => {
    const { member, headers, images } = await memberWithPhotos(['approved', 'approved']);
    const first = await remove(headers, 1);
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe(MEDIA_MESSAGES.firstPhotoRequired);
    expect((await remove(headers, 2)).statusCode).toBe(200);
    expect((await slotsOf(member.id)).map((s) => s[0])).toEqual([images[0]!.id]);
    const missing = await remove(headers, 3);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MEDIA_MESSAGES.imageNotFound);
  });

  it('needs more than one photo', async () => {
    const session = await memberSession(t);
    await addImage(t, { user_id: session.member.id, display_order: 2 });
    const response = await remove(session.headers, 2);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MEDIA_MESSAGES.lastPhotoRequired);
  });

  it("only ever deletes the caller's own photo", async () => {
    const owner = await memberWithPhotos(['approved', 'approved']);
    const other = await memberWithPhotos(['approved']);
    expect((await remove(other.headers, 2)).statusCode).toBe(404);
    expect(await slotsOf(owner.member.id)).toHaveLength(2);
  });
});

describe('GET /api/userProfileImages and admin review', () => {
  it('shows the owner every photo with its review state, others approved ones only', async () => {
    const owner = await memberWithPhotos(['approved', 'pending']);
    const viewer = await memberSession(t);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/userProfileImages',
      headers: owner.headers,
    });
    expect(own.json().data.map((i: { is_approved: string }) => i.is_approved)).toEqual([
      'approved',
      'pending',
    ]);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/userProfileImages?userId=${owner.member.id}&size=thumbnail`,
      headers: viewer.headers,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toHaveLength(1);
    expect(seen.json().data[0]).not.toHaveProperty('is_approved');
    expect(seen.json().data[0].file_name).toBe(owner.images[0]!.thumbnail_file_name);

    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/userProfileImages?userId=${owner.member.id}&displayOrder=2`,
      headers: viewer.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MEDIA_MESSAGES.imageNotFound);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/userProfileImages' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets only an admin approve a photo, which then becomes visible', async () => {
    const owner = await memberWithPhotos(['approved', 'pending']);
    const admin = await memberSession(t);
    // Sign-in derives the role from ADMIN_PHONES; promote afterwards.
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.member.id));
    const url = `/api/admin/media/images/${owner.images[1]!.id}/review`;
    const byMember = await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { status: 'approved' },
    });
    expect(byMember.statusCode).toBe(403);
    const byAdmin = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { status: 'approved' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().image.is_approved).toBe('approved');
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/userProfileImages?userId=${owner.member.id}`,
      headers: admin.headers,
    });
    expect(seen.json().data).toHaveLength(2);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media/images/999999/review',
      headers: admin.headers,
      payload: { status: 'rejected' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
