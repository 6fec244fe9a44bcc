CREATE TABLE "redemption_reviews" (
	"redemption_id" integer PRIMARY KEY NOT NULL,
	"score" integer NOT NULL,
	"threshold" integer NOT NULL,
	"held" boolean NOT NULL,
	"signals" jsonb NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemption_reviews_approved_only_held" CHECK ("redemption_reviews"."held" OR "redemption_reviews"."approved_at" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "redemption_reviews" ADD CONSTRAINT "redemption_reviews_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_reviews" ADD CONSTRAINT "redemption_reviews_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redemption_reviews_awaiting_idx" ON "redemption_reviews" USING btree ("redemption_id") WHERE "redemption_reviews"."held" AND "redemption_reviews"."approved_at" IS NULL;