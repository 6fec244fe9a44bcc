CREATE TABLE "admin_cash_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_cash_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"transaction_id" bigint NOT NULL,
	"tokens" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"cash_reference" text NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_cash_grants_tokens_positive" CHECK ("admin_cash_grants"."tokens" > 0),
	CONSTRAINT "admin_cash_grants_floor" CHECK ("admin_cash_grants"."amount_cents" >= "admin_cash_grants"."tokens")
);
--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "campaign_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What earlier redemptions paid beyond the base rate (one cent a token minus the fee) came
-- from the campaign: it counts against the budget like any later one.
UPDATE "redemptions"
   SET "campaign_cents" = GREATEST(0, "amount_cents" - GREATEST(0, "token_amount" - "fee_cents"));--> statement-breakpoint
ALTER TABLE "admin_cash_grants" ADD CONSTRAINT "admin_cash_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_cash_grants" ADD CONSTRAINT "admin_cash_grants_transaction_id_token_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."token_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_cash_grants" ADD CONSTRAINT "admin_cash_grants_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_cash_grants_transaction_key" ON "admin_cash_grants" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_campaign_within_amount" CHECK ("redemptions"."campaign_cents" >= 0 AND "redemptions"."campaign_cents" <= "redemptions"."amount_cents");