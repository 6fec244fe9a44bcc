import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  isReservedUsername,
  validateBio,
  validateFavoriteThing,
  validatePostalCode,
  validateUsername,
} from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { LocalStorage } from '../../adapters/storage/local.adapter';
import { rows } from '../client';
import { profileImages } from '../media.schema';
import { users } from '../schema';
import { seedDemoData } from './demo';

let database: TestDatabase;
let dataDir: string;
let storage: LocalStorage;
let created: number;
const now = new Date('2025-09-01T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'seed-'));
  storage = new LocalStorage({
    root: path.join(dataDir, 'uploads'),
    secret: 'k',
    isProduction: false,
  });
  created = await seedDemoData(database.db, storage, { now });
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ageOn = (birth: string) => {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const before = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  return now.getUTCFullYear() - y - (before ? 1 : 0);
};

describe('seedDemoData', () => {
  it('creates the referrer and the members once', async () => {
    expect(created).toBeGreaterThanOrEqual(25);
    expect(await seedDemoData(database.db, storage, { now })).toBe(0);
    const all = await database.db.select().from(users);
    expect(all).toHaveLength(created);
    const demo = all.find((u) => u.username === 'demo')!;
    expect(demo).toMatchObject({
      phone_number: '+12015550100',
      onboarded: 14,
      is_approved: true,
      invites_left: 3,
    });
  });

  it('makes every member complete, approved, valid and varied', async () => {
    const all = await database.db.select().from(users);
    expect(new Set(all.map((u) => u.phone_number)).size).toBe(all.length);
    expect(new Set(all.map((u) => u.gender))).toEqual(new Set(['female', 'male', 'non-binary']));
    expect(new Set(all.map((u) => u.country))).toEqual(new Set(['US', 'CA']));
    expect(new Set(all.map((u) => u.open_to_dating))).toEqual(new Set([true, false]));
    for (const u of all) {
      expect(u).toMatchObject({ onboarded: 14, is_approved: true, available_for_bids: true });
      expect(u.phone_number).toMatch(/^\+1201555\d{4}$/);
      expect(validateUsername(u.username!).ok && !isReservedUsername(u.username!)).toBe(true);
      expect(validateBio(u.short_bio!)).toEqual({ ok: true, value: u.short_bio });
      const age = ageOn(u.birth_date!);
      expect(age).toBeGreaterThanOrEqual(21);
      expect(age).toBeLessThanOrEqual(55);
      expect(u.ideal_match_age_min).toBe(Math.max(18, age - 5));
      expect(u.open_to_dating).toBe(u.seeking_gender !== null);
      const favorites = [1, 2, 3].map((n) => ({
        category: u[`favorite_thing_${n}` as 'favorite_thing_1'],
        answer: u[`favorite_thing_${n}_answer` as 'favorite_thing_1_answer'],
      }));
      for (const f of favorites) expect(validateFavoriteThing(f)).toEqual({ ok: true, value: f });
      expect(new Set(favorites.map((f) => f.category)).size).toBe(3);
      const postal = validatePostalCode(u.postal_code!);
      expect(
        postal.ok && postal.value.code === u.postal_code && postal.value.country === u.country,
      ).toBe(true);
      const place = zipcodes.lookup(u.postal_code!);
      expect(place, u.postal_code!).toBeTruthy();
      if (u.country === 'US') expect([place!.city, place!.state]).toEqual([u.city, u.state]);
    }
  });

  it('gives each member 1,000 tokens through the ledger', async () => {
    const balances = await rows<{ token_balance: number; ledger: number; entries: number }>(
      database.db,
      sql`SELECT token_balance,
                 (SELECT COALESCE(SUM(amount), 0)::int FROM token_transactions t WHERE t.user_id = u.id) AS ledger,
                 (SELECT count(*)::int FROM token_transactions t WHERE t.user_id = u.id AND transaction_type = 'signup') AS entries
            FROM users u`,
    );
    expect(balances).toHaveLength(created);
    for (const b of balances) expect(b).toEqual({ token_balance: 1000, ledger: 1000, entries: 1 });
  });

  it('gives every member 1 to 3 approved square WebP photos in storage, in every size', async () => {
    const images = await database.db.select().from(profileImages);
    const byUser = new Map<number, (typeof images)[number][]>();
    for (const image of images)
      byUser.set(image.user_id, [...(byUser.get(image.user_id) ?? []), image]);
    expect(byUser.size).toBe(created);
    for (const list of byUser.values()) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(3);
      expect(list.map((i) => i.display_order).sort()).toEqual([1, 2, 3].slice(0, list.length));
      expect(list.find((i) => i.display_order === 1)!.image_type).toBe('profile');
    }
    expect(new Set(images.map((i) => i.review_status))).toEqual(new Set(['approved']));
    // Shown to other members at once (issue 23: only screened photos reach a card).
    expect(new Set(images.map((i) => i.screen_status))).toEqual(new Set(['passed']));
    for (const image of images) {
      expect(image.file_name).toMatch(/^dev\/profile-images\/[0-9a-f-]{36}\.webp$/);
      for (const [key, size] of [
        [image.file_name, 1024],
        [image.card_file_name!, 720],
        [image.thumbnail_file_name, 320],
      ] as const) {
        const object = await storage.get(key);
        expect(object, key).not.toBeNull();
        const chunks = (await object!.body.toArray()) as Buffer[];
        const meta = await sharp(Buffer.concat(chunks)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
      }
    }
  });
});
