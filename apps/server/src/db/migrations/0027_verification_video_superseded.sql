DROP INDEX "verification_videos_user_idx";--> statement-breakpoint
ALTER TABLE "verification_videos" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "verification_videos_user_idx" ON "verification_videos" USING btree ("user_id","created_at");