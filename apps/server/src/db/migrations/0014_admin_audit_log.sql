-- The admin audit log (issue 11): one row per admin action, written in the action's own
-- transaction. Append-only: the trigger refuses every UPDATE and DELETE, so not even a
-- query run by hand can rewrite what an admin did. admin_id has no foreign key, so
-- erasing a member can never touch a row here.
CREATE TABLE "admin_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" ("target_type", "target_id");
--> statement-breakpoint
-- Its append-only triggers live in modules/audit/audit-log-append-only.sql.
SELECT 1;
--> statement-breakpoint
-- An admin's rejection of a new member, with the reason the member is shown; cleared on
-- approval.
ALTER TABLE "users" ADD COLUMN "approval_rejection_reason" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_rejected_at" timestamp with time zone;
