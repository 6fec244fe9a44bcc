import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { LocalStorage } from '../../adapters/storage/local.adapter';
import { rows } from '../../db/client';
import { profileImages } from '../../db/media.schema';
import { boardPictures } from './card-photos';
import { approvedPhotosJson, type BoardPhotoRow } from './profile-pictures.repository';

let database: TestDatabase;
let dataDir: string;
let storage: LocalStorage;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'card-photos-'));
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

async function addImage(
  image: Partial<typeof profileImages.$inferInsert> & { user_id: number; display_order: number },
) {
  const [row] = await database.db
    .insert(profileImages)
    .values({
      image_type: image.display_order === 1 ? 'profile' : 'additional',
      file_name: storage.newKey('profile-images', 'webp'),
      card_file_name: storage.newKey('profile-images', 'webp'),
      thumbnail_file_name: storage.newKey('profile-images', 'webp'),
      width: 1080,
      height: 1080,
      review_status: 'approved',
      face_status: 'face',
      screen_status: 'passed',
      ...image,
    })
    .returning();
  return row!;
}

/** The member's card photos, read the way card queries read them. */
async function picturesOf(userId: number) {
  const [row] = await rows<{ photos: BoardPhotoRow[] | string }>(
    database.db,
    sql`SELECT ${approvedPhotosJson(sql`${userId}::int`)} AS photos`,
  );
  return boardPictures(storage, row!.photos);
}

const keyOf = (url: string) =>
  decodeURIComponent(new URL(url, 'http://x').pathname).replace('/api/files/', '');

describe('Bid Board card photos', () => {
  it('offers every stored size with its width, the card size as src, in slot order', async () => {
    const member = await buildMember(database.db);
    const second = await addImage({ user_id: member.id, display_order: 2 });
    const first = await addImage({ user_id: member.id, display_order: 1 });
    const pictures = await picturesOf(member.id);

    expect(pictures.photos).toHaveLength(2);
    const [one] = pictures.photos;
    expect(one!.sources.map((s) => [keyOf(s.url), s.width])).toEqual([
      [first.thumbnail_file_name, 320],
      [first.card_file_name, 720],
      [first.file_name, 1080],
    ]);
    expect(keyOf(one!.src)).toBe(first.card_file_name);
    expect(keyOf(pictures.profile_picture_1!)).toBe(first.card_file_name);
    expect(keyOf(pictures.profile_picture_2!)).toBe(second.card_file_name);
    expect(pictures.profile_picture_3).toBeNull();
  });

  it('serves a photo stored before the card size existed from its original', async () => {
    const member = await buildMember(database.db);
    const old = await addImage({ user_id: member.id, display_order: 1, card_file_name: null });
    const [photo] = (await picturesOf(member.id)).photos;
    expect(photo!.sources.map((s) => [keyOf(s.url), s.width])).toEqual([
      [old.thumbnail_file_name, 320],
      [old.file_name, 1080],
    ]);
    expect(keyOf(photo!.src)).toBe(old.file_name);
  });

  it('never offers a size wider than the photo, once per width', async () => {
    const member = await buildMember(database.db);
    const small = await addImage({ user_id: member.id, display_order: 1, width: 500, height: 500 });
    const [photo] = (await picturesOf(member.id)).photos;
    expect(photo!.sources.map((s) => [keyOf(s.url), s.width])).toEqual([
      [small.thumbnail_file_name, 320],
      [small.card_file_name, 500],
    ]);
  });

  it('leaves out photos in review and inactive ones', async () => {
    const member = await buildMember(database.db);
    await addImage({ user_id: member.id, display_order: 1, review_status: 'pending' });
    await addImage({ user_id: member.id, display_order: 2, is_active: false });
    const pictures = await picturesOf(member.id);
    expect(pictures.photos).toEqual([]);
    expect(pictures.profile_picture_1).toBeNull();
  });
});
