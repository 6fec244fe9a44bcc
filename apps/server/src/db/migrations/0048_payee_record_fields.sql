ALTER TABLE "payee_identities" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "payee_identities" ADD COLUMN "payout_accounts" text[];