-- The whole bid: rules, the bidder's debit (a raise pays the difference), the previous
-- leader's refund, the bid rows, the auction's new lead and the outbid alert, in one
-- statement. Member rows are locked in ascending id order after the auction row, the
-- same order as every other escrow change, so concurrent bids queue, never deadlock.
-- Maximum bids (proxy_bid): the escrow of an auction is its leader's whole maximum
-- (auctions.lead_max); every automatic raise is one more bid row under the same lock, so
-- it happens exactly once whichever server took the bid. A bid that a sitting leader's
-- maximum covers is debited and refunded like any outbid bid.
-- The escrow keeps its parts by origin on the auction row: escrow_debit spends the
-- bidder's tokens in the rule's order and says which parts it took; escrow_refund gives
-- the displaced leader back exactly the parts their escrow held (ledger-apply.sql).
-- reserve_met tells the auction room whether the hidden reserve is met (NULL: none), never
-- its amount. A refusal returns its reason and the current bid; an overdrawn bidder raises
-- the balance CHECK (23514) and nothing is written. The outbid alert's words are shared's
-- ALERT_TEMPLATES.outbid, written in at {{text:…}} when the routine is applied.
CREATE OR REPLACE FUNCTION place_bid(
  p_auction_id integer,
  p_bidder_id integer,
  p_amount integer,
  p_now timestamptz,
  p_step integer,
  p_onboarding_complete integer,
  p_is_maximum boolean
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
  reserve_met boolean,
  lead_bidder_id integer,
  lead_bidder_username text,
  lead_max integer,
  bidder_amount integer,
  prior_raise integer,
  prior_bidder_id integer,
  prior_bidder_username text,
  counter_raise integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_bidder record;
  v_auction record;
  v_refusal text;
  v_proxy record;
  v_previous integer;
  v_previous_username text;
  v_outbid integer;
  v_reference text := 'auction:' || p_auction_id;
  v_paid integer;
  v_refunded integer;
  v_bid record;
  v_lead_username text;
  v_name_hidden boolean;
  v_outbid_french boolean;
  v_taken record;
  v_promotional integer;
  v_purchased integer;
  v_redeemable integer;
  v_alert_id integer;
  v_alert_payload jsonb;
  v_alert_message text;
  v_alert_created_at timestamptz;
BEGIN
  SELECT u.username, u.onboarded, u.is_approved INTO v_bidder
    FROM users u WHERE u.id = p_bidder_id;
  SELECT a.status, a.user_id, a.current_bid, a.lead_bidder_id, a.lead_max, a.reserve_price,
         p.end_time, o.username AS owner_username,
         a.escrow_promotional, a.escrow_purchased, a.escrow_redeemable
    INTO v_auction
    FROM auctions a
    JOIN auction_periods p ON p.id = a.period_id
    JOIN users o ON o.id = a.user_id
   WHERE a.id = p_auction_id;
  v_refusal := bid_refusal(p_auction_id, v_auction.status, v_auction.end_time, v_auction.user_id,
    v_auction.current_bid, p_bidder_id, v_bidder.onboarded, v_bidder.is_approved, p_amount, p_now,
    p_step, p_onboarding_complete);
  IF v_refusal IS NULL THEN
    SELECT a.status, a.user_id, a.current_bid, a.lead_bidder_id, a.lead_max, a.reserve_price,
           p.end_time, o.username AS owner_username,
           a.escrow_promotional, a.escrow_purchased, a.escrow_redeemable
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
  IF v_refusal IS NULL AND p_is_maximum AND v_auction.lead_bidder_id = p_bidder_id
     AND p_amount <= v_auction.lead_max THEN
    v_refusal := 'maximum_not_raised';
  END IF;
  IF v_refusal IS NOT NULL THEN
    RETURN QUERY SELECT v_refusal, v_auction.current_bid, NULL::bigint, NULL::timestamptz,
      NULL::integer, NULL::text, NULL::text, NULL::integer, NULL::integer, NULL::integer,
      NULL::integer, NULL::jsonb, NULL::text, NULL::timestamptz, NULL::boolean,
      NULL::integer, NULL::text, CASE WHEN v_auction.lead_bidder_id = p_bidder_id
        THEN v_auction.lead_max END, NULL::integer, NULL::integer, NULL::integer, NULL::text,
      NULL::integer;
    RETURN;
  END IF;

  SELECT * INTO v_proxy FROM proxy_bid(v_auction.lead_bidder_id, v_auction.lead_max,
    v_auction.current_bid, p_bidder_id, p_amount, p_is_maximum, p_step);

  -- Escrow: the member's maximum in, and out again either to the leader they displace
  -- or, when the leader's maximum covers it, straight back to them. Ascending id order.
  IF v_auction.lead_bidder_id IS DISTINCT FROM p_bidder_id THEN
    v_previous := v_auction.lead_bidder_id;
  END IF;
  IF v_proxy.lead_id = p_bidder_id THEN
    v_outbid := v_previous;
  ELSE
    v_outbid := p_bidder_id;
  END IF;
  v_promotional := v_auction.escrow_promotional;
  v_purchased := v_auction.escrow_purchased;
  v_redeemable := v_auction.escrow_redeemable;
  IF v_outbid IS NOT NULL AND v_outbid <> p_bidder_id AND v_outbid < p_bidder_id THEN
    v_refunded := escrow_refund(v_outbid, v_auction.escrow_promotional,
      v_auction.escrow_purchased, v_auction.escrow_redeemable, 'outbid', v_auction.user_id,
      v_reference, NULL);
  END IF;
  IF v_auction.lead_bidder_id = p_bidder_id THEN
    IF v_proxy.lead_max > v_auction.lead_max THEN
      v_taken := escrow_debit(p_bidder_id, v_proxy.lead_max - v_auction.lead_max, 'rebid',
        v_auction.user_id, v_reference);
      v_paid := v_taken.balance_after;
      v_promotional := v_promotional + v_taken.promotional;
      v_purchased := v_purchased + v_taken.purchased;
      v_redeemable := v_redeemable + v_taken.redeemable;
    ELSE
      SELECT u.token_balance INTO v_paid FROM users u WHERE u.id = p_bidder_id;
    END IF;
  ELSE
    v_taken := escrow_debit(p_bidder_id, p_amount, 'bid', v_auction.user_id, v_reference);
    v_paid := v_taken.balance_after;
    IF v_outbid = p_bidder_id THEN
      -- The leader's maximum covers it: the same parts go straight back.
      v_paid := escrow_refund(p_bidder_id, v_taken.promotional, v_taken.purchased,
        v_taken.redeemable, 'outbid', v_auction.user_id, v_reference, NULL);
      v_refunded := v_paid;
    ELSE
      v_promotional := v_taken.promotional;
      v_purchased := v_taken.purchased;
      v_redeemable := v_taken.redeemable;
    END IF;
  END IF;
  IF v_outbid IS NOT NULL AND v_outbid <> p_bidder_id AND v_outbid > p_bidder_id THEN
    v_refunded := escrow_refund(v_outbid, v_auction.escrow_promotional,
      v_auction.escrow_purchased, v_auction.escrow_redeemable, 'outbid', v_auction.user_id,
      v_reference, NULL);
  END IF;

  IF v_proxy.prior_raise IS NOT NULL THEN
    INSERT INTO bids (auction_id, user_id, amount, automatic)
    VALUES (p_auction_id, v_previous, v_proxy.prior_raise, true);
    SELECT u.username INTO v_previous_username FROM users u WHERE u.id = v_previous;
  END IF;
  INSERT INTO bids (auction_id, user_id, amount, maximum)
  VALUES (p_auction_id, p_bidder_id, v_proxy.bidder_amount,
          CASE WHEN p_is_maximum THEN p_amount END)
  RETURNING bids.id, bids.created_at INTO v_bid;
  IF v_proxy.counter_raise IS NOT NULL THEN
    INSERT INTO bids (auction_id, user_id, amount, automatic)
    VALUES (p_auction_id, v_proxy.lead_id, v_proxy.counter_raise, true);
  END IF;
  UPDATE auctions SET current_bid = v_proxy.current_bid, lead_bidder_id = v_proxy.lead_id,
         lead_max = v_proxy.lead_max, escrow_promotional = v_promotional,
         escrow_purchased = v_purchased, escrow_redeemable = v_redeemable, updated_at = now()
   WHERE auctions.id = p_auction_id;
  IF v_proxy.lead_id = p_bidder_id THEN
    v_lead_username := v_bidder.username;
  ELSE
    SELECT u.username INTO v_lead_username FROM users u WHERE u.id = v_proxy.lead_id;
  END IF;

  -- No alert about a member under a fraud hold (issue 42): not when the held member now
  -- leads (their bid or their maximum's answer), nor in a held owner's auction.
  IF v_outbid IS NOT NULL AND NOT alert_about_held(v_outbid,
       jsonb_build_object('userId', v_auction.user_id), v_proxy.lead_id) THEN
    -- Two members with a block between them never read each other's names, in a third
    -- member's auction either (product rules, Blocks cover everything): 'A member'.
    v_name_hidden := EXISTS (SELECT 1 FROM blocks bl
        WHERE (bl.blocker_id = v_outbid AND bl.blocked_id = v_proxy.lead_id)
           OR (bl.blocker_id = v_proxy.lead_id AND bl.blocked_id = v_outbid));
    v_outbid_french := EXISTS (SELECT 1 FROM users u WHERE u.id = v_outbid AND u.language = 'fr-CA');
    INSERT INTO alerts (user_id, kind, payload, message)
    VALUES (v_outbid, 'outbid',
      jsonb_build_object(
        'auctionId', p_auction_id,
        'newBidderUsername', CASE WHEN NOT v_name_hidden THEN v_lead_username END,
        'newBidAmount', v_proxy.current_bid,
        'auctionCreatorUsername', v_auction.owner_username,
        'auctionCreatorUserId', v_auction.user_id,
        'userId', v_auction.user_id),
      -- In the outbid member's language (product rules, Languages).
      CASE WHEN v_outbid_french THEN
        replace(replace(replace(CASE WHEN v_proxy.current_bid < 2 THEN {{text:outbidFrOne}}
                                     ELSE {{text:outbidFrOther}} END,
          '{amount}', v_proxy.current_bid::text),
          '{owner}', COALESCE(v_auction.owner_username, {{text:noAuctionNameFr}})),
          '{bidder}', CASE WHEN v_name_hidden THEN {{text:hiddenBidderNameFr}}
            ELSE COALESCE(v_lead_username, {{text:noBidderNameFr}}) END)
      ELSE
        replace(replace(replace({{text:outbid}},
          '{amount}', v_proxy.current_bid::text),
          '{owner}', COALESCE(v_auction.owner_username, {{text:noAuctionName}})),
          '{bidder}', CASE WHEN v_name_hidden THEN {{text:hiddenBidderName}}
            ELSE COALESCE(v_lead_username, {{text:noBidderName}}) END)
      END)
    RETURNING alerts.id, alerts.payload, alerts.message, alerts.created_at
      INTO v_alert_id, v_alert_payload, v_alert_message, v_alert_created_at;
  END IF;

  RETURN QUERY SELECT NULL::text, v_proxy.current_bid, v_bid.id, v_bid.created_at,
    v_auction.user_id, v_auction.owner_username, v_bidder.username, v_paid, v_outbid,
    v_refunded, v_alert_id, v_alert_payload, v_alert_message, v_alert_created_at,
    CASE WHEN v_auction.reserve_price > 0 THEN v_proxy.lead_max >= v_auction.reserve_price END,
    v_proxy.lead_id, v_lead_username, v_proxy.lead_max, v_proxy.bidder_amount,
    v_proxy.prior_raise, v_previous, v_previous_username, v_proxy.counter_raise;
END
$$;
--> statement-breakpoint
-- place_bid as the release before maximum bids called it (six arguments, fifteen result
-- columns; migration 0019 dropped that signature): a server of that release keeps placing
-- plain bids while a rolling deploy replaces it. Its room hears only the bid itself, not
-- an automatic answer from a sitting maximum, until the new release serves it; the
-- database is the same either way. Contract step: drop it once no such server can run.
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
) LANGUAGE sql AS $$
  SELECT b.refusal, b.current_bid, b.bid_id, b.bid_created_at, b.owner_id, b.owner_username,
         b.bidder_username, b.token_balance, b.outbid_user_id, b.outbid_token_balance,
         b.alert_id, b.alert_payload, b.alert_message, b.alert_created_at, b.reserve_met
    FROM place_bid(p_auction_id, p_bidder_id, p_amount, p_now, p_step, p_onboarding_complete,
                   false) b
$$;
