// Period operations: close the open period now (after a confirmation), and take a live
// auction off the board, refunding its leader.
import type { AdminLiveAuction } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatTokens } from '@/lib/format';
import { closePeriodNow, removeAuction, useLiveAuctions } from '../api/periods';
import { useAdminAction } from '../api/use-admin-action';
import { ActionError, QueryState, Section } from './section';

function ClosePeriod() {
  const [confirming, setConfirming] = useState(false);
  const close = useAdminAction(closePeriodNow);
  return (
    <div className="admin-card">
      <p className="admin-card__title">Close the open period now</p>
      <p className="admin-card__meta">
        Every live auction closes at once: leaders become pending connections and a new period
        opens.
      </p>
      <Button size="md" busy={close.isPending} onClick={() => setConfirming(true)}>
        Close period now
      </Button>
      {close.isSuccess ? (
        <p role="status">
          {close.data.closed
            ? `Period ${close.data.closed.periodId} closed with ${close.data.closed.connections} connections. A new period is open.`
            : 'There was no period to close. A new period is open.'}
        </p>
      ) : null}
      <ActionError text={close.errorText} />
      <ConfirmDialog
        open={confirming}
        question="Close the open period now? This cannot be undone."
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          close.mutate(undefined);
        }}
      />
    </div>
  );
}

function AuctionRow({ auction }: { auction: AdminLiveAuction }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useAdminAction(() => removeAuction(auction.id));
  const owner = auction.username ?? `Member ${auction.user_id}`;
  const leader =
    auction.lead_bidder_username ??
    (auction.lead_bidder_id ? `Member ${auction.lead_bidder_id}` : null);
  return (
    <li className="admin-card admin-card--row">
      <div>
        <p className="admin-card__title">{owner}</p>
        <p className="admin-card__meta">
          {leader ? `${formatTokens(auction.current_bid)} tokens, led by ${leader}` : 'No bids yet'}
        </p>
        <ActionError text={remove.errorText} />
      </div>
      <Button
        size="md"
        variant="secondary"
        busy={remove.isPending}
        onClick={() => setConfirming(true)}
      >
        Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        question={
          leader
            ? `Remove ${owner}'s auction and refund ${formatTokens(auction.current_bid)} tokens to ${leader}?`
            : `Remove ${owner}'s auction from the board?`
        }
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(undefined);
        }}
      />
    </li>
  );
}

export function PeriodsSection() {
  const [q, setQ] = useState('');
  const query = useLiveAuctions(q);
  const auctions = query.data?.auctions ?? [];
  return (
    <Section title="Periods">
      <ClosePeriod />
      <h3 className="admin-subtitle">Live auctions</h3>
      <label className="admin-field">
        <span>Find an auction by username</span>
        <input
          type="search"
          value={q}
          maxLength={50}
          onChange={(event) => setQ(event.target.value)}
        />
      </label>
      <QueryState query={query} loading="Loading auctions…">
        {auctions.length ? (
          <ul className="admin-list">
            {auctions.map((auction) => (
              <AuctionRow key={auction.id} auction={auction} />
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No live auction matches.</p>
        )}
      </QueryState>
    </Section>
  );
}
