// The console's overview: the figures an operator checks first, in one round trip.
// Escrow is the current bid of every live auction plus every connection still holding
// its bid (marketplace §3), so balances + escrow is every token in the system.
import type { AdminOverview } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { overviewRow } from './admin-overview.repository';

export async function adminOverview(db: Executor, now: Date): Promise<AdminOverview> {
  const r = await overviewRow(db);
  return {
    success: true,
    now: now.toISOString(),
    members: { total: r.total, pending: r.pending, approved: r.approved },
    period:
      r.period_id === null
        ? null
        : {
            id: r.period_id,
            start_time: new Date(r.start_time!).toISOString(),
            end_time: new Date(r.end_time!).toISOString(),
          },
    live_auctions: r.live_auctions ?? 0,
    bids_this_period: r.bids ?? 0,
    tokens_bid_this_period: r.tokens_bid ?? 0,
    tokens_in_balances: Number(r.balances),
    tokens_in_escrow: Number(r.escrow),
    purchases_waiting: r.purchases_waiting,
    redemptions_waiting: r.redemptions_waiting,
  };
}

export { liveAuctions } from './admin-overview.repository';
