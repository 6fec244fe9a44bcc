// Media tables: members' profile photos (accounts §3, Profile image). Files live in the
// storage port under server-generated keys; a row points at the original, its thumbnail
// and its card-sized rendition. Only one active photo may hold each of the three slots.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

export const PROFILE_IMAGE_TYPES = ['profile', 'additional'] as const;
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const PROFILE_IMAGE_SLOTS = 3;

export const profileImages = pgTable(
  'profile_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    image_type: text('image_type', { enum: PROFILE_IMAGE_TYPES }).notNull(),
    /** Storage key of the original. */
    file_name: text('file_name').notNull(),
    thumbnail_file_name: text('thumbnail_file_name').notNull(),
    /** The Bid Board card size; null for photos stored before that size existed. */
    card_file_name: text('card_file_name'),
    display_order: integer('display_order').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    review_status: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profile_images_active_slot_key')
      .on(t.user_id, t.display_order)
      .where(sql`${t.is_active}`),
    index('profile_images_user_idx').on(t.user_id),
    check('profile_images_display_order_range', sql`${t.display_order} BETWEEN 1 AND 3`),
    check('profile_images_image_type_valid', sql`${t.image_type} IN ('profile', 'additional')`),
    check(
      'profile_images_review_status_valid',
      sql`${t.review_status} IN ('pending', 'approved', 'rejected')`,
    ),
  ],
);

export type ProfileImageRow = typeof profileImages.$inferSelect;

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Face-turn verification videos (accounts §3, Verification video); they start pending. */
export const verificationVideos = pgTable(
  'verification_videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Storage key of the webm. */
    file_name: text('file_name').notNull(),
    verification_status: text('verification_status', { enum: VERIFICATION_STATUSES })
      .notNull()
      .default('pending'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_videos_user_idx').on(t.user_id),
    check(
      'verification_videos_status_valid',
      sql`${t.verification_status} IN ('pending', 'approved', 'rejected')`,
    ),
  ],
);

export type VerificationVideoRow = typeof verificationVideos.$inferSelect;

/**
 * A presigned upload handed to a member (the verification video): the row lives until the
 * member submits the upload (the row is claimed, i.e. deleted) or it expires, when the
 * sweeper deletes the file it may have received. It also bounds a member's open uploads.
 */
export const uploadSlots = pgTable(
  'upload_slots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storage_key: text('storage_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('upload_slots_storage_key_key').on(t.storage_key),
    index('upload_slots_user_idx').on(t.user_id),
    index('upload_slots_expiry_idx').on(t.expires_at),
  ],
);

/**
 * A stored object that must go (an account deletion's photos, verification video and the
 * chat images the member sent), written in the transaction that makes it unwanted. The
 * sweeper (jobs/storage-deletion-sweep) deletes the object, retrying with backoff, and
 * stamps done_at; finished rows go after RETENTION_STORAGE_DELETIONS_DAYS.
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storage_key: text('storage_key').notNull(),
    /** What made the object unwanted, e.g. `account_deleted`. */
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure's kind (error name and code), never the key or a message. */
    last_error: text('last_error'),
    done_at: timestamp('done_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('storage_deletions_pending_key').on(t.storage_key).where(sql`${t.done_at} IS NULL`),
    index('storage_deletions_due_idx').on(t.next_attempt_at, t.id).where(sql`${t.done_at} IS NULL`),
  ],
);
