// Room joins answered from cards kept in memory: a crowd of phones reconnecting after a
// deploy, each joining the rooms of a page of cards, costs one read per auction instead
// of one per turn of joins (bench/sockets.bench.ts).
//
// A kept card is never behind a change that a joining socket would not hear about. Every
// change to what a card shows from its auction (a bid, a voided lead, a removal, a block
// with its owner, a period's close) reaches every server as a broadcast, delivered in the
// adapter's order no later than the change's own (plugins/card-changes.ts), and forgets the
// card here as it is delivered. So a socket that joins before this server hears of a change
// was in the room when its broadcast arrived, and one that joins after is answered from a
// read that began after it. A read under way when a change is heard of is not kept. The
// owner's name and photos announce nothing: `maxAgeMs` bounds how old those may be, and how
// long a change lost with Redis (an outage) can go unnoticed.
import type { RoomCard } from './auctions.service';

interface Kept {
  card: RoomCard;
  readAt: number;
}

export class RoomCardCache {
  private readonly kept = new Map<number, Kept>();
  private readonly reading = new Map<number, Promise<RoomCard | undefined>>();
  private sweptAt = 0;

  constructor(
    private readonly options: {
      /** Reads one auction's card (batched by the caller); undefined when there is none. */
      read: (auctionId: number) => Promise<RoomCard | undefined>;
      maxAgeMs: number;
      /** Milliseconds on a monotonic clock. */
      now: () => number;
    },
  ) {}

  /** The kept card of the auction, if it is current; answering from it takes no turn. */
  current(auctionId: number): RoomCard | undefined {
    const kept = this.kept.get(auctionId);
    if (kept && this.options.now() - kept.readAt < this.options.maxAgeMs) return kept.card;
    return undefined;
  }

  /** Reads the card, sharing a read already under way that no change has overtaken. */
  read(auctionId: number): Promise<RoomCard | undefined> {
    const pending = this.reading.get(auctionId);
    if (pending) return pending;
    const readAt = this.options.now();
    const read = this.options.read(auctionId);
    this.reading.set(auctionId, read);
    const done = (card: RoomCard | undefined) => {
      // Forgotten while under way: the read may have seen the auction before the change.
      if (this.reading.get(auctionId) !== read) return;
      this.reading.delete(auctionId);
      // An auction without a card (not yet created, removed) is read again next time.
      if (card) this.keep(auctionId, { card, readAt });
    };
    read.then(done, () => done(undefined));
    return read;
  }

  forget(auctionIds: readonly number[] | 'all'): void {
    if (auctionIds === 'all') {
      this.kept.clear();
      this.reading.clear();
      return;
    }
    for (const id of auctionIds) {
      this.kept.delete(id);
      this.reading.delete(id);
    }
  }

  private keep(auctionId: number, kept: Kept) {
    this.kept.set(auctionId, kept);
    // Cards of auctions nobody joins any more go once they are too old to answer from.
    if (kept.readAt - this.sweptAt < this.options.maxAgeMs) return;
    this.sweptAt = kept.readAt;
    for (const [id, old] of this.kept) {
      if (kept.readAt - old.readAt >= this.options.maxAgeMs) this.kept.delete(id);
    }
  }
}
