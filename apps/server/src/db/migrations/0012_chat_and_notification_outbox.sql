CREATE TABLE "conversations" (
	"cid" text PRIMARY KEY NOT NULL,
	"user_a" integer NOT NULL,
	"user_b" integer NOT NULL,
	"last_message_id" bigint,
	"last_message_text" text,
	"last_message_type" text,
	"last_sender_id" integer,
	"last_message_at" timestamp with time zone,
	"unread_a" integer DEFAULT 0 NOT NULL,
	"unread_b" integer DEFAULT 0 NOT NULL,
	"last_read_a" bigint DEFAULT 0 NOT NULL,
	"last_read_b" bigint DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_members_ordered" CHECK ("conversations"."user_a" < "conversations"."user_b"),
	CONSTRAINT "conversations_cid_of_members" CHECK ("conversations"."cid" = "conversations"."user_a" || '_' || "conversations"."user_b"),
	CONSTRAINT "conversations_unread_nonnegative" CHECK ("conversations"."unread_a" >= 0 AND "conversations"."unread_b" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cid" text NOT NULL,
	"seq" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"blob_key" text,
	"type" text DEFAULT 'text' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"alert_id" integer,
	"message_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_outbox_channel" CHECK ("notification_outbox"."channel" IN ('push', 'sms')),
	CONSTRAINT "notification_outbox_status" CHECK ("notification_outbox"."status" IN ('pending', 'sending', 'sent', 'skipped', 'failed')),
	CONSTRAINT "notification_outbox_one_source" CHECK (("notification_outbox"."alert_id" IS NULL) <> ("notification_outbox"."message_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_cid_conversations_cid_fk" FOREIGN KEY ("cid") REFERENCES "public"."conversations"("cid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_user_a_idx" ON "conversations" USING btree ("user_a","updated_at","cid");--> statement-breakpoint
CREATE INDEX "conversations_user_b_idx" ON "conversations" USING btree ("user_b","updated_at","cid");--> statement-breakpoint
CREATE INDEX "messages_cid_idx" ON "messages" USING btree ("cid","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_cid_seq_key" ON "messages" USING btree ("cid","seq");--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at","id") WHERE "notification_outbox"."status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notification_outbox_alert_idx" ON "notification_outbox" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "notification_outbox_message_idx" ON "notification_outbox" USING btree ("message_id");--> statement-breakpoint
-- The trigger that queues every alert's notifications lives in
-- modules/notifications/alerts-outbox.sql (applied by db/routines.ts).
SELECT 1;
