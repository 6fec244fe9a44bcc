// Media tables: members' profile photos (accounts §3, Profile image). Files live in the
// storage port under server-generated keys; a row points at the original, its thumbnail
// and its card-sized rendition. Only one active photo may hold each of the three slots.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

/** A face description: float32 values stored as raw bytes. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const PROFILE_IMAGE_TYPES = ['profile', 'additional'] as const;
/** 'no_consent': no face model looked, for want of biometric consent (issue 42). */
export const FACE_STATUSES = ['pending', 'face', 'no_face', 'no_consent'] as const;
export const SCREEN_STATUSES = ['pending', 'passed', 'held'] as const;
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
    /**
     * The server's face detector on this photo (issue 20: only 'face' may move into slot 1;
     * a 'no_consent' photo uploaded there waits for a moderator).
     */
    face_status: text('face_status', { enum: FACE_STATUSES }).notNull().default('pending'),
    /** The largest face's description, for the verification face match. */
    face_embedding: bytea('face_embedding'),
    nudity_score: real('nudity_score'),
    /** Only 'passed' photos are shown to other members; 'held' ones wait for review. */
    screen_status: text('screen_status', { enum: SCREEN_STATUSES }).notNull().default('pending'),
    screened_at: timestamp('screened_at', { withTimezone: true }),
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
    check(
      'profile_images_face_status_valid',
      sql`${t.face_status} IN ('pending', 'face', 'no_face', 'no_consent')`,
    ),
    check(
      'profile_images_screen_status_valid',
      sql`${t.screen_status} IN ('pending', 'passed', 'held')`,
    ),
  ],
);

export type ProfileImageRow = typeof profileImages.$inferSelect;

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const FACE_MATCH_RESULTS = [
  'pending',
  'match',
  'mismatch',
  'no_face',
  'no_photo',
  'no_turn',
  /** The member has not agreed to face matching: a person compares the video by eye. */
  'no_consent',
] as const;

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
    /** The face in the video against the slot-1 photo (issue 23). */
    face_match: text('face_match', { enum: FACE_MATCH_RESULTS }).notNull().default('pending'),
    face_match_score: real('face_match_score'),
    /**
     * How far the head turned across the sampled frames (the yaw range, degrees): a photo
     * held up to the camera barely turns (issue 41), so below the setting it is 'no_turn'.
     */
    face_turn_degrees: real('face_turn_degrees'),
    face_match_photo_id: integer('face_match_photo_id').references(() => profileImages.id, {
      onDelete: 'set null',
    }),
    /** The clearest frame's face description, compared with other members' videos. */
    face_embedding: bytea('face_embedding'),
    duplicate_user_id: integer('duplicate_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    duplicate_score: real('duplicate_score'),
    /** Storage keys of the frames the match looked at (the reviewer's evidence). */
    evidence_keys: text('evidence_keys').array().notNull().default(sql`'{}'`),
    face_checked_at: timestamp('face_checked_at', { withTimezone: true }),
    /** When a person (or AUTO_APPROVE) decided the review: the retention clock starts (issue 42). */
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    /** The file and its frames were deleted by retention; the row keeps the decision. */
    file_deleted_at: timestamp('file_deleted_at', { withTimezone: true }),
    /**
     * A newer submission replaced this one (issue 41): its file, frames and face description
     * are gone; the row stays a day so the daily limit still counts it, then is pruned.
     */
    superseded_at: timestamp('superseded_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_videos_user_idx').on(t.user_id, t.created_at),
    index('verification_videos_embedding_idx').on(t.id).where(sql`${t.face_embedding} IS NOT NULL`),
    check(
      'verification_videos_status_valid',
      sql`${t.verification_status} IN ('pending', 'approved', 'rejected')`,
    ),
    check(
      'verification_videos_face_match_valid',
      sql`${t.face_match} IN ('pending', 'match', 'mismatch', 'no_face', 'no_photo', 'no_turn', 'no_consent')`,
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

export const CHAT_IMAGE_SCREEN_STATUSES = ['pending', 'clear', 'flagged'] as const;

/** Images uploaded into a conversation, screened for nudity before the recipient sees them. */
export const chatImages = pgTable(
  'chat_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cid: text('cid').notNull(),
    uploader_id: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storage_key: text('storage_key').notNull(),
    /** A heavily blurred copy, made when the image is flagged. */
    blurred_key: text('blurred_key'),
    screen_status: text('screen_status', { enum: CHAT_IMAGE_SCREEN_STATUSES })
      .notNull()
      .default('pending'),
    nudity_score: real('nudity_score'),
    screened_at: timestamp('screened_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_images_storage_key_key').on(t.storage_key),
    check(
      'chat_images_screen_status_valid',
      sql`${t.screen_status} IN ('pending', 'clear', 'flagged')`,
    ),
  ],
);

export const MEDIA_UPLOAD_KINDS = ['photo', 'chat_image'] as const;
export type MediaUploadKind = (typeof MEDIA_UPLOAD_KINDS)[number];

/**
 * One row per photo or chat image a member sent us, counted before it is decoded (issue
 * 41): the per-member upload limits read them, a refused or broken file included.
 */
export const mediaUploadAttempts = pgTable(
  'media_upload_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEDIA_UPLOAD_KINDS }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('media_upload_attempts_member_idx').on(t.user_id, t.kind, t.created_at)],
);

export const VISION_JOB_KINDS = ['photo_screen', 'chat_image_screen', 'face_match'] as const;
export type VisionJobKind = (typeof VISION_JOB_KINDS)[number];

/** Model work to do: one row per subject (a photo, a chat image, a verification video). */
export const visionJobs = pgTable(
  'vision_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: VISION_JOB_KINDS }).notNull(),
    subject_id: bigint('subject_id', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vision_jobs_pending_subject_key')
      .on(t.kind, t.subject_id)
      .where(sql`${t.status} = 'pending'`),
    index('vision_jobs_due_idx')
      .on(t.next_attempt_at, t.id)
      .where(sql`${t.status} IN ('pending', 'running')`),
    // Chat images are claimed first (a conversation is waiting on them): their own index, so
    // finding one never walks a backlog of other jobs.
    index('vision_jobs_chat_due_idx')
      .on(t.next_attempt_at, t.id)
      .where(sql`${t.status} IN ('pending', 'running') AND ${t.kind} = 'chat_image_screen'`),
    check(
      'vision_jobs_kind_valid',
      sql`${t.kind} IN ('photo_screen', 'chat_image_screen', 'face_match')`,
    ),
    check('vision_jobs_status_valid', sql`${t.status} IN ('pending', 'running', 'done', 'failed')`),
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
