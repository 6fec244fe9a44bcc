// Overview: members, the open period and its countdown, the period's bidding, where the
// tokens are, and the queues waiting for an admin.
import type { AdminOverview } from '@bidboard/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatTokens } from '@/lib/format';
import { useAdminOverview } from '../api/overview';
import { countdown, formatWhen } from '../lib/format';
import { QueryState, Section } from './section';
import './overview-section.css';

function PeriodCountdown({ overview }: { overview: AdminOverview }) {
  // The server's clock, carried forward by this device's: a wrong device clock does not
  // move the close.
  const [skew] = useState(() => Date.parse(overview.now) - Date.now());
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + skew), 1000);
    return () => clearInterval(timer);
  }, [skew]);
  if (!overview.period) return <p>No period is open.</p>;
  return (
    <>
      <p className="admin-stat__value" aria-live="off">
        {countdown(Date.parse(overview.period.end_time), now)}
      </p>
      <p className="admin-stat__note">
        Period {overview.period.id} closes {formatWhen(overview.period.end_time)}
      </p>
    </>
  );
}

interface StatProps {
  label: string;
  value: number;
  link?: { to: string; text: string };
}

function Stat({ label, value, link }: StatProps) {
  return (
    <div className="admin-stat">
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{formatTokens(value)}</p>
      {link ? (
        <Link className="admin-stat__link" to={link.to}>
          {link.text}
        </Link>
      ) : null}
    </div>
  );
}

export function OverviewSection() {
  const query = useAdminOverview();
  const o = query.data;
  return (
    <Section title="Overview">
      <QueryState query={query} loading="Loading the overview…">
        {o ? (
          <div className="admin-stats">
            <div className="admin-stat admin-stat--wide">
              <p className="admin-stat__label">Open period</p>
              <PeriodCountdown overview={o} />
            </div>
            <Stat label="Members" value={o.members.total} />
            <Stat
              label="Waiting for approval"
              value={o.members.pending}
              link={{ to: '/admin/members?status=pending', text: 'Review them' }}
            />
            <Stat label="Approved members" value={o.members.approved} />
            <Stat
              label="Live auctions"
              value={o.live_auctions}
              link={{ to: '/admin/periods', text: 'Manage auctions' }}
            />
            <Stat label="Bids this period" value={o.bids_this_period} />
            <Stat label="Tokens bid this period" value={o.tokens_bid_this_period} />
            <Stat label="Tokens in balances" value={o.tokens_in_balances} />
            <Stat label="Tokens in escrow" value={o.tokens_in_escrow} />
            <Stat
              label="Purchases to review"
              value={o.purchases_waiting}
              link={{ to: '/admin/payouts', text: 'Review purchases' }}
            />
            <Stat
              label="Redemptions waiting"
              value={o.redemptions_waiting}
              link={{ to: '/admin/payouts', text: 'Open payouts' }}
            />
          </div>
        ) : null}
      </QueryState>
    </Section>
  );
}
