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
-- bid_refusal (migration 0008) plus two rules: members who blocked one another do not
-- bid on each other, and a suspended or deleted member neither bids nor is bid on. Both
-- are read here, so the check runs again under the auction's lock like every other rule.
CREATE OR REPLACE FUNCTION bid_refusal(
  p_auction_id integer,
  p_status text,
  p_end_time timestamptz,
  p_owner_id integer,
  p_current_bid integer,
  p_bidder_id integer,
  p_bidder_onboarded integer,
  p_bidder_approved boolean,
  p_amount integer,
  p_now timestamptz,
  p_step integer,
  p_onboarding_complete integer
) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_status IS NULL OR p_status = 'deleted' THEN RETURN 'auction_not_found'; END IF;
  IF p_status <> 'active' OR p_now >= p_end_time THEN RETURN 'bidding_closed'; END IF;
  IF p_owner_id = p_bidder_id THEN RETURN 'own_auction'; END IF;
  IF p_bidder_onboarded IS NULL THEN RETURN 'unknown_bidder'; END IF;
  IF EXISTS (SELECT 1 FROM users u WHERE u.id IN (p_bidder_id, p_owner_id)
              AND (u.suspended_at IS NOT NULL OR u.deleted_at IS NOT NULL)) THEN
    RETURN 'member_unavailable';
  END IF;
  IF EXISTS (SELECT 1 FROM blocks b
              WHERE (b.blocker_id = p_bidder_id AND b.blocked_id = p_owner_id)
                 OR (b.blocker_id = p_owner_id AND b.blocked_id = p_bidder_id)) THEN
    RETURN 'blocked';
  END IF;
  IF p_bidder_onboarded <> p_onboarding_complete THEN RETURN 'not_onboarded'; END IF;
  IF NOT p_bidder_approved THEN RETURN 'not_approved'; END IF;
  IF p_amount < p_current_bid + p_step THEN RETURN 'bid_too_low'; END IF;
  RETURN NULL;
END
$$;
