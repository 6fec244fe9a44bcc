// changeConnectionStatus: the one operation behind PUT /connections/{id}/status (product
// rules, 'Who acts on a connection' and 'Connection lifecycle'):
//   pending  -> accepted | rejected   by the owner (partner_id), before the expiry;
//   rejected -> accepted              by the rejecter, inside the grace period (escrow held);
//   accepted -> unmatched             by either member; the bidder is refunded unless the
//                                     owner was already paid for engagement.
// Nothing of it between two members when either blocked the other.
// The row is locked first and then changed by a guarded UPDATE, inside one transaction
// that also writes the ledger rows and alerts; two clicks, two tabs, two servers or the
// sweeper racing it make each transition happen once. Events go out after the commit.
import { CONNECTION_MESSAGES, type ConnectionAction } from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { publishAfterCommit } from '../../lib/realtime';
import { isBlockedBetween } from '../blocks/blocks.repository';
import { loadSettings } from '../settings/settings.service';
import {
  alertAccepted,
  alertRejected,
  type ConnectionEffects,
  eventForBoth,
} from './connection-effects';
import { refundEscrow } from './connection-escrow';
import {
  acceptPending,
  rejectPending,
  reverseRejection,
  unmatchConnection,
} from './connection-status.repository';
import { graceEnd, hoursBefore } from './connection-timers';
import { connectionEffectEvents } from './connections.events';
import { type ConnectionRow, lockConnection, lockMembers } from './connections.repository';

export type ConnectionsContext = Pick<ServiceContext, 'db' | 'config' | 'clock' | 'realtime'>;

export interface StatusChangeInput {
  connectionId: number;
  memberId: number;
  status: ConnectionAction;
}

const conflict = (message: string) => new AppError('CONFLICT', 409, message);
const forbiddenTo = (message: string) => new AppError('FORBIDDEN', 403, message);

export async function changeConnectionStatus(
  ctx: ConnectionsContext,
  input: StatusChangeInput,
): Promise<{ connection: ConnectionRow; effects: ConnectionEffects }> {
  return publishAfterCommit(ctx.realtime, async (events) => {
    const changed = await applyStatusChange(ctx, input);
    events.add(...connectionEffectEvents(changed.effects));
    return changed;
  });
}

async function applyStatusChange(
  ctx: ConnectionsContext,
  input: StatusChangeInput,
): Promise<{ connection: ConnectionRow; effects: ConnectionEffects }> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const current = await lockConnection(tx, input.connectionId);
    // Someone else's connection does not exist, as far as this member can tell.
    if (!current || ![current.user_id, current.partner_id].includes(input.memberId)) {
      throw notFound(CONNECTION_MESSAGES.notFound);
    }
    await lockMembers(tx, current);
    // A block between the two ends everything between them: it is refused here, before
    // anything is written, as the connection the blocker can no longer see (product
    // rules, Blocks cover everything). Answered after the change, the 404 left an accept
    // committed: alerts, events, an escrow held for a week.
    if (await isBlockedBetween(tx, current.user_id, current.partner_id)) {
      throw notFound(CONNECTION_MESSAGES.notFound);
    }
    const timers = await loadSettings(tx, ctx.config);
    const isOwner = current.partner_id === input.memberId;

    if (input.status === 'unmatched') {
      if (current.status !== 'accepted') throw conflict(CONNECTION_MESSAGES.notAccepted);
      const refunding = current.escrow_state === 'held';
      const changed = await unmatchConnection(
        tx,
        current.id,
        { state: current.escrow_state, refund: refunding },
        now,
      );
      if (!changed) throw conflict(CONNECTION_MESSAGES.notAccepted);
      const ledger = refunding ? [await refundEscrow(tx, changed)] : [];
      return {
        connection: changed,
        effects: { alerts: [], events: eventForBoth('connectionUnmatched', changed, { ledger }) },
      };
    }

    if (current.status === 'pending') {
      if (!isOwner) throw forbiddenTo(CONNECTION_MESSAGES.onlyOwnerDecides);
      // Past its expiry the connection is the sweeper's, even if it has not run yet.
      const expiryCutoff = hoursBefore(now, timers.connection_expiry_hours);
      if (input.status === 'accepted') {
        const changed = await acceptPending(tx, current.id, expiryCutoff, now);
        if (!changed) throw conflict(CONNECTION_MESSAGES.notPending);
        return {
          connection: changed,
          effects: {
            alerts: await alertAccepted(tx, changed),
            events: eventForBoth('connectionAccepted', changed),
          },
        };
      }
      const changed = await rejectPending(tx, current.id, input.memberId, expiryCutoff, now);
      if (!changed) throw conflict(CONNECTION_MESSAGES.notPending);
      return {
        connection: changed,
        effects: {
          alerts: await alertRejected(tx, changed, timers.rejection_grace_hours),
          events: eventForBoth('connectionRejected', changed, {
            gracePeriod: graceEnd(changed, timers, now),
          }),
        },
      };
    }

    if (current.status === 'rejected' && input.status === 'accepted') {
      if (current.rejected_by_user_id !== input.memberId) {
        throw forbiddenTo(CONNECTION_MESSAGES.onlyRejecterReverses);
      }
      const graceCutoff = hoursBefore(now, timers.rejection_grace_hours);
      const changed = await reverseRejection(tx, current.id, input.memberId, graceCutoff, now);
      if (!changed) throw conflict(CONNECTION_MESSAGES.graceOver);
      return {
        connection: changed,
        effects: {
          alerts: await alertAccepted(tx, changed),
          events: eventForBoth('connectionAccepted', changed),
        },
      };
    }

    if (!isOwner && current.status !== 'accepted') {
      throw forbiddenTo(CONNECTION_MESSAGES.onlyOwnerDecides);
    }
    throw conflict(CONNECTION_MESSAGES.notPending);
  });
}
