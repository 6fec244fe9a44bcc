CREATE TABLE "date_check_ins" (
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'asked' NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"escalate_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	CONSTRAINT "date_check_ins_plan_id_user_id_pk" PRIMARY KEY("plan_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "date_met_answers" (
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answer" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "date_met_answers_plan_id_user_id_pk" PRIMARY KEY("plan_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "date_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "date_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cid" text NOT NULL,
	"proposer_id" integer NOT NULL,
	"responder_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"day_ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"place" text NOT NULL,
	"note" text,
	"state" text DEFAULT 'proposed' NOT NULL,
	"moved_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"check_in_asked_at" timestamp with time zone,
	"met_asked_at" timestamp with time zone,
	CONSTRAINT "date_plans_place_length" CHECK (char_length("date_plans"."place") BETWEEN 1 AND 120),
	CONSTRAINT "date_plans_two_members" CHECK ("date_plans"."proposer_id" <> "date_plans"."responder_id")
);
--> statement-breakpoint
CREATE TABLE "date_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "date_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"contact_phone" text NOT NULL,
	"token_hash" text NOT NULL,
	"escalate_on_silence" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone_hash" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "date_check_ins" ADD CONSTRAINT "date_check_ins_plan_id_date_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."date_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_check_ins" ADD CONSTRAINT "date_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_met_answers" ADD CONSTRAINT "date_met_answers_plan_id_date_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."date_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_met_answers" ADD CONSTRAINT "date_met_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_responder_id_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_moved_from_id_date_plans_id_fk" FOREIGN KEY ("moved_from_id") REFERENCES "public"."date_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_shares" ADD CONSTRAINT "date_shares_plan_id_date_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."date_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_shares" ADD CONSTRAINT "date_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "date_check_ins_escalate_idx" ON "date_check_ins" USING btree ("escalate_at") WHERE "date_check_ins"."state" = 'asked';--> statement-breakpoint
CREATE UNIQUE INDEX "date_plans_one_open_key" ON "date_plans" USING btree ("cid") WHERE "date_plans"."state" IN ('proposed', 'accepted');--> statement-breakpoint
CREATE INDEX "date_plans_cid_idx" ON "date_plans" USING btree ("cid","id");--> statement-breakpoint
CREATE INDEX "date_plans_check_in_due_idx" ON "date_plans" USING btree ("starts_at") WHERE "date_plans"."state" = 'accepted' AND "date_plans"."check_in_asked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "date_plans_met_due_idx" ON "date_plans" USING btree ("day_ends_at") WHERE "date_plans"."state" = 'accepted' AND "date_plans"."met_asked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "date_shares_token_key" ON "date_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "date_shares_live_key" ON "date_shares" USING btree ("plan_id","user_id") WHERE "date_shares"."revoked_at" IS NULL;