-- A fraud hold (issue 42; product rules, Lawful to launch: an account under a fraud hold
-- triggers no alert, push or SMS to others). The one question every writer of alerts (the
-- alert writer, the outbid alert, the owner's bid alert, the close's alerts), the alerts
-- list and the notification outbox, and the chat's push and text ask: is the alert for
-- `p_reader` about, or caused by, another member under a hold? The member it is about is
-- named in its payload (the connection's partner, the winning bidder, the auction's
-- owner, the member who bid), or given as `p_actor` when the payload does not name them
-- by id (the outbid alert's bidder, a message's sender). The held member's own alerts
-- still reach them.
CREATE OR REPLACE FUNCTION alert_about_held(
  p_reader integer,
  p_payload jsonb,
  p_actor integer DEFAULT NULL
) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM users h
     WHERE h.fraud_hold_at IS NOT NULL AND h.id <> p_reader
       AND h.id IN (p_actor, (p_payload->>'userId')::int, (p_payload->>'partnerUserId')::int,
                    (p_payload->>'winningBidderUserId')::int,
                    (p_payload->>'auctionCreatorUserId')::int))
$$;
