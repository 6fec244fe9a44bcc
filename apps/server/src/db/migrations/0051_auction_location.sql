ALTER TABLE "auctions" ADD COLUMN "location_lat" double precision;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "location_lon" double precision;--> statement-breakpoint
-- Every auction already open carries its owner's location; the triggers of
-- modules/auctions/auction-location.sql keep it so from here on.
UPDATE "auctions" a SET "location_lat" = u."location_lat", "location_lon" = u."location_lon"
  FROM "users" u
 WHERE u."id" = a."user_id" AND u."location_lat" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "auctions_location_gist" ON "auctions" USING gist (point("location_lon", "location_lat")) WHERE "auctions"."status" = 'active' AND "auctions"."location_lat" IS NOT NULL;
