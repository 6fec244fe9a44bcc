CREATE TABLE "payee_identities" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"taxpayer_id_type" text NOT NULL,
	"taxpayer_id_sealed" text NOT NULL,
	"taxpayer_id_key" text NOT NULL,
	"taxpayer_id_last4" text NOT NULL,
	"certified_at" timestamp with time zone NOT NULL,
	"certification_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payee_identities_id_of_country" CHECK (("payee_identities"."country" = 'US' AND "payee_identities"."taxpayer_id_type" IN ('ssn', 'itin', 'ein'))
       OR ("payee_identities"."country" = 'CA' AND "payee_identities"."taxpayer_id_type" IN ('sin', 'bn'))),
	CONSTRAINT "payee_identities_last4" CHECK ("payee_identities"."taxpayer_id_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "payee_identities" ADD CONSTRAINT "payee_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;