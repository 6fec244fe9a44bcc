-- Safety that sees (issue 23) and the face rule at every door (issue 20). Hand-written:
-- main's drizzle snapshots stop at 0009.
--
-- Photos: what the server's models found (a face and its description, a nudity score)
-- and whether the photo may be shown to other members (screen_status 'passed'). Photos
-- stored before this migration were approved by a person or by AUTO_APPROVE: they stay
-- visible while the screening jobs queued below look at them again.
ALTER TABLE "profile_images"
	ADD COLUMN "face_status" text DEFAULT 'pending' NOT NULL,
	ADD COLUMN "face_embedding" bytea,
	ADD COLUMN "nudity_score" real,
	ADD COLUMN "screen_status" text DEFAULT 'pending' NOT NULL,
	ADD COLUMN "screened_at" timestamp with time zone,
	ADD CONSTRAINT "profile_images_face_status_valid" CHECK ("face_status" IN ('pending', 'face', 'no_face')),
	ADD CONSTRAINT "profile_images_screen_status_valid" CHECK ("screen_status" IN ('pending', 'passed', 'held'));
--> statement-breakpoint
UPDATE "profile_images" SET "screen_status" = 'passed' WHERE "review_status" = 'approved';
--> statement-breakpoint
-- Verification videos: the face match against the slot-1 photo and other members.
ALTER TABLE "verification_videos"
	ADD COLUMN "face_match" text DEFAULT 'pending' NOT NULL,
	ADD COLUMN "face_match_score" real,
	ADD COLUMN "face_match_photo_id" integer REFERENCES "profile_images"("id") ON DELETE SET NULL,
	ADD COLUMN "face_embedding" bytea,
	ADD COLUMN "duplicate_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	ADD COLUMN "duplicate_score" real,
	ADD COLUMN "evidence_keys" text[] DEFAULT '{}' NOT NULL,
	ADD COLUMN "face_checked_at" timestamp with time zone,
	ADD CONSTRAINT "verification_videos_face_match_valid" CHECK ("face_match" IN ('pending', 'match', 'mismatch', 'no_face', 'no_photo'));
--> statement-breakpoint
-- The duplicate scan reads every other member's description in id order, a page at a time.
CREATE INDEX "verification_videos_embedding_idx" ON "verification_videos" ("id") WHERE "face_embedding" IS NOT NULL;
--> statement-breakpoint
-- Images sent in chat, screened for nudity before the recipient sees them.
CREATE TABLE "chat_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"cid" text NOT NULL,
	"uploader_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"storage_key" text NOT NULL,
	"blurred_key" text,
	"screen_status" text DEFAULT 'pending' NOT NULL,
	"nudity_score" real,
	"screened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_images_screen_status_valid" CHECK ("screen_status" IN ('pending', 'clear', 'flagged'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_images_storage_key_key" ON "chat_images" ("storage_key");
--> statement-breakpoint
-- Scam guard: what the server found in a message's text (never trusting the client).
ALTER TABLE "messages" ADD COLUMN "scam_flags" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
CREATE INDEX "messages_scam_sender_idx" ON "messages" ("sender_id", "created_at") WHERE "scam_flags" <> '{}';
--> statement-breakpoint
-- Reports the system opens (three scam-guard messages in a week) have no reporter.
ALTER TABLE "reports"
	ALTER COLUMN "reporter_id" DROP NOT NULL,
	ADD COLUMN "source" text DEFAULT 'member' NOT NULL,
	ADD CONSTRAINT "reports_source_valid" CHECK ("source" IN ('member', 'scam_guard')),
	ADD CONSTRAINT "reports_reporter_by_source" CHECK (("source" = 'member') = ("reporter_id" IS NOT NULL));
--> statement-breakpoint
-- One open scam-guard report per member: concurrent sends cannot open two.
CREATE UNIQUE INDEX "reports_open_scam_guard_key" ON "reports" ("reported_id") WHERE "source" = 'scam_guard' AND "status" = 'open';
--> statement-breakpoint
-- Model work as durable jobs: written in the transaction that stores the subject, claimed
-- with FOR UPDATE SKIP LOCKED by any server, finished by an update guarded by the claim.
CREATE TABLE "vision_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"kind" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vision_jobs_kind_valid" CHECK ("kind" IN ('photo_screen', 'chat_image_screen', 'face_match')),
	CONSTRAINT "vision_jobs_status_valid" CHECK ("status" IN ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
-- At most one waiting job per subject: asking again while one waits adds nothing.
CREATE UNIQUE INDEX "vision_jobs_pending_subject_key" ON "vision_jobs" ("kind", "subject_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "vision_jobs_due_idx" ON "vision_jobs" ("next_attempt_at", "id") WHERE "status" IN ('pending', 'running');
--> statement-breakpoint
INSERT INTO "vision_jobs" ("kind", "subject_id")
SELECT 'photo_screen', "id" FROM "profile_images" WHERE "is_active";
