ALTER TABLE "fraud_removal_notices" ADD COLUMN "removed_user_id" integer;--> statement-breakpoint
-- Each notice so far names its removal's account. Two removals of one account handled at
-- the same moment may have told a member twice already: the later notice goes (the alert
-- the member got stays), so the key below can hold.
UPDATE "fraud_removal_notices" n
   SET "removed_user_id" = r.user_id
  FROM "fraud_removals" r
 WHERE r.id = n.removal_id;--> statement-breakpoint
DELETE FROM "fraud_removal_notices" n
 USING "fraud_removal_notices" earlier
 WHERE earlier.removed_user_id = n.removed_user_id AND earlier.user_id = n.user_id
   AND (earlier.notified_at, earlier.removal_id) < (n.notified_at, n.removal_id);--> statement-breakpoint
ALTER TABLE "fraud_removal_notices" ALTER COLUMN "removed_user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fraud_removal_notices" ADD CONSTRAINT "fraud_removal_notices_removed_user_id_users_id_fk" FOREIGN KEY ("removed_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_removal_notices_once_idx" ON "fraud_removal_notices" USING btree ("removed_user_id","user_id");
