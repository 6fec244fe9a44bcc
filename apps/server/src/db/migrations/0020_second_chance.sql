CREATE TABLE "second_chances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "second_chances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"auction_id" integer NOT NULL,
	"ended_connection_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone,
	"connection_id" integer,
	CONSTRAINT "second_chances_amount_range" CHECK ("second_chances"."amount" BETWEEN 1 AND 99999),
	CONSTRAINT "second_chances_taken" CHECK (("second_chances"."status" = 'taken') = ("second_chances"."taken_at" IS NOT NULL AND "second_chances"."connection_id" IS NOT NULL))
);
--> statement-breakpoint
-- One connection per auction becomes one per auction and kind (the close's, a second
-- chance's). The close's ON CONFLICT names the new key: a server of the previous release
-- fails a weekly close until it is replaced, so deploy this release away from Thursday's
-- close (docs/deploy.md).
DROP INDEX "connections_auction_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "offer_second_chance" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "second_chance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "second_chance_checked_at" timestamp with time zone;--> statement-breakpoint
-- Connections that ended before second chances existed are not offered to anyone now.
UPDATE "connections" SET "second_chance_checked_at" = "status_changed_at" WHERE "escrow_state" <> 'held';--> statement-breakpoint
ALTER TABLE "second_chances" ADD CONSTRAINT "second_chances_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chances" ADD CONSTRAINT "second_chances_ended_connection_id_connections_id_fk" FOREIGN KEY ("ended_connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chances" ADD CONSTRAINT "second_chances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chances" ADD CONSTRAINT "second_chances_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chances" ADD CONSTRAINT "second_chances_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "second_chances_auction_key" ON "second_chances" USING btree ("auction_id");--> statement-breakpoint
CREATE INDEX "second_chances_user_idx" ON "second_chances" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "connections_second_chance_due_idx" ON "connections" USING btree ("id") WHERE "connections"."second_chance_checked_at" IS NULL AND "connections"."escrow_state" = 'refunded' AND NOT "connections"."second_chance";--> statement-breakpoint
CREATE UNIQUE INDEX "connections_auction_key" ON "connections" USING btree ("auction_id","second_chance");