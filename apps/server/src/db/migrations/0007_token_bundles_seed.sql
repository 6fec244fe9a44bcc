-- The bundles on sale from day one (marketplace §3 Token bundle item). Operators change
-- prices or retire a bundle with is_active; purchases keep the price they were sold at.
INSERT INTO "token_bundles" ("name", "token_qty", "cost_cents", "description", "sort_order") VALUES
  ('Starter', 500, 499, 'A few bids to get started.', 1),
  ('Popular', 1200, 999, '20% more tokens for the price.', 2),
  ('Best Value', 2600, 1999, '30% more tokens for the price.', 3),
  ('High Roller', 7000, 4999, '40% more tokens for the price.', 4);
