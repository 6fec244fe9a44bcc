-- ledger_apply: the token ledger's single statement. A balance change and its ledger
-- row are one statement, so a member's row lock is held for that statement only and
-- a balance always equals the sum of its rows. applyBalanceChange (ledger.ts) and
-- place_bid both book through it. The database CHECKs on users are the last guard.
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
