-- A bid with the member's request key, placed at most once whichever server takes it and
-- however often it is sent: the key is claimed in the bid's own transaction, and the
-- answer (place_bid's row) is stored beside it. A second request with the key waits on
-- the claim until the first commits, then reads its answer (replayed = true); if the
-- first rolled back (an overdrawn bidder), the second places the bid itself.
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
