-- Member safety (issue 11): blocks, reports, suspension and account deletion.
-- A block hides two members from each other both ways; it is stored once, as the
-- blocker made it, so that only the blocker can undo it.
CREATE TABLE "blocks" (
	"blocker_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"blocked_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_pkey" PRIMARY KEY ("blocker_id", "blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocker_id" <> "blocked_id")
);
--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id", "blocker_id");
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"reporter_id" integer NOT NULL REFERENCES "users"("id"),
	"reported_id" integer NOT NULL REFERENCES "users"("id"),
	"reason" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'open' NOT NULL,
	"action" text,
	"note" text,
	"resolved_by" integer REFERENCES "users"("id"),
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_reason_valid" CHECK ("reason" IN ('fake_profile', 'harassment', 'underage', 'scam_or_spam', 'inappropriate_photos', 'other')),
	CONSTRAINT "reports_status_valid" CHECK ("status" IN ('open', 'actioned', 'dismissed')),
	CONSTRAINT "reports_resolved_when_closed" CHECK (("status" = 'open') = ("resolved_at" IS NULL)),
	CONSTRAINT "reports_not_self" CHECK ("reporter_id" <> "reported_id")
);
--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "reports_reported_idx" ON "reports" USING btree ("reported_id");
--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
-- Bids up to this id no longer count: the leader they made was removed (suspended or
-- deleted) and refunded, and the auction went back to its starting bid.
ALTER TABLE "auctions" ADD COLUMN "bids_voided_through" bigint;
--> statement-breakpoint
-- bid_refusal gained two rules here (blocks; suspended or deleted members): see
-- modules/bids/bid-refusal.sql.
SELECT 1;
