// The action slide of a connection card: what the viewer may do now and what happens next,
// from their side (product rules 'Who acts on a connection'): the owner accepts or rejects
// a pending connection and may reverse a rejection inside the grace period; either member
// chats or unmatches once accepted. Accept and unmatch ask first.
import type { Connection, ConnectionAction } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRewardPendingText } from '@/lib/economy/reward-pending';
import { useRewardSplitText } from '@/lib/economy/reward-split';
import { formatTokens } from '@/lib/format';
import { fillSlot, SLOT } from '@/lib/i18n';
import { useConnectionsText } from '../i18n';
import { canReverse, hoursUntil } from '../lib/connection-view';

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
  const t = useConnectionsText();
  const splitText = useRewardSplitText();
  const [confirming, setConfirming] = useState<'accepted' | 'unmatched' | null>(null);
  const name = c.partner.username ?? t('actions.thisMember');
  const count = c.auction.final_bid;
  // The amount in bold wherever the language puts it: 'Winning bid **120** tokens'.
  const withBid = (message: string) =>
    fillSlot(message, <strong>{formatTokens(c.auction.final_bid)}</strong>);
  const refundedLine = () => withBid(t('actions.refunded', { amount: SLOT, count }));
  const refunded = c.is_user && c.escrow_state === 'refunded';
  const pendingText = useRewardPendingText();
  const split = c.is_partner ? splitText(c.auction.final_bid, c.reward_redeemable) : null;
  const rewardSplit =
    split && c.reward_pending > 0 && c.reward_settles_at
      ? `${split} ${pendingText(c.reward_pending, c.reward_settles_at)}`
      : split;

  const confirm = () => {
    if (confirming) onChange(confirming);
    setConfirming(null);
  };

  let title: string;
  let lines: React.ReactNode[] = [];
  let actions: React.ReactNode = null;

  if (c.status === 'pending' && c.is_partner) {
    const hours = hoursUntil(c.expires_at, now);
    title = t('actions.wonYourAuction', { name });
    lines = [
      withBid(t('actions.winningBid', { amount: SLOT, count })),
      t('actions.ownerPending'),
      rewardSplit,
      hours > 0 ? t('actions.answerWithin', { hours, name }) : null,
    ];
    actions = (
      <>
        <Button size="md" block busy={busy} onClick={() => setConfirming('accepted')}>
          {t('actions.accept')}
        </Button>
        <Button
          size="md"
          block
          variant="secondary"
          disabled={busy}
          onClick={() => onChange('rejected')}
        >
          {t('actions.reject')}
        </Button>
      </>
    );
  } else if (c.status === 'pending') {
    const hours = hoursUntil(c.expires_at, now);
    title = t('actions.yourWinningBid');
    lines = [
      t('actions.bidderPending'),
      withBid(t('actions.youBid', { amount: SLOT, count })),
      hours > 0 ? t('actions.comeBack', { hours, name }) : null,
    ];
  } else if (c.status === 'accepted') {
    title = t('actions.connected', { name });
    lines = [
      c.engaged
        ? t('actions.talking')
        : c.is_partner
          ? t('actions.sayHelloEarn', { count })
          : t('actions.sayHello', { name }),
      c.engaged && c.is_partner ? `${t('actions.earned', { count })} ${rewardSplit}` : rewardSplit,
    ];
    actions = (
      <>
        <Button size="md" block onClick={onOpenChat}>
          {t('actions.chatWith', { name })}
        </Button>
        <Button
          size="md"
          block
          variant="ghost"
          busy={busy}
          onClick={() => setConfirming('unmatched')}
        >
          {t('actions.unmatch')}
        </Button>
      </>
    );
  } else if (canReverse(c, viewerId)) {
    title = t('actions.rejectedByYou');
    // The spec's 'N hour(s) left to change your mind.', said with the plural N takes.
    lines = [t('actions.grace', { hours: hoursUntil(c.grace_period, now) })];
    actions = (
      <Button size="md" block busy={busy} onClick={() => setConfirming('accepted')}>
        {t('actions.connect')}
      </Button>
    );
  } else if (c.status === 'rejected') {
    title = t('label.rejected');
    if (c.is_user) {
      lines = [refunded ? refundedLine() : t('actions.unlessMindChanged', { name })];
    }
  } else if (c.status === 'unmatched') {
    title = t('label.unmatched');
    if (refunded) lines = [refundedLine()];
    else if (c.is_partner && c.escrow_state === 'paid')
      lines = [t('actions.keepReward'), rewardSplit];
  } else {
    title = t(c.status === 'expired' ? 'label.expired' : 'label.view');
    if (refunded) lines = [refundedLine()];
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
          confirming === 'unmatched' ? t('actions.confirmUnmatch') : t('actions.confirmAccept')
        }
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
