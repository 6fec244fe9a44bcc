CREATE TABLE "safety_notice_acknowledgements" (
	"user_id" integer NOT NULL,
	"jurisdiction" text NOT NULL,
	"placement" text NOT NULL,
	"version" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "safety_notice_acknowledgements_pkey" PRIMARY KEY("user_id","jurisdiction","placement","version"),
	CONSTRAINT "safety_notice_acknowledgements_placement_valid" CHECK ("safety_notice_acknowledgements"."placement" IN ('sign_up', 'first_connection'))
);
--> statement-breakpoint
ALTER TABLE "safety_notice_acknowledgements" ADD CONSTRAINT "safety_notice_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;