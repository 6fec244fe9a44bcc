ALTER TABLE "auctions" DROP CONSTRAINT "auctions_escrow_origins";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reserve_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "lead_max" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every lead so far was a plain bid: its maximum is its amount (before the CHECK below).
UPDATE "auctions" SET "lead_max" = "current_bid" WHERE "lead_bidder_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "final_price" integer;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "maximum" integer;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reserve_price_range" CHECK ("users"."reserve_price" BETWEEN 0 AND 99999);--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_lead_max_covers_bid" CHECK ("auctions"."lead_max" <= 99999 AND ("auctions"."lead_bidder_id" IS NULL OR "auctions"."lead_max" >= "auctions"."current_bid"));--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_escrow_origins" CHECK ("auctions"."escrow_promotional" >= 0 AND "auctions"."escrow_purchased" >= 0 AND "auctions"."escrow_redeemable" >= 0
          AND "auctions"."escrow_promotional" + "auctions"."escrow_purchased" + "auctions"."escrow_redeemable"
            = CASE WHEN "auctions"."lead_bidder_id" IS NULL THEN 0 ELSE "auctions"."lead_max" END);--> statement-breakpoint
-- Auctions closed before results existed: a connection was made exactly when someone led.
UPDATE "auctions" SET "outcome" = CASE WHEN "lead_bidder_id" IS NOT NULL AND "current_bid" > 0 THEN 'connection' ELSE 'no_bids' END,
  "final_price" = CASE WHEN "lead_bidder_id" IS NOT NULL AND "current_bid" > 0 THEN "current_bid" END,
  "decided_by" = CASE WHEN "lead_bidder_id" IS NOT NULL AND "current_bid" > 0 THEN 'bid' END
 WHERE "status" = 'closed';--> statement-breakpoint
-- place_bid's result gained columns (modules/bids/place-bid.sql creates it again right after
-- the migrations). A server still on the previous release fails its bids until it is
-- replaced; deploy this release before reopening the board (docs/deploy.md).
DROP FUNCTION IF EXISTS place_bid(integer, integer, integer, timestamptz, integer, integer);
