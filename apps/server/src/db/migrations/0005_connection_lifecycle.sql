ALTER TABLE "connections" ADD COLUMN "escrow_state" text DEFAULT 'held' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "escrow_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "user_first_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "partner_first_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "engaged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "connections_pair_idx" ON "connections" USING btree ("user_id","partner_id");--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_escrow_matches_status" CHECK (CASE "connections"."status"
            WHEN 'pending' THEN "connections"."escrow_state" = 'held'
            WHEN 'expired' THEN "connections"."escrow_state" = 'refunded'
            WHEN 'rejected' THEN "connections"."escrow_state" IN ('held', 'refunded')
            WHEN 'accepted' THEN "connections"."escrow_state" IN ('held', 'paid')
            WHEN 'unmatched' THEN "connections"."escrow_state" IN ('refunded', 'paid')
            ELSE FALSE
          END);--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_paid_when_engaged" CHECK (("connections"."escrow_state" = 'paid') = ("connections"."engaged_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_released_when_not_held" CHECK (("connections"."escrow_state" = 'held') = ("connections"."escrow_released_at" IS NULL));