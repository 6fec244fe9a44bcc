ALTER TABLE "connections" ADD COLUMN "reward_pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "reward_settles_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "connections_reward_due_idx" ON "connections" USING btree ("reward_settles_at") WHERE "connections"."reward_pending" > 0;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_reward_pending" CHECK ("connections"."reward_pending" >= 0 AND "connections"."reward_pending" <= "connections"."escrow_purchased"
          AND ("connections"."reward_pending" = 0 OR ("connections"."escrow_state" = 'paid' AND "connections"."reward_settles_at" IS NOT NULL)));