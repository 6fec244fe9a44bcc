ALTER TABLE "token_transactions" ADD COLUMN "promotional_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_transactions" ADD COLUMN "purchased_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_transactions" ADD COLUMN "redeemable_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "promotional_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "purchased_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "escrow_promotional" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "escrow_purchased" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "escrow_redeemable" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "escrow_promotional" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "escrow_purchased" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "escrow_redeemable" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Token origins of what exists (product rules, The token economy). Each existing ledger
-- row's redeemable part is the change it made to the redeemable balance; a purchase's or
-- reversal's other part is purchased, every other row's promotional.
UPDATE "token_transactions" t
   SET "redeemable_amount" = d.delta,
       "purchased_amount" = CASE WHEN t."transaction_type" IN ('purchase', 'purchase_reversal') THEN t."amount" - d.delta ELSE 0 END,
       "promotional_amount" = CASE WHEN t."transaction_type" IN ('purchase', 'purchase_reversal') THEN 0 ELSE t."amount" - d.delta END
  FROM (SELECT "id", "redeemable_after" - COALESCE(lag("redeemable_after") OVER (PARTITION BY "user_id" ORDER BY "id"), 0) AS delta
          FROM "token_transactions") d
 WHERE d."id" = t."id";--> statement-breakpoint
-- Existing redeemable tokens stay redeemable; of the rest, what the member bought and has
-- not spent (promotional tokens are spent first) is purchased, the remainder promotional.
UPDATE "users" u
   SET "purchased_tokens" = LEAST(u."token_balance" - u."redeemable_tokens", GREATEST(0, COALESCE(p.net, 0))),
       "promotional_tokens" = u."token_balance" - u."redeemable_tokens" - LEAST(u."token_balance" - u."redeemable_tokens", GREATEST(0, COALESCE(p.net, 0)))
  FROM (SELECT "id" AS user_id, (SELECT SUM("amount") FROM "token_transactions" t
                                  WHERE t."user_id" = users."id"
                                    AND t."transaction_type" IN ('purchase', 'purchase_reversal')) AS net
          FROM "users") p
 WHERE p.user_id = u."id";--> statement-breakpoint
-- One ledger row per member whose purchased part differs from what the rows above booked
-- as purchased: it moves the difference between promotional and purchased (amount 0), so
-- every balance equals its ledger, origin by origin.
INSERT INTO "token_transactions" ("user_id", "amount", "balance_after", "redeemable_after", "transaction_type",
                                  "reference_id", "promotional_amount", "purchased_amount", "redeemable_amount")
SELECT u."id", 0, u."token_balance", u."redeemable_tokens", 'origin_assignment', 'migration:0018',
       l.booked - u."purchased_tokens", u."purchased_tokens" - l.booked, 0
  FROM "users" u
  JOIN (SELECT "user_id", SUM("purchased_amount") AS booked FROM "token_transactions" GROUP BY "user_id") l
    ON l."user_id" = u."id"
 WHERE l.booked <> u."purchased_tokens";--> statement-breakpoint
-- Escrows: promotional, except what is held now (an active auction's lead, a held
-- connection), which is purchased as far as the bidder's purchases not left in their
-- balance reach (earliest escrow first). A closed auction shows its connection's parts.
UPDATE "auctions" SET "escrow_promotional" = "current_bid" WHERE "lead_bidder_id" IS NOT NULL;--> statement-breakpoint
UPDATE "connections" SET "escrow_promotional" = "amount";--> statement-breakpoint
WITH escrows AS (
  SELECT 'auction' AS kind, a."id", a."lead_bidder_id" AS bidder, a."current_bid" AS amount
    FROM "auctions" a WHERE a."lead_bidder_id" IS NOT NULL AND a."status" = 'active'
  UNION ALL
  SELECT 'connection', c."id", c."user_id", c."amount" FROM "connections" c WHERE c."escrow_state" = 'held'
),
left_over AS (
  SELECT u."id" AS bidder,
         GREATEST(0, COALESCE((SELECT SUM("amount") FROM "token_transactions" t
                                WHERE t."user_id" = u."id"
                                  AND t."transaction_type" IN ('purchase', 'purchase_reversal')), 0)
                     - u."purchased_tokens") AS purchased
    FROM "users" u
),
split AS (
  SELECT e.kind, e."id", e.amount,
         LEAST(e.amount, GREATEST(0, l.purchased - COALESCE(SUM(e.amount) OVER (
           PARTITION BY e.bidder ORDER BY e.kind, e."id" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS purchased
    FROM escrows e JOIN left_over l ON l.bidder = e.bidder
),
auction_split AS (
  UPDATE "auctions" a SET "escrow_purchased" = s.purchased, "escrow_promotional" = s.amount - s.purchased
    FROM split s WHERE s.kind = 'auction' AND s."id" = a."id"
)
UPDATE "connections" c SET "escrow_purchased" = s.purchased, "escrow_promotional" = s.amount - s.purchased
  FROM split s WHERE s.kind = 'connection' AND s."id" = c."id";--> statement-breakpoint
UPDATE "auctions" a
   SET "escrow_promotional" = c."escrow_promotional", "escrow_purchased" = c."escrow_purchased",
       "escrow_redeemable" = c."escrow_redeemable"
  FROM "connections" c
 WHERE c."auction_id" = a."id" AND a."status" = 'closed' AND c."amount" = a."current_bid"
   AND c."user_id" = a."lead_bidder_id";--> statement-breakpoint
ALTER TABLE "token_transactions" ADD CONSTRAINT "token_transactions_origin_parts" CHECK ("token_transactions"."amount" = "token_transactions"."promotional_amount" + "token_transactions"."purchased_amount" + "token_transactions"."redeemable_amount");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_token_origins" CHECK ("users"."promotional_tokens" >= 0 AND "users"."purchased_tokens" >= 0 AND "users"."token_balance" = "users"."promotional_tokens" + "users"."purchased_tokens" + "users"."redeemable_tokens");--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_escrow_origins" CHECK ("auctions"."escrow_promotional" >= 0 AND "auctions"."escrow_purchased" >= 0 AND "auctions"."escrow_redeemable" >= 0
          AND "auctions"."escrow_promotional" + "auctions"."escrow_purchased" + "auctions"."escrow_redeemable"
            = CASE WHEN "auctions"."lead_bidder_id" IS NULL THEN 0 ELSE "auctions"."current_bid" END);--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_escrow_origins" CHECK ("connections"."escrow_promotional" >= 0 AND "connections"."escrow_purchased" >= 0 AND "connections"."escrow_redeemable" >= 0
          AND "connections"."escrow_promotional" + "connections"."escrow_purchased" + "connections"."escrow_redeemable" = "connections"."amount");