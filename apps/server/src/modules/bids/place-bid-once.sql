-- A bid with the member's request key, placed at most once whichever server takes it and
-- however often it is sent: the key is claimed in the bid's own transaction, and the
-- answer (place_bid's row) is stored beside it. A second request with the key waits until
-- the first commits, then reads its answer (replayed = true); if the first rolled back (an
-- overdrawn bidder), the second places the bid itself.
-- The claim names the member (a foreign key: a KEY SHARE lock on their row), so it comes
-- after the locks every escrow change takes in order, the auction row and then the member
-- rows by ascending id (the bidder and the sitting leader, every member the bid can debit
-- or refund), as in place_bids. Claimed first, one member's keyed bids on two auctions
-- each held a share of the member's row that the other's debit waited for (40P01). So a
-- keyed bid, unlike a bare one, waits for the auction's lock even when it is refused.
CREATE OR REPLACE FUNCTION place_bid_once(
  p_request_key uuid,
  p_auction_id integer,
  p_bidder_id integer,
  p_amount integer,
  p_now timestamptz,
  p_step integer,
  p_onboarding_complete integer,
  p_is_maximum boolean
) RETURNS TABLE (replayed boolean, answer jsonb) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_answer jsonb;
BEGIN
  PERFORM 1 FROM auctions a WHERE a.id = p_auction_id FOR UPDATE;
  PERFORM 1 FROM users u
   WHERE u.id IN (p_bidder_id, (SELECT a.lead_bidder_id FROM auctions a WHERE a.id = p_auction_id))
   ORDER BY u.id
     FOR NO KEY UPDATE;
  INSERT INTO bid_requests (user_id, request_key, created_at)
  VALUES (p_bidder_id, p_request_key, p_now)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT r.answer INTO v_answer FROM bid_requests r
     WHERE r.user_id = p_bidder_id AND r.request_key = p_request_key;
    RETURN QUERY SELECT true, v_answer;
    RETURN;
  END IF;
  SELECT to_jsonb(b) INTO v_answer
    FROM place_bid(p_auction_id, p_bidder_id, p_amount, p_now, p_step, p_onboarding_complete,
                   p_is_maximum) b;
  UPDATE bid_requests SET answer = v_answer
   WHERE user_id = p_bidder_id AND request_key = p_request_key;
  RETURN QUERY SELECT false, v_answer;
END
$$;
