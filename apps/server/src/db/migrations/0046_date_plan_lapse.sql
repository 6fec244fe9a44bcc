DROP INDEX "date_plans_one_open_key";--> statement-breakpoint
ALTER TABLE "date_plans" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "date_plans_one_open_key" ON "date_plans" USING btree ("cid") WHERE "date_plans"."state" IN ('proposed', 'accepted') AND "date_plans"."lapsed_at" IS NULL;