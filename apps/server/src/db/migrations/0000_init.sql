CREATE TABLE "otp_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "token_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"redeemable_after" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"bid_target_id" integer,
	"reference_id" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text,
	"email" text,
	"phone_number" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"onboarded" integer DEFAULT 0 NOT NULL,
	"gender" text,
	"ethnicity" text,
	"seeking_gender" text,
	"referred_by" integer,
	"invites_left" integer DEFAULT 3 NOT NULL,
	"short_bio" text,
	"postal_code" text,
	"country" text,
	"state" text,
	"city" text,
	"ideal_match_age_min" integer DEFAULT 25 NOT NULL,
	"ideal_match_age_max" integer DEFAULT 30 NOT NULL,
	"favorite_thing_1" text,
	"favorite_thing_1_answer" text,
	"favorite_thing_2" text,
	"favorite_thing_2_answer" text,
	"favorite_thing_3" text,
	"favorite_thing_3_answer" text,
	"birth_date" date,
	"token_balance" integer DEFAULT 0 NOT NULL,
	"redeemable_tokens" integer DEFAULT 0 NOT NULL,
	"available_for_bids" boolean DEFAULT true NOT NULL,
	"open_to_dating" boolean DEFAULT false NOT NULL,
	"bid_notification" boolean DEFAULT true NOT NULL,
	"sms_notification" boolean DEFAULT false NOT NULL,
	"sms_consent_at" timestamp with time zone,
	"twilio_stop" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_token_balance_nonnegative" CHECK ("users"."token_balance" >= 0),
	CONSTRAINT "users_redeemable_within_balance" CHECK ("users"."redeemable_tokens" >= 0 AND "users"."redeemable_tokens" <= "users"."token_balance"),
	CONSTRAINT "users_invites_left_nonnegative" CHECK ("users"."invites_left" >= 0),
	CONSTRAINT "users_onboarded_range" CHECK ("users"."onboarded" BETWEEN 0 AND 14)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transactions" ADD CONSTRAINT "token_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_codes_phone_created_idx" ON "otp_codes" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_ip_created_idx" ON "otp_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "token_transactions_user_idx" ON "token_transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_transactions_idempotency_key" ON "token_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_number_key" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));