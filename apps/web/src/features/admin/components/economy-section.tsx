// Economy (product rules, The token economy: the operator's view): tokens issued by origin,
// cash taken in and paid out, what is owed now (pending redemptions and redeemable tokens
// at today's value), the campaign's budget left, and the redemptions the risk review held.
import type { AdminEconomy } from '@bidboard/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatTokens } from '@/lib/format';
import { useAdminEconomy } from '../api/economy';
import { usePendingRedemptions } from '../api/payouts';
import { formatCents, formatWhen } from '../lib/format';
import { QueryState, Section } from './section';
// The stat cards are the overview's.
import './overview-section.css';

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="admin-stat">
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value}</p>
      {note ? <p className="admin-stat__note">{note}</p> : null}
    </div>
  );
}

function Campaign({ campaign }: { campaign: AdminEconomy['campaign'] }) {
  if (campaign.multiplier <= 1 || campaign.budgetCents <= 0) {
    return (
      <Figure
        label="Campaign"
        value="None running"
        note="Redemptions pay the base rate: one cent a token, minus the fee."
      />
    );
  }
  return (
    <Figure
      label={`Campaign budget left (${campaign.multiplier}X)`}
      value={formatCents(campaign.budgetLeftCents)}
      note={`of ${formatCents(campaign.budgetCents)}; at most ${formatCents(campaign.memberCapCents)} a member per 30 days`}
    />
  );
}

function Held() {
  const query = usePendingRedemptions();
  const pending = query.data?.redemptions ?? [];
  const held = pending.filter((r) => r.risk?.awaiting_review);
  return (
    <>
      <h3 className="admin-subtitle">Held for review</h3>
      <QueryState query={query} loading="Loading redemptions…">
        {held.length ? (
          <ul className="admin-list">
            {held.map((r) => (
              <li key={r.id} className="admin-card">
                <p className="admin-card__title">
                  {r.username ?? `Member ${r.user_id}`}: {formatCents(r.amount_cents)} for{' '}
                  {formatTokens(r.token_amount)} tokens
                </p>
                <p className="admin-card__meta">
                  Risk {r.risk?.score} over {r.risk?.threshold}
                  {r.campaign_cents > 0
                    ? ` · ${formatCents(r.campaign_cents)} from the campaign`
                    : ''}{' '}
                  · requested {formatWhen(r.created_at)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No redemption is held for review.</p>
        )}
        <p className="admin-stat__note">
          {formatTokens(pending.length - held.length)} other pending{' '}
          {pending.length - held.length === 1 ? 'redemption' : 'redemptions'}.{' '}
          <Link to="/admin/payouts">Open payouts</Link>
        </p>
      </QueryState>
    </>
  );
}

export function EconomySection() {
  const query = useAdminEconomy();
  const e = query.data;
  return (
    <Section
      title="Economy"
      intro="What the token economy took in, paid out and owes now. The same figures as npm run admin -- economy."
    >
      <QueryState query={query} loading="Loading the economy…">
        {e ? (
          <>
            <h3 className="admin-subtitle">Tokens issued</h3>
            <div className="admin-stats">
              <Figure
                label="Promotional"
                value={formatTokens(e.issued.promotional)}
                note="Signup, referral, daily claim, free grants"
              />
              <Figure
                label="Purchased"
                value={formatTokens(e.issued.purchased)}
                note="Bundles and paid grants"
              />
              <Figure
                label="Redeemable"
                value={formatTokens(e.issued.redeemable)}
                note="Earned from winning bidders"
              />
            </div>
            <h3 className="admin-subtitle">Cash</h3>
            <div className="admin-stats">
              <Figure label="Cash in" value={formatCents(e.cashInCents)} />
              <Figure
                label="Cash out"
                value={formatCents(e.cashOutCents)}
                note={`${formatCents(e.campaignPaidCents)} of it from the campaign`}
              />
              <Figure
                label="Owed now"
                value={formatCents(e.owedNowCents)}
                note={`${formatCents(e.pendingRedemptionCents)} in ${formatTokens(e.pendingRedemptions)} pending redemptions + ${formatTokens(e.redeemableTokens)} redeemable tokens worth ${formatCents(e.redeemableValueCents)} today`}
              />
              <Figure
                label="Owed after the settlement hold"
                value={formatTokens(e.heldRewardTokens)}
                note="tokens of rewards held while the bidders' card purchases can be taken back"
              />
              <Campaign campaign={e.campaign} />
              <Figure
                label="Held for review"
                value={formatTokens(e.heldRedemptions)}
                note={`of ${formatTokens(e.pendingRedemptions)} pending redemptions`}
              />
            </div>
          </>
        ) : null}
      </QueryState>
      <Held />
    </Section>
  );
}
