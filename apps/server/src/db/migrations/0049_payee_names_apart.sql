ALTER TABLE "payee_identities" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "payee_identities" ADD COLUMN "last_name" text;--> statement-breakpoint
-- A Canadian individual's profile saved before the names were apart (and a kept tax record):
-- the last word of the legal name is the last name, the words before it the first name (one
-- word: the last name alone). The member sees both in their profile and may correct them.
UPDATE "payee_identities"
   SET "last_name" = substring(btrim("legal_name") from '(\S+)$'),
       "first_name" = btrim(regexp_replace(btrim("legal_name"), '\S+$', ''))
 WHERE "country" = 'CA' AND "taxpayer_id_type" = 'sin';--> statement-breakpoint
ALTER TABLE "payee_identities" ADD CONSTRAINT "payee_identities_names_apart" CHECK (("payee_identities"."first_name" IS NOT NULL AND "payee_identities"."last_name" IS NOT NULL)
       = ("payee_identities"."country" = 'CA' AND "payee_identities"."taxpayer_id_type" = 'sin'));