CREATE TABLE "bid_requests" (
	"user_id" integer NOT NULL,
	"request_key" uuid NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_requests_user_id_request_key_pk" PRIMARY KEY("user_id","request_key")
);
--> statement-breakpoint
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_requests_created_idx" ON "bid_requests" USING btree ("created_at");