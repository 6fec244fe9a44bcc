-- The admin audit log is append-only: these triggers refuse every UPDATE, DELETE and
-- TRUNCATE, so not even a query run by hand can rewrite what an admin did.
CREATE OR REPLACE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER admin_audit_log_no_change
  BEFORE UPDATE OR DELETE ON "admin_audit_log"
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER admin_audit_log_no_truncate
  BEFORE TRUNCATE ON "admin_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_append_only();
