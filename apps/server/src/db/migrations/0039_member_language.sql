ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" IN ('en', 'fr-CA'));--> statement-breakpoint
-- Members already in Quebec start in French (product rules, Languages).
UPDATE "users" SET "language" = 'fr-CA'
 WHERE "country" = 'CA' AND upper("postal_code") ~ '^[GHJ][0-9][A-Z]';
