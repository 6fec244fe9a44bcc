// Second chance (product rules, Auctions beyond a plain high bid). The connection sweeper
// offers it: each connection that ended without engagement is claimed once by a guarded
// UPDATE and, in the same transaction, its auction's next distinct bidder is offered a
// connection at their own highest bid for SECOND_CHANCE_HOURS (once per auction: the
// offers' unique auction_id). Taking it escrows the tokens exactly as a bid does (spent
// promotional, purchased, then redeemable; the connection remembers the parts) and makes
// a pending connection for the owner, who accepts or declines it as usual.
import { SECOND_CHANCE_HOURS, SECOND_CHANCE_MESSAGES } from '@bidboard/shared';
import { AppError, notFound } from '../../lib/errors';
import { publishAfterCommit } from '../../lib/realtime';
import { frenchName } from '../../lib/texts';
import { insertAlert, written } from '../alerts/alerts.repository';
import { applyBalanceChange, type LedgerEntry } from '../tokens/ledger';
import { alertSecondChanceTaken, type ConnectionEffects } from './connection-effects';
import { hoursAfter } from './connection-timers';
import { connectionEffectEvents } from './connections.events';
import { lockConnection, lockMembers } from './connections.repository';
import type { ConnectionsContext } from './connections.service';
import {
  claimEndedConnection,
  insertOffer,
  insertSecondChanceConnection,
  lockOffer,
  markOfferTaken,
} from './second-chance.repository';

const gone = () => new AppError('CONFLICT', 409, SECOND_CHANCE_MESSAGES.notAvailable);

/**
 * The sweeper's step for one ended connection: claims it (null when another sweep did)
 * and offers its auction to the runner-up if there is one who can take it.
 */
export async function offerSecondChance(
  tx: Parameters<typeof claimEndedConnection>[0],
  connectionId: number,
  now: Date,
): Promise<ConnectionEffects | null> {
  const ended = await claimEndedConnection(tx, connectionId, now);
  if (!ended) return null;
  const offer = await insertOffer(tx, ended, now, hoursAfter(now, SECOND_CHANCE_HOURS));
  if (!offer) return { alerts: [], events: [] };
  const alert = await insertAlert(tx, {
    userId: offer.user_id,
    kind: 'second_chance',
    message: SECOND_CHANCE_MESSAGES.offered(offer.owner_username, offer.amount),
    text: {
      key: 'SECOND_CHANCE_MESSAGES.offered',
      params: { owner: frenchName(offer.owner_username), amount: offer.amount },
    },
    payload: {
      auctionId: offer.auction_id,
      auctionCreatorUserId: offer.owner_id,
      auctionCreatorUsername: offer.owner_username,
      amount: offer.amount,
      expiresAt: offer.expires_at.toISOString(),
    },
  });
  return { alerts: written([alert]), events: [] };
}

export interface TakenSecondChance {
  connectionId: number;
  ledger: LedgerEntry;
  effects: ConnectionEffects;
}

/**
 * The runner-up takes their second chance on `auctionId`; the owner's alert goes out once
 * it has committed. Refused with the spec's
 * 'Insufficient tokens' when they no longer have the tokens (nothing changes: the offer
 * stands until it lapses), and as no longer available once taken, lapsed, withdrawn, or
 * when the owner left, switched second chances off, or a block came between them.
 */
export async function takeSecondChance(
  ctx: ConnectionsContext,
  input: { auctionId: number; memberId: number },
): Promise<TakenSecondChance> {
  return publishAfterCommit(ctx.realtime, async (events) => {
    const taken = await applyTake(ctx, input);
    events.add(...connectionEffectEvents(taken.effects));
    return taken;
  });
}

async function applyTake(
  ctx: ConnectionsContext,
  input: { auctionId: number; memberId: number },
): Promise<TakenSecondChance> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, input.auctionId, input.memberId);
    if (!offer) throw notFound(SECOND_CHANCE_MESSAGES.notAvailable);
    if (
      offer.status !== 'offered' ||
      offer.expires_at.getTime() <= now.getTime() ||
      !offer.owner_active ||
      offer.blocked
    ) {
      throw gone();
    }
    await lockMembers(tx, { user_id: offer.user_id, partner_id: offer.owner_id });
    const ledger = await applyBalanceChange(tx, {
      userId: offer.user_id,
      amount: -offer.amount,
      type: 'bid',
      bidTargetId: offer.owner_id,
      referenceId: `second_chance:${offer.id}`,
      idempotencyKey: `second_chance:${offer.id}:escrow`,
    });
    if (!ledger) throw gone();
    const connectionId = await insertSecondChanceConnection(
      tx,
      offer,
      {
        promotional: -ledger.promotional_amount,
        purchased: -ledger.purchased_amount,
        redeemable: -ledger.redeemable_amount,
      },
      now,
    );
    if (connectionId === null || !(await markOfferTaken(tx, offer.id, connectionId, now))) {
      throw gone();
    }
    const connection = (await lockConnection(tx, connectionId))!;
    return {
      connectionId,
      ledger,
      effects: { alerts: await alertSecondChanceTaken(tx, connection), events: [] },
    };
  });
}
