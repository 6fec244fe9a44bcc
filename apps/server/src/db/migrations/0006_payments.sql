CREATE TABLE "payment_errors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"error_type" text NOT NULL,
	"payment_flow" text,
	"message" text,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_intents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"bundle_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"tokens" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"invoice_number" text NOT NULL,
	"form_token" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purchase_id" integer,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tokens_owed" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "payment_submissions" (
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_submissions_provider_transaction_id_pk" PRIMARY KEY("provider","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_amount" integer NOT NULL,
	"multiplier" double precision NOT NULL,
	"fee_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"paypal_email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"provider" text NOT NULL,
	"payout_status" text,
	"payout_batch_id" text,
	"payout_item_id" text,
	"submitted_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemptions_token_amount_positive" CHECK ("redemptions"."token_amount" > 0),
	CONSTRAINT "redemptions_amount_positive" CHECK ("redemptions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_forms" (
	"token" text PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"customer_id" text,
	"communicator_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_transactions" (
	"trans_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"ref_trans_id" text,
	"form_token" text,
	"invoice_number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"response_code" text NOT NULL,
	"auth_code" text,
	"card_last4" text NOT NULL,
	"card_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_bundles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_bundles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"token_qty" integer NOT NULL,
	"cost_cents" integer NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_bundles_token_qty_positive" CHECK ("token_bundles"."token_qty" > 0),
	CONSTRAINT "token_bundles_cost_positive" CHECK ("token_bundles"."cost_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "token_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"intent_id" integer NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"tokens" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"auth_code" text,
	"source" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"tokens_reversed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_errors" ADD CONSTRAINT "payment_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_bundle_id_token_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."token_bundles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_purchase_id_token_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."token_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_submissions" ADD CONSTRAINT "payment_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_purchases" ADD CONSTRAINT "token_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_purchases" ADD CONSTRAINT "token_purchases_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_errors_created_idx" ON "payment_errors" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_invoice_key" ON "payment_intents" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "payment_intents_user_created_idx" ON "payment_intents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reviews_purchase_reason_key" ON "payment_reviews" USING btree ("purchase_id","reason");--> statement-breakpoint
CREATE INDEX "payment_reviews_open_idx" ON "payment_reviews" USING btree ("resolved_at","created_at");--> statement-breakpoint
CREATE INDEX "payment_submissions_user_idx" ON "payment_submissions" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "redemptions_status_created_idx" ON "redemptions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "redemptions_user_idx" ON "redemptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_transactions_form_idx" ON "sandbox_gateway_transactions" USING btree ("form_token");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_transactions_refund_key" ON "sandbox_gateway_transactions" USING btree ("ref_trans_id") WHERE "sandbox_gateway_transactions"."type" = 'refundTransaction';--> statement-breakpoint
CREATE UNIQUE INDEX "token_purchases_transaction_key" ON "token_purchases" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_purchases_intent_key" ON "token_purchases" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "token_purchases_user_created_idx" ON "token_purchases" USING btree ("user_id","created_at");