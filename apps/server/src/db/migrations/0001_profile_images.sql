CREATE TABLE "profile_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"image_type" text NOT NULL,
	"file_name" text NOT NULL,
	"thumbnail_file_name" text NOT NULL,
	"display_order" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"review_status" text DEFAULT 'pending' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_images_display_order_range" CHECK ("profile_images"."display_order" BETWEEN 1 AND 3),
	CONSTRAINT "profile_images_image_type_valid" CHECK ("profile_images"."image_type" IN ('profile', 'additional')),
	CONSTRAINT "profile_images_review_status_valid" CHECK ("profile_images"."review_status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "profile_images" ADD CONSTRAINT "profile_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_images_active_slot_key" ON "profile_images" USING btree ("user_id","display_order") WHERE "profile_images"."is_active";--> statement-breakpoint
CREATE INDEX "profile_images_user_idx" ON "profile_images" USING btree ("user_id");