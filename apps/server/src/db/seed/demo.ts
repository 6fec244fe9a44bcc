// Demo data for a fresh local database (architecture: `npm start` seeds when SEED_DEMO):
// the referrer 'demo' and 24 approved, onboarded members, each with 1,000 signup tokens
// written through the ledger and 1 to 3 approved avatar photos in storage. Idempotent:
// nothing happens once 'demo' exists, and an advisory lock keeps two servers starting
// together from both seeding.
import { sql } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.port';
import { locationColumns } from '../../modules/profile/member-location';
import { applyBalanceChange } from '../../modules/tokens/ledger';
import { type Db, type Executor, rows } from '../client';
import { profileImages } from '../media.schema';
import { users } from '../schema';
import { renderAvatar } from './avatars';
import {
  DEMO_MEMBERS,
  DEMO_REFERRER,
  DEMO_REFERRER_PHONE,
  type DemoMember,
  demoPhone,
} from './demo-members';

export const DEMO_SIGNUP_TOKENS = 1000;
const PROFILE_IMAGES_FOLDER = 'profile-images';
const RENDER_CONCURRENCY = 4;

interface StoredPhoto {
  file_name: string;
  card_file_name: string;
  thumbnail_file_name: string;
  width: number;
  height: number;
}

export interface SeedOptions {
  now?: Date;
}

/** Returns how many members it created (0 when the demo data is already there). */
export async function seedDemoData(
  db: Db,
  storage: Storage,
  options: SeedOptions = {},
): Promise<number> {
  if (await demoExists(db)) return 0;
  const now = options.now ?? new Date();
  const people = [
    { member: DEMO_REFERRER, phone: DEMO_REFERRER_PHONE },
    ...DEMO_MEMBERS.map((member, i) => ({ member, phone: demoPhone(i) })),
  ];
  // Drawing avatars is the slow part; it happens before the transaction opens.
  const photos = await mapLimit(people, RENDER_CONCURRENCY, ({ member }) =>
    storePhotos(storage, member),
  );

  const discardPhotos = () =>
    Promise.all(
      photos
        .flat()
        .flatMap((p) => [p.file_name, p.card_file_name, p.thumbnail_file_name])
        .map((key) => storage.delete(key)),
    );
  let created: number;
  try {
    created = await insertMembers(db, people, photos, now);
  } catch (error) {
    await discardPhotos();
    throw error;
  }
  // Another server seeded first: drop the files this one drew.
  if (created === 0) await discardPhotos();
  return created;
}

async function insertMembers(
  db: Db,
  people: { member: DemoMember; phone: string }[],
  photos: StoredPhoto[][],
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('bidboard:seed-demo'))`);
    if (await demoExists(tx)) return 0;
    const inserted = await tx
      .insert(users)
      .values(people.map(({ member, phone }, i) => userRow(member, phone, i, now)))
      .returning({ id: users.id, username: users.username });
    const idByName = new Map(inserted.map((u) => [u.username, u.id]));
    const imageRows = people.flatMap(({ member }, i) => {
      const userId = idByName.get(member.username)!;
      return photos[i]!.map((photo, slot) => ({
        user_id: userId,
        image_type: slot === 0 ? ('profile' as const) : ('additional' as const),
        display_order: slot + 1,
        review_status: 'approved' as const,
        // The seed drew these faces itself (avatars): there is nothing for the models to
        // find, so they are shown at once like any screened photo with a face.
        face_status: 'face' as const,
        screen_status: 'passed' as const,
        ...photo,
      }));
    });
    await tx.insert(profileImages).values(imageRows);
    for (const { id } of inserted) {
      await applyBalanceChange(tx, { userId: id, amount: DEMO_SIGNUP_TOKENS, type: 'signup' });
    }
    return inserted.length;
  });
}

async function demoExists(db: Executor): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM users WHERE lower(username) = ${DEMO_REFERRER.username}`,
  );
  return found.length > 0;
}

function userRow(
  member: DemoMember,
  phone: string,
  index: number,
  now: Date,
): typeof users.$inferInsert {
  const [postal_code, city, state, country] = member.place;
  const open = member.seeking !== null;
  const [f1, f2, f3] = member.favorites;
  return {
    username: member.username,
    phone_number: phone,
    onboarded: 14,
    is_approved: true,
    available_for_bids: true,
    invites_left: 3,
    gender: member.gender,
    seeking_gender: member.seeking,
    open_to_dating: open,
    birth_date: birthDate(member.age, index, now),
    // Product rules: the default range is the member's age +/- 5, floored at 18, capped at 60.
    ideal_match_age_min: Math.max(18, member.age - 5),
    ideal_match_age_max: Math.min(60, member.age + 5),
    postal_code,
    city,
    state,
    country,
    ...locationColumns(postal_code, country),
    short_bio: member.bio,
    favorite_thing_1: f1![0],
    favorite_thing_1_answer: f1![1],
    favorite_thing_2: f2![0],
    favorite_thing_2_answer: f2![1],
    favorite_thing_3: f3![0],
    favorite_thing_3_answer: f3![1],
    last_active_at: new Date(now.getTime() - index * 11 * 60_000),
  };
}

/** A birthday 20 to 320 days past, `age` years ago, so the age holds for a while. */
function birthDate(age: number, index: number, now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()));
  date.setUTCDate(date.getUTCDate() - (20 + ((index * 37) % 300)));
  return date.toISOString().slice(0, 10);
}

async function storePhotos(storage: Storage, member: DemoMember): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  for (let photo = 0; photo < member.photos; photo++) {
    const avatar = await renderAvatar(member.username, member.gender, photo);
    const file_name = storage.newKey(PROFILE_IMAGES_FOLDER, 'webp');
    const card_file_name = storage.newKey(PROFILE_IMAGES_FOLDER, 'webp');
    const thumbnail_file_name = storage.newKey(PROFILE_IMAGES_FOLDER, 'webp');
    await Promise.all([
      storage.put(file_name, avatar.original, 'image/webp'),
      storage.put(card_file_name, avatar.card, 'image/webp'),
      storage.put(thumbnail_file_name, avatar.thumbnail, 'image/webp'),
    ]);
    stored.push({
      file_name,
      card_file_name,
      thumbnail_file_name,
      width: avatar.width,
      height: avatar.height,
    });
  }
  return stored;
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
