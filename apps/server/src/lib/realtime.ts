// The one way a committed change reaches sockets. A service describes what members must
// hear as data (RealtimeEvent, built by its area's *.events.ts) and adds it to the events
// of its transaction; `transactionThenPublish` / `publishAfterCommit` hand them to the
// Realtime publisher (plugins/realtime.ts) only once the work has committed, so a
// rolled-back change tells nobody anything. The CLI and most tests run without a publisher.
import type { AlertKind, BidUpdate, ServerToClientEvents } from '@bidboard/shared';
import type { Db, Tx } from '../db/client';

type EventName = keyof ServerToClientEvents;

export type RealtimeEvent =
  /** A socket event to rooms (`user_{id}`, `auction_{id}`), or to everyone connected. */
  | { kind: 'emit'; to: readonly string[] | 'everyone'; event: EventName; args: unknown[] }
  /**
   * What these auctions' cards show changed (all of them: a period's close) without a
   * broadcast to their rooms: every server forgets the cards it kept for room joins. Goes
   * before the change's own broadcasts.
   */
  | { kind: 'cardsChanged'; auctionIds: readonly number[] | 'all' }
  /**
   * A bid update to its auction's room, coalesced per room (plugins/card-updates.ts),
   * without the bidder's name for the members with a block with them.
   */
  | { kind: 'bidUpdate'; update: BidUpdate; hiddenFrom: readonly number[] }
  /** Every socket in `room` leaves `leave` (a block ends the pair's shared auction rooms). */
  | { kind: 'leaveRooms'; room: string; leave: readonly string[] }
  /** A range of alerts written by one statement: each server delivers its own members'. */
  | { kind: 'alertRange'; range: AlertRangeRef }
  /** The member's sessions ended: every server drops them and cuts their sockets. */
  | { kind: 'sessionsEnded'; userId: number };

export interface AlertRangeRef {
  firstId: number;
  lastId: number;
  count: number;
  kinds: AlertKind[];
}

/** A socket event, typed by the shared event map. */
export function emitTo<E extends EventName>(
  to: string | readonly string[] | 'everyone',
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
): RealtimeEvent {
  return { kind: 'emit', to: typeof to === 'string' && to !== 'everyone' ? [to] : to, event, args };
}

/**
 * A member's own sockets in one auction's room, joined and left with it: what that member
 * alone must hear differently from the room goes here (plugins/bid-updates.ts).
 */
export function watcherRoom(auctionId: number, userId: number): string {
  return `auction_${auctionId}_user_${userId}`;
}

export function cardsChanged(auctionIds: readonly number[] | 'all'): RealtimeEvent {
  return { kind: 'cardsChanged', auctionIds };
}

export interface Realtime {
  publish(events: readonly RealtimeEvent[]): Promise<void>;
}

/** What a service that changes state and tells members needs. */
export interface PublishingContext {
  db: Db;
  realtime?: Realtime;
}

/** The events one unit of work produced, in order. */
export class PendingEvents {
  readonly list: RealtimeEvent[] = [];

  add(...events: readonly RealtimeEvent[]): void {
    this.list.push(...events);
  }
}

/**
 * Runs `work` in one transaction and publishes the events it added after COMMIT. A throw
 * rolls the transaction back and publishes nothing.
 */
export async function transactionThenPublish<T>(
  ctx: PublishingContext,
  work: (tx: Tx, events: PendingEvents) => Promise<T>,
): Promise<T> {
  return publishAfterCommit(ctx.realtime, (events) => ctx.db.transaction((tx) => work(tx, events)));
}

/**
 * For work that commits on its own (one statement, or a transaction of its own that has
 * committed when the promise resolves): publishes what it added once it resolved.
 */
export async function publishAfterCommit<T>(
  realtime: Realtime | undefined,
  work: (events: PendingEvents) => Promise<T>,
): Promise<T> {
  const events = new PendingEvents();
  const result = await work(events);
  if (realtime && events.list.length > 0) await realtime.publish(events.list);
  return result;
}
