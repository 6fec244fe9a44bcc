ALTER TABLE "reports" ADD COLUMN "times" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Open repeats already filed fold into the oldest of each (reporter, member, reason), with
-- their count and their texts, before the index that keeps them one.
WITH ranked AS (
  SELECT id, first_value(id) OVER w AS keep_id, count(*) OVER (PARTITION BY reporter_id, reported_id, reason) AS n
    FROM "reports" WHERE "source" = 'member' AND "status" = 'open'
  WINDOW w AS (PARTITION BY reporter_id, reported_id, reason ORDER BY created_at, id)
), texts AS (
  SELECT r.keep_id, left(string_agg(DISTINCT x.text, E'\n\n'), 4000) AS text
    FROM ranked r JOIN "reports" x ON x.id = r.id
   WHERE x.text IS NOT NULL AND x.text <> ''
   GROUP BY r.keep_id
)
UPDATE "reports" k SET "times" = r.n, "text" = COALESCE(t.text, k.text)
  FROM ranked r LEFT JOIN texts t ON t.keep_id = r.keep_id
 WHERE k.id = r.id AND r.id = r.keep_id AND r.n > 1;--> statement-breakpoint
DELETE FROM "reports" d USING (
  SELECT id, first_value(id) OVER (PARTITION BY reporter_id, reported_id, reason ORDER BY created_at, id) AS keep_id
    FROM "reports" WHERE "source" = 'member' AND "status" = 'open'
) r WHERE d.id = r.id AND r.id <> r.keep_id;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_member_key" ON "reports" USING btree ("reporter_id","reported_id","reason") WHERE "reports"."source" = 'member' AND "reports"."status" = 'open';