// What the campaign has spent (product rules, The token economy: a multiplier above 1 is a
// campaign with a budget). A redemption holds its campaign part from the request on; a
// failed one gives it back, so the spent figures are sums over every redemption not failed.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** Redemptions whose campaign part is spent or held: all but the failed ones. */
const HOLDING = sql.raw("status <> 'failed'");

export interface CampaignSpent {
  /** Campaign cents of every redemption not failed. */
  spentCents: number;
  /** The member's share of it in the 30 days before `now`. */
  memberSpentCents: number;
}

export async function campaignSpent(
  db: Executor,
  userId: number | null,
  now: Date,
): Promise<CampaignSpent> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const [row] = await rows<{ spent: number; member: number }>(
    db,
    sql`SELECT COALESCE(SUM(campaign_cents), 0)::bigint AS spent,
               COALESCE(SUM(campaign_cents) FILTER (
                 WHERE user_id = ${userId} AND created_at > ${since}), 0)::bigint AS member
          FROM redemptions WHERE ${HOLDING}`,
  );
  return { spentCents: Number(row!.spent), memberSpentCents: Number(row!.member) };
}

/**
 * One redemption at a time takes from the campaign budget: the next one reads the sums after
 * the previous one committed, so two requests never both get the last of it.
 */
export async function lockCampaign(tx: Executor) {
  await rows(tx, sql`SELECT pg_advisory_xact_lock(hashtext('redemption_campaign'))`);
}
