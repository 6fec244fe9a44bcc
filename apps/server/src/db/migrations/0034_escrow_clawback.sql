ALTER TABLE "connections" DROP CONSTRAINT "connections_escrow_origins";--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "escrow_clawed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_escrow_origins" CHECK ("connections"."escrow_promotional" >= 0 AND "connections"."escrow_purchased" >= 0 AND "connections"."escrow_redeemable" >= 0
          AND "connections"."escrow_clawed" >= 0
          AND "connections"."escrow_promotional" + "connections"."escrow_purchased" + "connections"."escrow_redeemable"
            + "connections"."escrow_clawed" = "connections"."amount");