-- An auction carries its owner's location (their postal code's centroid; product rules,
-- Distance and verification), so a board limited to a distance picks its page from the
-- auctions alone. The copy is made when the auction is inserted, whoever inserts it, and
-- follows every change of the owner's location (a new postal code, the migration step that
-- places members, an erased account) in that change's own transaction.
--
-- The period turnover reads every member's location to open the next period's auctions
-- while a member may be saving a new postal code; the save first waits on the open
-- period's row (lockPeriodTurnover, before it locks the member), which the close updates
-- before it opens the next period. So either the turnover reads the new location, or the
-- UPDATE below runs after the turnover committed and sees its auctions. (Locking members'
-- rows in the turnover instead would hold up every bid during the close.)
CREATE OR REPLACE FUNCTION auction_owner_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.location_lat, u.location_lon INTO NEW.location_lat, NEW.location_lon
    FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER auctions_owner_location
  BEFORE INSERT ON "auctions"
  FOR EACH ROW EXECUTE FUNCTION auction_owner_location();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_location_to_auctions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auctions SET location_lat = NEW.location_lat, location_lon = NEW.location_lon
   WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_location_to_auctions
  AFTER UPDATE OF location_lat, location_lon ON "users"
  FOR EACH ROW
  WHEN (OLD.location_lat IS DISTINCT FROM NEW.location_lat
        OR OLD.location_lon IS DISTINCT FROM NEW.location_lon)
  EXECUTE FUNCTION member_location_to_auctions();
