// SQL of auction periods: the open period, opening one with an auction for every eligible
// member, and the statements of a close (periods.service runs them in one transaction).
// Every statement of a close works over the whole period in the database: only counts
// come back, never a row per auction.
import {
  ALERT_TEMPLATES,
  NO_NAME,
  RESULT_MESSAGES,
  RESULT_TEMPLATES,
  RESULTS_PATH,
} from '@bidboard/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { sqlText } from '../../db/sql-text';
import { frenchTemplate } from '../../lib/texts';
import { refundedAtClose, standingsOf } from './auction-results.repository';

export interface PeriodRow {
  id: number;
  start_time: Date;
  end_time: Date;
  status: 'open' | 'closed';
}

/**
 * The kinds of alert a close writes: two per connection, and a result to every other
 * bidder.
 */
export const CLOSE_ALERT_KINDS = [
  'auction_won',
  'winning_bidder_connection_pending',
  'auction_result',
] as const;

type CloseAlertKind = (typeof CLOSE_ALERT_KINDS)[number];

/** An auction somebody leads. */
const led = sql.raw(`lead_bidder_id IS NOT NULL AND current_bid > 0`);
/**
 * A lead whose maximum reaches the hidden reserve (0 when the owner set none): it ends in a
 * connection at the visible bid, or at the reserve when only the maximum reached it.
 */
const reserveMet = sql.raw(`lead_max >= reserve_price`);
/**
 * The price's parts by origin, taken from the escrow (the leader's whole maximum) in the
 * spending order (product rules, The token economy): promotional, purchased, redeemable.
 * They move to the connection; the rest of each part goes back to the leader. Over
 * `auctions` after the close wrote final_price.
 */
const pricePromotional = `LEAST(escrow_promotional, COALESCE(final_price, 0))`;
const pricePurchased = `LEAST(escrow_purchased, COALESCE(final_price, 0) - ${pricePromotional})`;
const priceParts = sql.raw(`${pricePromotional} AS price_promotional,
    ${pricePurchased} AS price_purchased,
    COALESCE(final_price, 0) - ${pricePromotional} - ${pricePurchased} AS price_redeemable`);

/** The auction's last counted bid was a maximum's automatic raise. */
const lastBidAutomatic = sql.raw(
  `COALESCE((SELECT b.automatic FROM bids b WHERE b.auction_id = auctions.id ORDER BY b.id DESC LIMIT 1), false)`,
);

// The result's words, in SQL over `s` (standings), `a` (the auction) and `owner`: shared's
// RESULT_TEMPLATES filled as resultMessage fills them (a test holds the two equal), in
// English or in French (its catalogue's templates, counts grouped as French groups them).
function closeWords(language: 'en' | 'fr-CA') {
  const fr = language === 'fr-CA';
  const template = (key: keyof typeof RESULT_TEMPLATES) =>
    fr ? frenchTemplate(`RESULT_TEMPLATES.${key}`, 'other') : RESULT_TEMPLATES[key];
  const decided = (key: keyof typeof RESULT_MESSAGES.decidedBy) =>
    ` ${fr ? frenchTemplate(`RESULT_MESSAGES.decidedBy.${key}`, 'other') : RESULT_MESSAGES.decidedBy[key]}`;
  const noName = (key: keyof typeof NO_NAME) =>
    fr ? frenchTemplate(`NO_NAME.${key}`, 'other') : NO_NAME[key];
  const grouped = (n: SQL) =>
    fr
      ? sql`replace(to_char(${n}, 'FM999,999,999'), ',', ${'\u00a0'})`
      : sql`to_char(${n}, 'FM999,999,999')`;
  const tokensText = (n: SQL) => {
    const count: [string, SQL] = ['n', grouped(n)];
    return sql`(CASE WHEN ${n} ${fr ? sql.raw('< 2') : sql.raw('= 1')} THEN ${sqlText(template('token'), [count])}
      ELSE ${sqlText(template('tokens'), [count])} END)`;
  };
  const ownerName: [string, SQL] = ['owner', sql`COALESCE(owner.username, ${noName('member')})`];
  const bidderCount = (key: 'bidder' | 'bidders'): SQL =>
    sqlText(template(key), [['n', sql`s.bidders::text`]]);
  /** ALERT_TEMPLATES' sentence, its plural chosen by the connection's amount. */
  const counted = (key: 'won' | 'wonPending', slots: [string, SQL][]) => {
    const amount: [string, SQL] = ['amount', sql`c.amount::text`];
    if (!fr) return sqlText(ALERT_TEMPLATES[key], [amount, ...slots]);
    return sql`(CASE WHEN c.amount < 2
      THEN ${sqlText(frenchTemplate(`ALERT_TEMPLATES.${key}`, 'one'), [amount, ...slots])}
      ELSE ${sqlText(frenchTemplate(`ALERT_TEMPLATES.${key}`, 'other'), [amount, ...slots])} END)`;
  };
  const standingText = sqlText(template('standing'), [
    ['highest', tokensText(sql`s.highest`)],
    ['rank', sql`s.rank::text`],
    [
      'bidders',
      sql`(CASE WHEN s.bidders ${fr ? sql.raw('< 2') : sql.raw('= 1')} THEN ${bidderCount('bidder')}
        ELSE ${bidderCount('bidders')} END)`,
    ],
  ]);
  const decidedText = sql`(CASE
      WHEN a.decided_by = 'reserve' AND a.final_price IS NULL THEN ${decided('reserveNotMet')}
      WHEN a.decided_by = 'reserve' THEN ${decided('reserve')}
      WHEN a.decided_by = 'maximum' THEN ${decided('maximum')}
      WHEN a.decided_by = 'bid' THEN ${decided('bid')}
      ELSE '' END)`;
  const refundText = sql`COALESCE(' ' || ${sqlText(template('refund'), [
    ['refunded', tokensText(refundedAtClose)],
  ])}, '')`;
  const headlineText = sql`(CASE
      WHEN a.final_price IS NULL THEN ${sqlText(template('closedWithout'), [ownerName])}
      ELSE ${sqlText(template('closedAt'), [['price', tokensText(sql`a.final_price`)], ownerName])}
    END)`;
  return {
    won: sql`${counted('won', [ownerName])} ||
      COALESCE(' ' || ${standingText} || ${decidedText} || ${refundText}, '')`,
    wonPending: counted('wonPending', [
      ['bidder', sql`COALESCE(bidder.username, ${noName('Member')})`],
    ]),
    result: sql`${headlineText} || ' ' || ${standingText} || ${decidedText} || ${refundText}`,
  };
}
const english = closeWords('en');
const french = closeWords('fr-CA');
/** `words` in the language of the member `member` (a users row's alias). */
const inLanguageOf = (member: string, pick: (words: typeof english) => SQL) =>
  sql`(CASE WHEN ${sql.raw(member)}.language = 'fr-CA' THEN ${pick(french)} ELSE ${pick(english)} END)`;
const resultPayload = sql`jsonb_build_object('won', s.user_id = a.lead_bidder_id AND a.outcome = 'connection',
    'finalPrice', a.final_price, 'highestBid', s.highest, 'rank', s.rank,
    'bidderCount', s.bidders, 'decidedBy', a.decided_by, 'refunded', ${refundedAtClose},
    'resultsPath', ${RESULTS_PATH}::text)`;

const iso = (d: Date) => d.toISOString();

function toPeriod(row: PeriodRow): PeriodRow {
  return {
    id: Number(row.id),
    start_time: new Date(row.start_time),
    end_time: new Date(row.end_time),
    status: row.status,
  };
}

export async function currentPeriod(db: Executor): Promise<PeriodRow | null> {
  const [row] = await rows<PeriodRow>(
    db,
    sql`SELECT id, start_time, end_time, status FROM auction_periods WHERE status = 'open'`,
  );
  return row ? toPeriod(row) : null;
}

export async function periodById(db: Executor, id: number): Promise<PeriodRow | null> {
  const [row] = await rows<PeriodRow>(
    db,
    sql`SELECT id, start_time, end_time, status FROM auction_periods WHERE id = ${id}`,
  );
  return row ? toPeriod(row) : null;
}

/** The new open period; null when one is open already (the partial unique index). */
export async function insertOpenPeriod(tx: Tx, start: Date, end: Date): Promise<PeriodRow | null> {
  const [row] = await rows<PeriodRow>(
    tx,
    sql`INSERT INTO auction_periods (start_time, end_time, status)
        VALUES (${iso(start)}::timestamptz, ${iso(end)}::timestamptz, 'open')
        ON CONFLICT DO NOTHING
        RETURNING id, start_time, end_time, status`,
  );
  return row ? toPeriod(row) : null;
}

/**
 * Waits for a period turnover in progress (the close updates the open period's row before
 * it opens the next period's auctions) and holds it off until the caller commits: a
 * change the turnover reads from members' rows, such as a location the new auctions copy
 * (auction-location.sql), is then either read by it or made after it. Taken before the
 * member's own row, as the close takes the period's row before members'.
 */
export async function lockPeriodTurnover(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM auction_periods WHERE status = 'open' FOR SHARE`);
}

/**
 * One auction for every approved, onboarded member who is available for bids; suspended
 * and deleted members have none.
 */
export async function openAuctionsFor(tx: Tx, periodId: number): Promise<void> {
  await tx.execute(
    sql`INSERT INTO auctions (user_id, period_id, reserve_price)
        SELECT id, ${periodId}, reserve_price FROM users
         WHERE is_approved AND onboarded = 14 AND available_for_bids
           AND suspended_at IS NULL AND deleted_at IS NULL
        ON CONFLICT (user_id, period_id) DO NOTHING`,
  );
}

/**
 * Closes the open period when it is due at `now` (or, `force`d, when it started before
 * `now`, ending it there); the guard makes concurrent closers close it once. Undefined
 * when there was nothing to close.
 */
export async function markPeriodClosed(
  tx: Tx,
  now: Date,
  force: boolean,
): Promise<{ id: number; end_time: Date } | undefined> {
  const [closed] = await rows<{ id: number; end_time: Date }>(
    tx,
    sql`UPDATE auction_periods
           SET status = 'closed', closed_at = ${iso(now)}::timestamptz,
               end_time = CASE WHEN ${force} THEN LEAST(end_time, ${iso(now)}::timestamptz)
                               ELSE end_time END
         WHERE status = 'open'
           AND (end_time <= ${iso(now)}::timestamptz
                -- A forced close of a period opened at this very instant is a no-op, which
                -- also keeps end times strictly increasing.
                OR (${force} AND start_time < ${iso(now)}::timestamptz))
     RETURNING id, end_time`,
  );
  return closed;
}

/**
 * Closes the period's auctions with their outcome and price, and makes a connection of
 * each that reached its reserve: the escrow's price parts move to it. Counts only.
 */
export async function closeAuctions(
  tx: Tx,
  periodId: number,
  now: Date,
): Promise<{ n: number; auctions: number }> {
  const [made] = await rows<{ n: number; auctions: number }>(
    tx,
    sql`WITH closed AS (
        UPDATE auctions SET status = 'closed', closed_at = ${iso(now)}::timestamptz,
               updated_at = ${iso(now)}::timestamptz,
               outcome = CASE WHEN NOT (${led}) THEN 'no_bids'
                              WHEN ${reserveMet} THEN 'connection' ELSE 'reserve_not_met' END,
               final_price = CASE WHEN ${led} AND ${reserveMet}
                                  THEN GREATEST(current_bid, reserve_price) END,
               decided_by = CASE WHEN NOT (${led}) THEN NULL
                                 WHEN current_bid < reserve_price THEN 'reserve'
                                 WHEN ${lastBidAutomatic} THEN 'maximum' ELSE 'bid' END
         WHERE period_id = ${periodId} AND status = 'active'
     RETURNING id, user_id, lead_bidder_id, final_price, outcome, ${priceParts}),
      made AS (
      INSERT INTO connections (user_id, partner_id, auction_id, amount, escrow_promotional,
                               escrow_purchased, escrow_redeemable, status,
                               status_changed_at, created_at, updated_at)
      SELECT lead_bidder_id, user_id, id, final_price, price_promotional,
             price_purchased, price_redeemable, 'pending',
             ${iso(now)}::timestamptz, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
        FROM closed WHERE outcome = 'connection'
      ON CONFLICT (auction_id, second_chance) DO NOTHING
   RETURNING 1)
      SELECT (SELECT COUNT(*) FROM made)::int AS n,
             (SELECT COUNT(*) FROM closed)::int AS auctions`,
  );
  return made!;
}

/** Gives each leader of the closed period their escrow beyond the price, through escrow_refund. */
export async function refundEscrowBeyondPrice(tx: Tx, periodId: number): Promise<void> {
  await tx.execute(
    sql`SELECT COUNT(*) FROM (
          SELECT id, user_id, lead_bidder_id, ${priceParts},
                 escrow_promotional, escrow_purchased, escrow_redeemable
            FROM auctions
           WHERE period_id = ${periodId} AND outcome IN ('connection', 'reserve_not_met')
             AND lead_max > COALESCE(final_price, 0)
           ORDER BY lead_bidder_id, id) a
        CROSS JOIN LATERAL escrow_refund(a.lead_bidder_id,
          a.escrow_promotional - a.price_promotional, a.escrow_purchased - a.price_purchased,
          a.escrow_redeemable - a.price_redeemable, 'refund', a.user_id, 'auction:' || a.id,
          NULL) l`,
  );
}

export interface CloseAlerts {
  n: number;
  first_id: number | null;
  last_id: number | null;
  by_kind: Partial<Record<CloseAlertKind, number>> | null;
}

/**
 * Writes the close's alerts: the winner's and the owner's for each connection, and every
 * other bidder's result, but none about a member under a fraud hold (alert_about_held). Their count, id range and count by kind come back.
 */
export async function writeCloseAlerts(tx: Tx, periodId: number): Promise<CloseAlerts> {
  const [alerts] = await rows<CloseAlerts>(
    tx,
    sql`WITH standings AS (${standingsOf(sql`a.period_id = ${periodId}`)}),
      made AS (
      INSERT INTO alerts (user_id, kind, payload, message)
      SELECT w.user_id, w.kind, w.payload, w.message FROM (
      SELECT x.user_id, x.kind, x.payload, x.message
        FROM connections c
        JOIN auctions a ON a.id = c.auction_id AND a.period_id = ${periodId}
        JOIN users bidder ON bidder.id = c.user_id
        JOIN users owner ON owner.id = c.partner_id
        LEFT JOIN standings s ON s.auction_id = c.auction_id AND s.user_id = c.user_id
       CROSS JOIN LATERAL (VALUES
         (c.user_id, 'auction_won',
          jsonb_build_object('connectionId', c.id, 'auctionId', c.auction_id,
            'userId', owner.id, 'partnerUserId', owner.id,
            'auctionCreatorUserId', owner.id, 'auctionCreatorUsername', owner.username,
            'amount', c.amount) ||
            CASE WHEN s.user_id IS NULL THEN '{}'::jsonb ELSE ${resultPayload} END,
          ${inLanguageOf('bidder', (w) => w.won)}),
         (c.partner_id, 'winning_bidder_connection_pending',
          jsonb_build_object('connectionId', c.id, 'auctionId', c.auction_id,
            'userId', bidder.id, 'partnerUserId', bidder.id,
            'winningBidderUserId', bidder.id, 'winningBidderUsername', bidder.username,
            'newBidAmount', c.amount),
          ${inLanguageOf('owner', (w) => w.wonPending)})
       ) AS x(user_id, kind, payload, message)
      UNION ALL
      -- Every other bidder learns how it ended for them.
      SELECT s.user_id, 'auction_result',
             jsonb_build_object('auctionId', a.id, 'auctionCreatorUserId', owner.id,
               'auctionCreatorUsername', owner.username) || ${resultPayload},
             ${inLanguageOf('bidder', (w) => w.result)}
        FROM standings s
        JOIN auctions a ON a.id = s.auction_id
        JOIN users owner ON owner.id = a.user_id
        JOIN users bidder ON bidder.id = s.user_id
       WHERE NOT (a.outcome = 'connection' AND s.user_id = a.lead_bidder_id)
      ) w
      -- Nothing about a member under a fraud hold (issue 42).
      WHERE NOT alert_about_held(w.user_id, w.payload)
     RETURNING id, kind)
      SELECT COUNT(*)::int AS n, MIN(id) AS first_id, MAX(id) AS last_id,
             (SELECT jsonb_object_agg(kind, n)
                FROM (SELECT kind, COUNT(*)::int AS n FROM made GROUP BY kind) k) AS by_kind
        FROM made`,
  );
  return alerts!;
}
