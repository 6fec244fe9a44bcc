ALTER TABLE "auctions" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "final_price" integer;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "decided_by" text;--> statement-breakpoint
-- Auctions closed before results existed: a connection was made exactly when someone led.
UPDATE "auctions" SET "outcome" = CASE WHEN "lead_bidder_id" IS NOT NULL AND "current_bid" > 0 THEN 'connection' ELSE 'no_bids' END,
  "final_price" = CASE WHEN "lead_bidder_id" IS NOT NULL AND "current_bid" > 0 THEN "current_bid" END,
  "decided_by" = CASE WHEN "lead_bidder_id" IS NOT NULL AND "current_bid" > 0 THEN 'bid' END
 WHERE "status" = 'closed';
