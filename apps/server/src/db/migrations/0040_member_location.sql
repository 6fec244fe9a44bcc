ALTER TABLE "users" ADD COLUMN "location_lat" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location_lon" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_distance" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "distance_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_location_gist" ON "users" USING gist (point("location_lon", "location_lat")) WHERE "users"."location_lat" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_max_distance_choice" CHECK ("users"."max_distance" IN (10, 25, 50, 100, 250));