-- A bid in one round trip (issue 13): the functions ledger_apply, bid_refusal and
-- place_bid were defined here. They now live in their modules' home files
-- (modules/tokens/ledger-apply.sql, modules/bids/*.sql), applied after the migrations
-- by db/routines.ts.
SELECT 1;
