import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { LocalStorage } from '../../adapters/storage/local.adapter';
import { profileImages } from '../../db/media.schema';
import { profilePicturesFor } from './profile-pictures';

let database: TestDatabase;
let dataDir: string;
let storage: LocalStorage;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'pictures-'));
  storage = new LocalStorage({
    root: path.join(dataDir, 'uploads'),
    secret: 'k',
    isProduction: false,
  });
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Image = Partial<typeof profileImages.$inferInsert> & {
  user_id: number;
  display_order: number;
};

async function addImage(image: Image) {
  const [row] = await database.db
    .insert(profileImages)
    .values({
      image_type: image.display_order === 1 ? 'profile' : 'additional',
      file_name: storage.newKey('profile-images', 'webp'),
      thumbnail_file_name: storage.newKey('profile-images', 'webp'),
      width: 1024,
      height: 1024,
      review_status: 'approved',
      face_status: 'face',
      screen_status: 'passed',
      ...image,
    })
    .returning();
  return row!;
}

const keyOf = (url: string | null) => (url ? url.split('?')[0]!.replace('/api/files/', '') : null);

describe('profilePicturesFor', () => {
  it('fills slots by display order with signed URLs of the requested size', async () => {
    const member = await buildMember(database.db);
    const first = await addImage({ user_id: member.id, display_order: 1 });
    const third = await addImage({ user_id: member.id, display_order: 3 });
    await addImage({ user_id: member.id, display_order: 2, is_active: false });

    const thumbs = (await profilePicturesFor(database.db, storage, [member.id], 'thumbnail')).get(
      member.id,
    )!;
    expect(keyOf(thumbs.profile_picture_1)).toBe(first.thumbnail_file_name);
    expect(thumbs.profile_picture_2).toBeNull();
    expect(keyOf(thumbs.profile_picture_3)).toBe(third.thumbnail_file_name);

    const originals = (await profilePicturesFor(database.db, storage, [member.id], 'original')).get(
      member.id,
    )!;
    expect(keyOf(originals.profile_picture_1)).toBe(first.file_name);
    const url = new URL(originals.profile_picture_1!, 'http://x');
    expect(
      storage.verifySignature(
        first.file_name,
        url.searchParams.get('exp'),
        url.searchParams.get('sig'),
      ),
    ).toBe('valid');
  });

  it('shows photos in review only to the owner and rejected photos to nobody', async () => {
    const member = await buildMember(database.db);
    await addImage({ user_id: member.id, display_order: 1, review_status: 'approved' });
    await addImage({ user_id: member.id, display_order: 2, review_status: 'pending' });
    await addImage({ user_id: member.id, display_order: 3, review_status: 'rejected' });

    const forOthers = (
      await profilePicturesFor(database.db, storage, [member.id], 'thumbnail')
    ).get(member.id)!;
    expect([
      forOthers.profile_picture_1 !== null,
      forOthers.profile_picture_2,
      forOthers.profile_picture_3,
    ]).toEqual([true, null, null]);
    const forOwner = (
      await profilePicturesFor(database.db, storage, [member.id], 'thumbnail', {
        includePending: true,
      })
    ).get(member.id)!;
    expect(forOwner.profile_picture_2).not.toBeNull();
    expect(forOwner.profile_picture_3).toBeNull();
  });

  it('answers for several members at once, including those without photos', async () => {
    const withPhoto = await buildMember(database.db);
    const without = await buildMember(database.db);
    await addImage({ user_id: withPhoto.id, display_order: 1 });
    const map = await profilePicturesFor(
      database.db,
      storage,
      [withPhoto.id, without.id, withPhoto.id],
      'original',
    );
    expect(map.size).toBe(2);
    expect(map.get(withPhoto.id)!.profile_picture_1).toMatch(
      /^\/api\/files\/dev\/profile-images\//,
    );
    expect(map.get(without.id)).toEqual({
      profile_picture_1: null,
      profile_picture_2: null,
      profile_picture_3: null,
    });
    expect((await profilePicturesFor(database.db, storage, [], 'original')).size).toBe(0);
  });

  it('keeps one active photo per slot', async () => {
    const member = await buildMember(database.db);
    await addImage({ user_id: member.id, display_order: 1 });
    await expect(addImage({ user_id: member.id, display_order: 1 })).rejects.toThrow();
    await expect(addImage({ user_id: member.id, display_order: 4 })).rejects.toThrow();
  });
});
