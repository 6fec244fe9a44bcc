ALTER TABLE "redemptions" ADD COLUMN "payee_country" text;--> statement-breakpoint
-- Each redemption so far gets its payee's country as the reports read it: the payee
-- profile's, else the member's postal code's. A member deleted before this, with no payee
-- profile, has neither any more: their payouts stay without one (docs/payouts.md shows how
-- to find them).
UPDATE "redemptions" r
   SET "payee_country" = c.country
  FROM (SELECT u.id, COALESCE(p.country, u.country) AS country
          FROM users u LEFT JOIN payee_identities p ON p.user_id = u.id) c
 WHERE c.id = r.user_id AND c.country IN ('US', 'CA');
