-- bid_refusal: the reasons a bid is refused, in the order the member hears them; NULL
-- when it may be placed. place_bid runs it on a plain read first (a bid that cannot win
-- never waits for the auction's row lock) and again under the lock. A new rule is one
-- more IF here plus what the member hears for it in bids.service.ts.
-- Blocks and suspension are read here too, so they are checked again under the lock
-- like every other rule.
CREATE OR REPLACE FUNCTION bid_refusal(
  p_auction_id integer,
  p_status text,
  p_end_time timestamptz,
  p_owner_id integer,
  p_current_bid integer,
  p_bidder_id integer,
  p_bidder_onboarded integer,
  p_bidder_approved boolean,
  p_amount integer,
  p_now timestamptz,
  p_step integer,
  p_onboarding_complete integer
) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_status IS NULL OR p_status = 'deleted' THEN RETURN 'auction_not_found'; END IF;
  IF p_status <> 'active' OR p_now >= p_end_time THEN RETURN 'bidding_closed'; END IF;
  IF p_owner_id = p_bidder_id THEN RETURN 'own_auction'; END IF;
  IF p_bidder_onboarded IS NULL THEN RETURN 'unknown_bidder'; END IF;
  IF EXISTS (SELECT 1 FROM users u WHERE u.id IN (p_bidder_id, p_owner_id)
              AND (u.suspended_at IS NOT NULL OR u.deleted_at IS NOT NULL)) THEN
    RETURN 'member_unavailable';
  END IF;
  IF EXISTS (SELECT 1 FROM blocks b
              WHERE (b.blocker_id = p_bidder_id AND b.blocked_id = p_owner_id)
                 OR (b.blocker_id = p_owner_id AND b.blocked_id = p_bidder_id)) THEN
    RETURN 'blocked';
  END IF;
  IF p_bidder_onboarded <> p_onboarding_complete THEN RETURN 'not_onboarded'; END IF;
  IF NOT p_bidder_approved THEN RETURN 'not_approved'; END IF;
  IF p_amount < p_current_bid + p_step THEN RETURN 'bid_too_low'; END IF;
  RETURN NULL;
END
$$;
