-- The token ledger's single statements. A balance change and its ledger row are one
-- statement, so a member's row lock is taken at the last moment and a balance always
-- equals the sum of its rows, origin by origin (product rules, The token economy: every
-- token is promotional, purchased or redeemable, and every row records the parts it
-- moved). applyBalanceChange (ledger.ts), place_bid and the escrow helpers below book
-- through ledger_book. The database CHECKs on users (each part >= 0, the parts add up to
-- the balance) are the last guard: an overdraft raises 23514 and nothing is written.

-- ledger_book: moves exactly the given parts (signed) on one member and records them.
CREATE OR REPLACE FUNCTION ledger_book(
  p_user_id integer,
  p_promotional integer,
  p_purchased integer,
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
  transaction_type text,
  promotional_amount integer,
  purchased_amount integer,
  redeemable_amount integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH changed AS (
    UPDATE users
       SET token_balance = token_balance + p_promotional + p_purchased + p_redeemable,
           promotional_tokens = promotional_tokens + p_promotional,
           purchased_tokens = purchased_tokens + p_purchased,
           redeemable_tokens = redeemable_tokens + p_redeemable,
           updated_at = now()
     WHERE users.id = p_user_id
 RETURNING users.id, users.token_balance, users.redeemable_tokens)
  INSERT INTO token_transactions
         (user_id, amount, balance_after, redeemable_after, transaction_type,
          bid_target_id, reference_id, idempotency_key,
          promotional_amount, purchased_amount, redeemable_amount)
  SELECT changed.id, p_promotional + p_purchased + p_redeemable, changed.token_balance,
         changed.redeemable_tokens, p_type, p_bid_target_id, p_reference_id, p_idempotency_key,
         p_promotional, p_purchased, p_redeemable
    FROM changed
RETURNING token_transactions.id, token_transactions.user_id, token_transactions.amount,
          token_transactions.balance_after, token_transactions.redeemable_after,
          token_transactions.transaction_type, token_transactions.promotional_amount,
          token_transactions.purchased_amount, token_transactions.redeemable_amount;
END
$$;
--> statement-breakpoint
-- spend_parts: how a spend of p_amount tokens splits by origin, in the rule's order:
-- promotional, then purchased, then redeemable (p_purchased_first: purchased, then
-- promotional, for taking back a reversed purchase). Locks the member row, so the split
-- holds until the caller books it: FOR NO KEY UPDATE, the lock the booking's UPDATE takes,
-- since FOR UPDATE would also wait for every transaction holding a share of the row's key
-- (any insert naming the member, such as a bid's request key on another auction). A spend beyond the balance is left on the redeemable
-- part, where the CHECK refuses it.
CREATE OR REPLACE FUNCTION spend_parts(
  p_user_id integer,
  p_amount integer,
  p_purchased_first boolean DEFAULT false,
  OUT promotional integer,
  OUT purchased integer,
  OUT redeemable integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_promotional integer;
  v_purchased integer;
BEGIN
  SELECT u.promotional_tokens, u.purchased_tokens INTO v_promotional, v_purchased
    FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
  IF p_purchased_first THEN
    purchased := LEAST(v_purchased, p_amount);
    promotional := LEAST(v_promotional, p_amount - purchased);
  ELSE
    promotional := LEAST(v_promotional, p_amount);
    purchased := LEAST(v_purchased, p_amount - promotional);
  END IF;
  redeemable := p_amount - promotional - purchased;
END
$$;
--> statement-breakpoint
-- escrow_debit: takes a bid's tokens from the bidder in the spending order and says which
-- parts it took, for the escrow to remember (place_bid; maximum bids build on it).
CREATE OR REPLACE FUNCTION escrow_debit(
  p_user_id integer,
  p_amount integer,
  p_type text,
  p_bid_target_id integer,
  p_reference_id text,
  OUT promotional integer,
  OUT purchased integer,
  OUT redeemable integer,
  OUT balance_after integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_parts record;
BEGIN
  v_parts := spend_parts(p_user_id, p_amount);
  promotional := v_parts.promotional;
  purchased := v_parts.purchased;
  redeemable := v_parts.redeemable;
  SELECT l.balance_after INTO balance_after
    FROM ledger_book(p_user_id, -promotional, -purchased, -redeemable, p_type, p_bid_target_id,
                     p_reference_id, NULL) l;
END
$$;
--> statement-breakpoint
-- escrow_refund: gives an escrow's parts back to the bidder exactly as they were taken.
-- PL/pgSQL, not SQL: a SQL function called from place_bid's PL/pgSQL is parsed and planned
-- again at every call (about a tenth of a bid's PostgreSQL CPU, perf), where PL/pgSQL keeps
-- its statement's plan for the session.
CREATE OR REPLACE FUNCTION escrow_refund(
  p_user_id integer,
  p_promotional integer,
  p_purchased integer,
  p_redeemable integer,
  p_type text,
  p_bid_target_id integer,
  p_reference_id text,
  p_idempotency_key text
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_balance integer;
BEGIN
  SELECT l.balance_after INTO v_balance
    FROM ledger_book(p_user_id, p_promotional, p_purchased, p_redeemable, p_type,
                     p_bid_target_id, p_reference_id, p_idempotency_key) l;
  RETURN v_balance;
END
$$;
--> statement-breakpoint
-- ledger_apply: the call of the release before token origins (amount and redeemable
-- change), kept for servers of that release during a rolling deploy. A credit is
-- promotional (purchased for a purchase) beside its redeemable part; a debit spends in
-- the rule's order after its redeemable part.
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
DECLARE
  v_parts record;
  v_rest integer := p_amount - p_redeemable;
BEGIN
  IF v_rest >= 0 THEN
    RETURN QUERY SELECT l.id, l.user_id, l.amount, l.balance_after, l.redeemable_after,
                        l.transaction_type
      FROM ledger_book(p_user_id,
             CASE WHEN p_type = 'purchase' THEN 0 ELSE v_rest END,
             CASE WHEN p_type = 'purchase' THEN v_rest ELSE 0 END,
             p_redeemable, p_type, p_bid_target_id, p_reference_id, p_idempotency_key) l;
  ELSE
    v_parts := spend_parts(p_user_id, -v_rest, p_type = 'purchase_reversal');
    RETURN QUERY SELECT l.id, l.user_id, l.amount, l.balance_after, l.redeemable_after,
                        l.transaction_type
      FROM ledger_book(p_user_id, -v_parts.promotional, -v_parts.purchased,
             p_redeemable - v_parts.redeemable, p_type, p_bid_target_id, p_reference_id,
             p_idempotency_key) l;
  END IF;
END
$$;
