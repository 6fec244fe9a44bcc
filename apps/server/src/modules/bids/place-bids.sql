-- Bids that reached a server together, placed in the order they arrived, in one
-- transaction: the row locks are taken once and the commit written once for all of them,
-- and none can overtake an earlier one on the way to a lock (with a statement each, the
-- pool's connections reach it in any order, and an earlier, lower bid that arrives second
-- is refused). They are bids on one auction that queued while its previous statement ran,
-- or bids on different auctions that waited while enough spread statements ran
-- (bid-queue.ts). Each bid is place_bid, or place_bid_once behind its request key, in its
-- own block: an overdrawn bidder (the balance CHECK, 23514) undoes only their own bid and
-- is answered with the code; the others stand. The transaction keeps every row lock a bid
-- takes until the last bid is placed, so the batch takes them all first, in the order every
-- escrow change takes them: the auction rows by ascending id, then the member rows by
-- ascending id (the bidders and each auction's sitting leader are every member a bid here
-- can debit or refund). p_bids: a JSON array of {auction, bidder, amount, maximum,
-- requestKey, now}.
CREATE OR REPLACE FUNCTION place_bids_across(
  p_bids jsonb,
  p_step integer,
  p_onboarding_complete integer
) RETURNS TABLE (replayed boolean, answer jsonb, failure text) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_bid record;
  v_replayed boolean;
  v_answer jsonb;
  v_failure text;
BEGIN
  PERFORM 1 FROM auctions a
   WHERE a.id IN (SELECT (b.value->>'auction')::integer FROM jsonb_array_elements(p_bids) b)
   ORDER BY a.id
     FOR UPDATE;
  PERFORM 1 FROM users u
   WHERE u.id IN (SELECT (b.value->>'bidder')::integer FROM jsonb_array_elements(p_bids) b
                  UNION
                  SELECT a.lead_bidder_id FROM auctions a
                   WHERE a.id IN (SELECT (b.value->>'auction')::integer
                                    FROM jsonb_array_elements(p_bids) b))
   ORDER BY u.id
     FOR NO KEY UPDATE;
  FOR v_bid IN
    SELECT x.auction, x.bidder, x.amount, x.maximum, x."requestKey" AS request_key, x.now, o.n
      FROM jsonb_array_elements(p_bids) WITH ORDINALITY AS o(bid, n),
           jsonb_to_record(o.bid) AS x(auction integer, bidder integer, amount integer,
                                       maximum boolean, "requestKey" uuid, now timestamptz)
     ORDER BY o.n
  LOOP
    v_replayed := false;
    v_answer := NULL;
    v_failure := NULL;
    BEGIN
      IF v_bid.request_key IS NULL THEN
        SELECT to_jsonb(b) INTO v_answer
          FROM place_bid(v_bid.auction, v_bid.bidder, v_bid.amount, v_bid.now, p_step,
                         p_onboarding_complete, v_bid.maximum) b;
      ELSE
        SELECT o.replayed, o.answer INTO v_replayed, v_answer
          FROM place_bid_once(v_bid.request_key, v_bid.auction, v_bid.bidder, v_bid.amount,
                              v_bid.now, p_step, p_onboarding_complete, v_bid.maximum) o;
      END IF;
    EXCEPTION WHEN check_violation THEN
      v_failure := '23514';
    END;
    RETURN QUERY SELECT v_replayed, v_answer, v_failure;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The previous release's batch of bids on one auction ({bidder, amount, maximum,
-- requestKey, now} without the auction), kept callable during a rolling deploy (routines.ts,
-- expand then contract): the same bids through place_bids_across.
CREATE OR REPLACE FUNCTION place_bids(
  p_auction_id integer,
  p_bids jsonb,
  p_step integer,
  p_onboarding_complete integer
) RETURNS TABLE (replayed boolean, answer jsonb, failure text) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT * FROM place_bids_across(
    (SELECT COALESCE(jsonb_agg(o.bid || jsonb_build_object('auction', p_auction_id)
                               ORDER BY o.n), '[]'::jsonb)
       FROM jsonb_array_elements(p_bids) WITH ORDINALITY AS o(bid, n)),
    p_step, p_onboarding_complete);
END
$$;
