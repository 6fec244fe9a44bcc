// The action slide of a connection card: what the viewer may do now and what happens next,
// from their side (product rules 'Who acts on a connection'): the owner accepts or rejects
// a pending connection and may reverse a rejection inside the grace period; either member
// chats or unmatches once accepted. Accept and unmatch ask first.
import { type Connection, type ConnectionAction, rewardSplitText } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatTokens, pluralize } from '@/lib/format';
import { CONNECTION_TEXT, canReverse, graceText, hoursUntil } from '../lib/connection-view';

interface ConnectionActionsProps {
  connection: Connection;
  viewerId: number;
  now: Date;
  busy: boolean;
  error: string | null;
  onChange: (status: ConnectionAction) => void;
  onOpenChat: () => void;
}

export function ConnectionActions(props: ConnectionActionsProps) {
  const { connection: c, viewerId, now, busy, error, onChange, onOpenChat } = props;
  const [confirming, setConfirming] = useState<'accepted' | 'unmatched' | null>(null);
  const name = c.partner.username ?? 'This member';
  const bid = <strong>{formatTokens(c.auction.final_bid)}</strong>;
  const refunded = c.is_user && c.escrow_state === 'refunded';
  const rewardSplit = c.is_partner
    ? rewardSplitText(c.auction.final_bid, c.reward_redeemable)
    : null;

  const confirm = () => {
    if (confirming) onChange(confirming);
    setConfirming(null);
  };

  let title: string;
  let lines: React.ReactNode[] = [];
  let actions: React.ReactNode = null;

  if (c.status === 'pending' && c.is_partner) {
    const hours = hoursUntil(c.expires_at, now);
    title = `${name} won your auction`;
    lines = [
      <>Winning bid {bid} tokens</>,
      CONNECTION_TEXT.ownerPending,
      rewardSplit,
      hours > 0
        ? `Answer within ${pluralize(hours, 'hour')}, or the bid goes back to ${name}.`
        : null,
    ];
    actions = (
      <>
        <Button size="md" block busy={busy} onClick={() => setConfirming('accepted')}>
          Accept
        </Button>
        <Button
          size="md"
          block
          variant="secondary"
          disabled={busy}
          onClick={() => onChange('rejected')}
        >
          Reject
        </Button>
      </>
    );
  } else if (c.status === 'pending') {
    const hours = hoursUntil(c.expires_at, now);
    title = 'Your winning bid';
    lines = [
      CONNECTION_TEXT.bidderPending,
      <>You bid {bid} tokens</>,
      hours > 0
        ? `If ${name} does not answer within ${pluralize(hours, 'hour')}, your tokens come back to you.`
        : null,
    ];
  } else if (c.status === 'accepted') {
    title = `You and ${name} are connected`;
    lines = [
      c.engaged
        ? 'You are both talking.'
        : c.is_partner
          ? `Say hello: you earn ${formatTokens(c.auction.final_bid)} tokens once you have both written.`
          : `Say hello to ${name}.`,
      c.engaged && c.is_partner
        ? `You earned ${formatTokens(c.auction.final_bid)} tokens. ${rewardSplit}`
        : rewardSplit,
    ];
    actions = (
      <>
        <Button size="md" block onClick={onOpenChat}>
          Chat with {name}
        </Button>
        <Button
          size="md"
          block
          variant="ghost"
          busy={busy}
          onClick={() => setConfirming('unmatched')}
        >
          Unmatch
        </Button>
      </>
    );
  } else if (canReverse(c, viewerId)) {
    title = CONNECTION_TEXT.rejectedByYou;
    lines = [graceText(hoursUntil(c.grace_period, now))];
    actions = (
      <Button size="md" block busy={busy} onClick={() => setConfirming('accepted')}>
        Connect
      </Button>
    );
  } else if (c.status === 'rejected') {
    title = CONNECTION_TEXT.rejected;
    if (c.is_user) {
      lines = [
        refunded ? (
          <>Your {bid} tokens were refunded.</>
        ) : (
          `Your tokens come back to you unless ${name} changes their mind.`
        ),
      ];
    }
  } else if (c.status === 'unmatched') {
    title = 'Unmatched';
    if (refunded) lines = [<>Your {bid} tokens were refunded.</>];
    else if (c.is_partner && c.escrow_state === 'paid')
      lines = ['You keep the reward you earned.', rewardSplit];
  } else {
    title = c.status === 'expired' ? 'Expired' : 'View';
    if (refunded) lines = [<>Your {bid} tokens were refunded.</>];
  }

  return (
    <div className="card-panel">
      <p className="card-panel__title">{title}</p>
      {lines.filter(Boolean).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of one state
        <p key={index} className="card-panel__text">
          {line}
        </p>
      ))}
      {actions ? <div className="card-panel__actions">{actions}</div> : null}
      {error ? (
        <p className="card-panel__error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        question={
          confirming === 'unmatched'
            ? CONNECTION_TEXT.confirmUnmatch
            : CONNECTION_TEXT.confirmAccept
        }
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
