-- proxy_bid: what a bid does to an auction's lead (product rules, Auctions beyond a plain
-- high bid), with no side effects, so place_bid books it and a unit test can ask it
-- anything. Every maximum is escrowed whole, so nothing here can fail for want of tokens.
--   p_amount is the bid, or with p_is_maximum the member's hidden maximum; a plain bid is
--   a maximum equal to its amount that also shows its amount.
--   The visible bid is the lowest that keeps the leader ahead: min(leader's maximum,
--   second-highest maximum + step), never below current + step; between equal maximums
--   the earlier (the sitting leader) leads.
-- Returns the bids to write in order: the displaced leader's last automatic raise up to
-- their maximum (prior_raise), the member's own bid (bidder_amount), and the leader's
-- automatic answer (counter_raise); and the auction's lead, maximum and visible bid after.
-- bid_refusal has already checked p_amount >= current + step and the leader raising their
-- own maximum is refused below it (maximum_not_raised) by place_bid.
CREATE OR REPLACE FUNCTION proxy_bid(
  p_lead_id integer,
  p_lead_max integer,
  p_current integer,
  p_bidder_id integer,
  p_amount integer,
  p_is_maximum boolean,
  p_step integer
) RETURNS TABLE (
  prior_raise integer,
  bidder_amount integer,
  counter_raise integer,
  lead_id integer,
  lead_max integer,
  current_bid integer
) LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF p_lead_id IS NULL THEN
    -- Nobody leads: a maximum opens at the minimum, a plain bid at its amount.
    bidder_amount := CASE WHEN p_is_maximum THEN p_current + p_step ELSE p_amount END;
    RETURN QUERY SELECT NULL::integer, bidder_amount, NULL::integer, p_bidder_id, p_amount, bidder_amount;
  ELSIF p_lead_id = p_bidder_id THEN
    -- The leader: a plain bid shows its amount; a new maximum stays hidden.
    IF p_is_maximum THEN
      RETURN QUERY SELECT NULL::integer, p_current, NULL::integer, p_bidder_id, p_amount, p_current;
    ELSE
      RETURN QUERY SELECT NULL::integer, p_amount, NULL::integer, p_bidder_id,
        GREATEST(p_lead_max, p_amount), p_amount;
    END IF;
  ELSIF p_amount > p_lead_max THEN
    -- The member takes the lead; the leader's maximum was spent first.
    bidder_amount := CASE WHEN p_is_maximum THEN LEAST(p_amount, p_lead_max + p_step) ELSE p_amount END;
    RETURN QUERY SELECT CASE WHEN p_lead_max > p_current THEN p_lead_max END, bidder_amount,
      NULL::integer, p_bidder_id, p_amount, bidder_amount;
  ELSE
    -- The leader's maximum covers it: the member's bid stands at its maximum and the
    -- leader answers automatically.
    counter_raise := LEAST(p_lead_max, p_amount + p_step);
    RETURN QUERY SELECT NULL::integer, p_amount, counter_raise, p_lead_id, p_lead_max, counter_raise;
  END IF;
END
$$;
