CREATE TABLE "fraud_removal_notices" (
	"removal_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fraud_removal_notices_pkey" PRIMARY KEY("removal_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "fraud_removals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fraud_removals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_category" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fraud_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fraud_removal_notices" ADD CONSTRAINT "fraud_removal_notices_removal_id_fraud_removals_id_fk" FOREIGN KEY ("removal_id") REFERENCES "public"."fraud_removals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_removal_notices" ADD CONSTRAINT "fraud_removal_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_removals" ADD CONSTRAINT "fraud_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fraud_removals_waiting_idx" ON "fraud_removals" USING btree ("id") WHERE "fraud_removals"."notified_at" IS NULL;