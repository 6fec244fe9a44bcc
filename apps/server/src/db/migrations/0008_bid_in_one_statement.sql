-- A bid in one round trip (issue 13). The ledger's single statement becomes a function
-- so applyBalanceChange and place_bid book balance changes the same way; the bid rules
-- live in bid_refusal, which place_bid runs first on a plain read (a bid that cannot win
-- never waits for the auction's row lock) and again under the lock.
CREATE OR REPLACE FUNCTION ledger_apply(
  p_user_id integer,
  p_amount integer,
  p_redeemable integer,
  p_type text,
  p_bid_target_id integer,
  p_reference_id text,
  p_idempotency_key text
) RETURNS TABLE (
  id bigint,
  user_id integer,
  amount integer,
  balance_after integer,
  redeemable_after integer,
  transaction_type text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH changed AS (
    UPDATE users
       SET token_balance = token_balance + p_amount,
           redeemable_tokens = LEAST(redeemable_tokens + p_redeemable, token_balance + p_amount),
           updated_at = now()
     WHERE users.id = p_user_id
 RETURNING users.id, users.token_balance, users.redeemable_tokens)
  INSERT INTO token_transactions
         (user_id, amount, balance_after, redeemable_after, transaction_type,
          bid_target_id, reference_id, idempotency_key)
  SELECT changed.id, p_amount, changed.token_balance, changed.redeemable_tokens, p_type,
         p_bid_target_id, p_reference_id, p_idempotency_key
    FROM changed
RETURNING token_transactions.id, token_transactions.user_id, token_transactions.amount,
          token_transactions.balance_after, token_transactions.redeemable_after,
          token_transactions.transaction_type;
END
$$;
--> statement-breakpoint
-- The reasons a bid is refused, in the order the member hears them; NULL when it may
-- be placed. A new rule is one more IF here (CREATE OR REPLACE in a later migration)
-- plus its message in bids.service.ts.
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
  IF p_bidder_onboarded <> p_onboarding_complete THEN RETURN 'not_onboarded'; END IF;
  IF NOT p_bidder_approved THEN RETURN 'not_approved'; END IF;
  IF p_amount < p_current_bid + p_step THEN RETURN 'bid_too_low'; END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The whole bid: rules, the bidder's debit (a raise pays the difference), the previous
-- leader's refund, the bid row, the auction's new lead and the outbid alert, in one
-- statement. Member rows are locked in ascending id order after the auction row, the
-- same order as every other escrow change, so concurrent bids queue, never deadlock.
-- A refusal returns its reason and the current bid; an overdrawn bidder raises the
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
  alert_created_at timestamptz
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
  SELECT a.status, a.user_id, a.current_bid, a.lead_bidder_id, p.end_time, o.username AS owner_username
    INTO v_auction
    FROM auctions a
    JOIN auction_periods p ON p.id = a.period_id
    JOIN users o ON o.id = a.user_id
   WHERE a.id = p_auction_id;
  v_refusal := bid_refusal(p_auction_id, v_auction.status, v_auction.end_time, v_auction.user_id,
    v_auction.current_bid, p_bidder_id, v_bidder.onboarded, v_bidder.is_approved, p_amount, p_now,
    p_step, p_onboarding_complete);
  IF v_refusal IS NULL THEN
    SELECT a.status, a.user_id, a.current_bid, a.lead_bidder_id, p.end_time, o.username AS owner_username
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
      NULL::integer, NULL::jsonb, NULL::text, NULL::timestamptz;
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
    v_alert_id, v_alert_payload, v_alert_message, v_alert_created_at;
END
$$;
