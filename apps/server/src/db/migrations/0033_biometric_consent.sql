CREATE TABLE "biometric_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biometric_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"decision" text NOT NULL,
	"version" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "biometric_consents_decision_valid" CHECK ("biometric_consents"."decision" IN ('agreed', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "verification_videos" DROP CONSTRAINT "verification_videos_face_match_valid";--> statement-breakpoint
ALTER TABLE "biometric_consents" ADD CONSTRAINT "biometric_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biometric_consents_user_idx" ON "biometric_consents" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "verification_videos" ADD CONSTRAINT "verification_videos_face_match_valid" CHECK ("verification_videos"."face_match" IN ('pending', 'match', 'mismatch', 'no_face', 'no_photo', 'no_turn', 'no_consent'));--> statement-breakpoint
-- Face descriptions kept before consent was asked for were never agreed to (issue 42): gone.
UPDATE "verification_videos" SET "face_embedding" = NULL WHERE "face_embedding" IS NOT NULL;--> statement-breakpoint
UPDATE "profile_images" SET "face_embedding" = NULL WHERE "face_embedding" IS NOT NULL;
