ALTER TABLE "token_purchases" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
CREATE INDEX "token_purchases_card_idx" ON "token_purchases" USING btree ("card_fingerprint");