// What a connection change tells its two members: the alerts of marketplace §3 (written
// in the transaction that causes them) and the socket events of §7 Realtime (sent after
// it commits). The alert payloads carry the fields the web's alert navigation reads:
// userId / partnerUserId name the other member, connectionId the connection.
import {
  type AlertKind,
  CONNECTION_ALERT_MESSAGES,
  type ConnectionEvent,
  type ConnectionEventName,
  SECOND_CHANCE_MESSAGES,
} from '@bidboard/shared';
import type { TextRef } from '@bidboard/shared/i18n/texts';
import type { Executor } from '../../db/client';
import { frenchName } from '../../lib/texts';
import { type AlertRow, insertAlert, written } from '../alerts/alerts.repository';
import type { LedgerEntry } from '../tokens/ledger';
import type { ConnectionRow } from './connections.repository';

export interface ConnectionEffects {
  alerts: AlertRow[];
  events: { name: ConnectionEventName; recipientId: number; payload: ConnectionEvent }[];
}

export const noEffects = (): ConnectionEffects => ({ alerts: [], events: [] });

export function mergeEffects(into: ConnectionEffects, more: ConnectionEffects): void {
  into.alerts.push(...more.alerts);
  into.events.push(...more.events);
}

/** The event for both members; a member whose balance changed gets their new balances. */
export function eventForBoth(
  name: ConnectionEventName,
  connection: ConnectionRow,
  options: { gracePeriod?: Date | null; ledger?: LedgerEntry[] } = {},
): ConnectionEffects['events'] {
  const base: ConnectionEvent = {
    connectionId: connection.id,
    status: connection.status,
    userId: connection.user_id,
    partnerId: connection.partner_id,
    statusChangedAt: connection.status_changed_at.toISOString(),
    gracePeriod: options.gracePeriod ? options.gracePeriod.toISOString() : null,
    rejectedByUserId: connection.rejected_by_user_id,
    amount: connection.amount,
  };
  return [connection.user_id, connection.partner_id].map((recipientId) => {
    const entry = options.ledger?.find((e) => e.user_id === recipientId);
    return {
      name,
      recipientId,
      payload: entry
        ? { ...base, tokenBalance: entry.balance_after, redeemableTokens: entry.redeemable_after }
        : base,
    };
  });
}

/** A connection alert's words by their key, for the member's language. */
const ref = (
  name: keyof typeof CONNECTION_ALERT_MESSAGES,
  params: Record<string, string | number>,
): TextRef => ({ key: `CONNECTION_ALERT_MESSAGES.${name}`, params });

/** The alert for the winning bidder, about the owner. */
function toBidder(tx: Executor, c: ConnectionRow, kind: AlertKind, message: string, text: TextRef) {
  return insertAlert(tx, {
    userId: c.user_id,
    kind,
    message,
    text,
    payload: {
      connectionId: c.id,
      auctionId: c.auction_id,
      userId: c.partner_id,
      partnerUserId: c.partner_id,
      auctionCreatorUserId: c.partner_id,
      auctionCreatorUsername: c.partner_username,
      amount: c.amount,
    },
  });
}

/** The alert for the owner, about the winning bidder. */
function toOwner(tx: Executor, c: ConnectionRow, kind: AlertKind, message: string, text: TextRef) {
  return insertAlert(tx, {
    userId: c.partner_id,
    kind,
    message,
    text,
    payload: {
      connectionId: c.id,
      auctionId: c.auction_id,
      userId: c.user_id,
      partnerUserId: c.user_id,
      winningBidderUserId: c.user_id,
      winningBidderUsername: c.user_username,
      amount: c.amount,
    },
  });
}

export async function alertAccepted(tx: Executor, c: ConnectionRow): Promise<AlertRow[]> {
  return written([
    await toBidder(
      tx,
      c,
      'connection_accepted',
      CONNECTION_ALERT_MESSAGES.accepted(c.partner_username),
      ref('accepted', { owner: frenchName(c.partner_username, { starts: true }) }),
    ),
  ]);
}

export async function alertRejected(
  tx: Executor,
  c: ConnectionRow,
  graceHours: number,
): Promise<AlertRow[]> {
  const hours = Math.max(1, Math.round(graceHours));
  return written([
    await toBidder(
      tx,
      c,
      'connection_rejected',
      CONNECTION_ALERT_MESSAGES.declined(c.partner_username, c.amount, hours),
      ref('declined', {
        owner: frenchName(c.partner_username, { starts: true }),
        amount: c.amount,
        hours,
      }),
    ),
  ]);
}

/** The owner's alert when the runner-up takes a second chance: a pending connection, as after a close. */
export async function alertSecondChanceTaken(tx: Executor, c: ConnectionRow): Promise<AlertRow[]> {
  const alert = await insertAlert(tx, {
    userId: c.partner_id,
    kind: 'winning_bidder_connection_pending',
    message: SECOND_CHANCE_MESSAGES.taken(c.user_username, c.amount),
    text: {
      key: 'SECOND_CHANCE_MESSAGES.taken',
      params: { bidder: frenchName(c.user_username, { starts: true }), amount: c.amount },
    },
    payload: {
      connectionId: c.id,
      auctionId: c.auction_id,
      userId: c.user_id,
      partnerUserId: c.user_id,
      winningBidderUserId: c.user_id,
      winningBidderUsername: c.user_username,
      newBidAmount: c.amount,
    },
  });
  return written([alert]);
}

export async function alertReminder(tx: Executor, c: ConnectionRow): Promise<AlertRow[]> {
  return written([
    await toOwner(
      tx,
      c,
      'connection_pending_reminder',
      CONNECTION_ALERT_MESSAGES.reminder(c.user_username, c.amount),
      ref('reminder', { bidder: frenchName(c.user_username, { starts: true }), amount: c.amount }),
    ),
  ]);
}

export async function alertsExpired(
  tx: Executor,
  c: ConnectionRow,
  reason: 'unanswered' | 'unengaged',
): Promise<AlertRow[]> {
  if (reason === 'unanswered') {
    return written([
      await toBidder(
        tx,
        c,
        'connection_expired',
        CONNECTION_ALERT_MESSAGES.unansweredToBidder(c.partner_username, c.amount),
        ref('unansweredToBidder', {
          owner: frenchName(c.partner_username, { starts: true }),
          amount: c.amount,
        }),
      ),
      await toOwner(
        tx,
        c,
        'connection_expired',
        CONNECTION_ALERT_MESSAGES.unansweredToOwner(c.user_username),
        ref('unansweredToOwner', { bidder: frenchName(c.user_username) }),
      ),
    ]);
  }
  return written([
    await toBidder(
      tx,
      c,
      'connection_expired',
      CONNECTION_ALERT_MESSAGES.unengagedToBidder(c.partner_username, c.amount),
      ref('unengagedToBidder', { owner: frenchName(c.partner_username), amount: c.amount }),
    ),
    await toOwner(
      tx,
      c,
      'connection_expired',
      CONNECTION_ALERT_MESSAGES.unengagedToOwner(c.user_username),
      ref('unengagedToOwner', { bidder: frenchName(c.user_username) }),
    ),
  ]);
}

/**
 * Engagement's alerts. 'It's mutual!' is about the two members, not one connection: when
 * they already engaged on another connection (each won the other's auction) it is not
 * said again; the owner's reward alert is per connection, as the reward is.
 */
export async function alertsEngaged(
  tx: Executor,
  c: ConnectionRow,
  pairAlreadyMutual: boolean,
): Promise<AlertRow[]> {
  const mutual = pairAlreadyMutual
    ? []
    : [
        await toBidder(
          tx,
          c,
          'connection_mutual',
          CONNECTION_ALERT_MESSAGES.mutual(c.partner_username),
          ref('mutual', { other: frenchName(c.partner_username, { starts: true }) }),
        ),
        await toOwner(
          tx,
          c,
          'connection_mutual',
          CONNECTION_ALERT_MESSAGES.mutual(c.user_username),
          ref('mutual', { other: frenchName(c.user_username, { starts: true }) }),
        ),
      ];
  return written([...mutual, await toOwner(tx, c, 'connection_reward', ...rewardWords(c))]);
}

/**
 * The reward alert's words: what the bid's tokens make redeemable (bought and earned ones;
 * some perhaps after the settlement hold), and what stays free (a bid of free tokens).
 */
function rewardWords(c: ConnectionRow): [string, TextRef] {
  const bidder = c.user_username;
  const french = frenchName(bidder);
  // What the escrow holds now: a purchase reversal may have taken part of the bid back.
  const cash = c.escrow_purchased + c.escrow_redeemable;
  const amount = cash + c.escrow_promotional;
  const pending = c.reward_pending;
  if (cash <= 0) {
    return [
      CONNECTION_ALERT_MESSAGES.rewardFree(bidder, amount),
      ref('rewardFree', { bidder: french, amount }),
    ];
  }
  if (cash >= amount) {
    return [
      CONNECTION_ALERT_MESSAGES.reward(bidder, amount, pending),
      ref('reward', { bidder: french, amount, pending }),
    ];
  }
  const free = amount - cash;
  return [
    CONNECTION_ALERT_MESSAGES.rewardPart(bidder, amount, cash, free, pending),
    ref('rewardPart', { bidder: french, amount, cash, free, pending }),
  ];
}
