ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_videos" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_videos" ADD COLUMN "file_deleted_at" timestamp with time zone;--> statement-breakpoint
-- The latest sign-in known so far: the newest session, else the last activity, else joining.
UPDATE "users" u SET "last_sign_in_at" = GREATEST(
  u."created_at", u."last_active_at",
  (SELECT max(s."created_at") FROM "sessions" s WHERE s."user_id" = u."id"));--> statement-breakpoint
-- A review decided before this column: its last change is when it was decided.
UPDATE "verification_videos" SET "reviewed_at" = "updated_at"
 WHERE "verification_status" IN ('approved', 'rejected');
