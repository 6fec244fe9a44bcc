CREATE TABLE "prompt_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prompt_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"prompt_id" text NOT NULL,
	"kind" text NOT NULL,
	"text_answer" text,
	"voice_file_name" text,
	"voice_duration_ms" integer,
	"voice_waveform" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_answers_slot_range" CHECK ("prompt_answers"."slot" BETWEEN 1 AND 3),
	CONSTRAINT "prompt_answers_kind_shape" CHECK (("prompt_answers"."kind" = 'text' AND "prompt_answers"."text_answer" IS NOT NULL AND "prompt_answers"."voice_file_name" IS NULL)
       OR ("prompt_answers"."kind" = 'voice' AND "prompt_answers"."voice_file_name" IS NOT NULL AND "prompt_answers"."text_answer" IS NULL
           AND "prompt_answers"."voice_duration_ms" IS NOT NULL AND "prompt_answers"."voice_waveform" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reason_valid";--> statement-breakpoint
ALTER TABLE "prompt_answers" ADD CONSTRAINT "prompt_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_answers_slot_key" ON "prompt_answers" USING btree ("user_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_answers_prompt_key" ON "prompt_answers" USING btree ("user_id","prompt_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reason_valid" CHECK ("reports"."reason" IN ('fake_profile', 'harassment', 'underage', 'scam_or_spam', 'inappropriate_photos', 'inappropriate_prompt', 'other'));