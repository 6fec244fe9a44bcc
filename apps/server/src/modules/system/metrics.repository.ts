// SQL behind the operational gauges on /metrics: the notification outbox backlog, the open
// period's end and the redemptions still waiting. Read once per scrape, cached briefly.
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';

export interface OperationalState {
  outbox: { channel: string; backlog: number }[];
  outboxOldestDueSeconds: number;
  openPeriodEnd: number | null;
  redemptions: { status: string; n: number }[];
}

export async function readOperationalState(db: Db): Promise<OperationalState> {
  const [outbox, [oldest], [period], redemptions] = await Promise.all([
    rows<{ channel: string; backlog: number }>(
      db,
      sql`SELECT channel, COUNT(*)::int AS backlog FROM notification_outbox
           WHERE status IN ('pending', 'sending') GROUP BY channel`,
    ),
    rows<{ seconds: number | null }>(
      db,
      sql`SELECT EXTRACT(EPOCH FROM now() - MIN(next_attempt_at))::float8 AS seconds
            FROM notification_outbox
           WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()`,
    ),
    rows<{ end_time: number }>(
      db,
      sql`SELECT EXTRACT(EPOCH FROM end_time)::float8 AS end_time FROM auction_periods
           WHERE status = 'open'`,
    ),
    // Every status a redemption waits in (pending, and any hold added later) appears here.
    rows<{ status: string; n: number }>(
      db,
      sql`SELECT status, COUNT(*)::int AS n FROM redemptions
           WHERE status NOT IN ('paid', 'failed') GROUP BY status`,
    ),
  ]);
  return {
    outbox: outbox.map((r) => ({ channel: r.channel, backlog: Number(r.backlog) })),
    outboxOldestDueSeconds: Math.max(0, Number(oldest?.seconds ?? 0)),
    openPeriodEnd: period ? Number(period.end_time) : null,
    redemptions: redemptions.map((r) => ({ status: r.status, n: Number(r.n) })),
  };
}
