-- The whole bid: rules, the bidder's debit (a raise pays the difference), the previous
-- leader's refund, the bid row, the auction's new lead and the outbid alert, in one
-- statement. Member rows are locked in ascending id order after the auction row, the
-- same order as every other escrow change, so concurrent bids queue, never deadlock.
-- reserve_met tells the auction room whether the hidden reserve is met (NULL: none), never
-- its amount. A refusal returns its reason and the current bid; an overdrawn bidder raises the
-- balance CHECK (23514) and nothing is written.
CREATE OR REPLACE FUNCTION place_bid(
  p_auction_id integer,
  p_bidder_id integer,
  p_amount integer,
  p_now timestamptz,
  p_step integer,
  p_onboarding_complete integer
) RETURNS TABLE (
  refusal text,
  current_bid integer,
  bid_id bigint,
  bid_created_at timestamptz,
  owner_id integer,
  owner_username text,
  bidder_username text,
  token_balance integer,
  outbid_user_id integer,
  outbid_token_balance integer,
  alert_id integer,
  alert_payload jsonb,
  alert_message text,
  alert_created_at timestamptz,
  reserve_met boolean
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_bidder record;
  v_auction record;
  v_refusal text;
  v_previous integer;
  v_reference text := 'auction:' || p_auction_id;
  v_paid integer;
  v_refunded integer;
  v_bid record;
  v_alert_id integer;
  v_alert_payload jsonb;
  v_alert_message text;
  v_alert_created_at timestamptz;
BEGIN
  SELECT u.username, u.onboarded, u.is_approved INTO v_bidder
    FROM users u WHERE u.id = p_bidder_id;
  SELECT a.status, a.user_id, a.current_bid, a.lead_bidder_id, a.reserve_price, p.end_time,
         o.username AS owner_username
    INTO v_auction
    FROM auctions a
    JOIN auction_periods p ON p.id = a.period_id
    JOIN users o ON o.id = a.user_id
   WHERE a.id = p_auction_id;
  v_refusal := bid_refusal(p_auction_id, v_auction.status, v_auction.end_time, v_auction.user_id,
    v_auction.current_bid, p_bidder_id, v_bidder.onboarded, v_bidder.is_approved, p_amount, p_now,
    p_step, p_onboarding_complete);
  IF v_refusal IS NULL THEN
    SELECT a.status, a.user_id, a.current_bid, a.lead_bidder_id, a.reserve_price, p.end_time,
         o.username AS owner_username
      INTO v_auction
      FROM auctions a
      JOIN auction_periods p ON p.id = a.period_id
      JOIN users o ON o.id = a.user_id
     WHERE a.id = p_auction_id
       FOR UPDATE OF a;
    v_refusal := bid_refusal(p_auction_id, v_auction.status, v_auction.end_time, v_auction.user_id,
      v_auction.current_bid, p_bidder_id, v_bidder.onboarded, v_bidder.is_approved, p_amount, p_now,
      p_step, p_onboarding_complete);
  END IF;
  IF v_refusal IS NOT NULL THEN
    RETURN QUERY SELECT v_refusal, v_auction.current_bid, NULL::bigint, NULL::timestamptz,
      NULL::integer, NULL::text, NULL::text, NULL::integer, NULL::integer, NULL::integer,
      NULL::integer, NULL::jsonb, NULL::text, NULL::timestamptz, NULL::boolean;
    RETURN;
  END IF;

  IF v_auction.lead_bidder_id IS DISTINCT FROM p_bidder_id THEN
    v_previous := v_auction.lead_bidder_id;
  END IF;
  IF v_previous IS NOT NULL AND v_previous < p_bidder_id THEN
    SELECT l.balance_after INTO v_refunded FROM ledger_apply(v_previous, v_auction.current_bid, 0,
      'outbid', v_auction.user_id, v_reference, NULL) l;
  END IF;
  IF v_auction.lead_bidder_id = p_bidder_id THEN
    SELECT l.balance_after INTO v_paid FROM ledger_apply(p_bidder_id,
      -(p_amount - v_auction.current_bid), 0, 'rebid', v_auction.user_id, v_reference, NULL) l;
  ELSE
    SELECT l.balance_after INTO v_paid FROM ledger_apply(p_bidder_id, -p_amount, 0, 'bid',
      v_auction.user_id, v_reference, NULL) l;
  END IF;
  IF v_previous IS NOT NULL AND v_previous > p_bidder_id THEN
    SELECT l.balance_after INTO v_refunded FROM ledger_apply(v_previous, v_auction.current_bid, 0,
      'outbid', v_auction.user_id, v_reference, NULL) l;
  END IF;

  INSERT INTO bids (auction_id, user_id, amount) VALUES (p_auction_id, p_bidder_id, p_amount)
  RETURNING bids.id, bids.created_at INTO v_bid;
  UPDATE auctions SET current_bid = p_amount, lead_bidder_id = p_bidder_id, updated_at = now()
   WHERE auctions.id = p_auction_id;

  IF v_previous IS NOT NULL THEN
    INSERT INTO alerts (user_id, kind, payload, message)
    VALUES (v_previous, 'outbid',
      jsonb_build_object(
        'auctionId', p_auction_id,
        'newBidderUsername', v_bidder.username,
        'newBidAmount', p_amount,
        'auctionCreatorUsername', v_auction.owner_username,
        'auctionCreatorUserId', v_auction.user_id,
        'userId', v_auction.user_id),
      COALESCE(v_bidder.username, 'Someone') || ' outbid you on ' ||
        COALESCE(v_auction.owner_username, 'an auction') || ' with ' || p_amount || ' tokens.')
    RETURNING alerts.id, alerts.payload, alerts.message, alerts.created_at
      INTO v_alert_id, v_alert_payload, v_alert_message, v_alert_created_at;
  END IF;

  RETURN QUERY SELECT NULL::text, p_amount, v_bid.id, v_bid.created_at, v_auction.user_id,
    v_auction.owner_username, v_bidder.username, v_paid, v_previous, v_refunded,
    v_alert_id, v_alert_payload, v_alert_message, v_alert_created_at,
    CASE WHEN v_auction.reserve_price > 0 THEN p_amount >= v_auction.reserve_price END;
END
$$;
