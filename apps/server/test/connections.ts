// Connections made the real way (a bid, then the weekly close) and members listening on
// real sockets, for the connection and alert tests.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { type Db, rows } from '../src/db/client';
import { closePeriod, ensureOpenPeriod } from '../src/modules/auctions/periods.service';
import { placeBid } from '../src/modules/bids/bids.service';
import { signIn, type TestApp } from './app';
import { buildBidder, type testClock } from './marketplace';

type TestClock = ReturnType<typeof testClock>;

export interface Made {
  id: number;
  owner: { id: number; phone_number: string; username: string | null };
  bidder: { id: number; phone_number: string; username: string | null };
  amount: number;
}

/**
 * `count` pending connections, each between a new owner and a new bidder holding
 * `tokens`, made by bids and one forced close at the clock's current instant. The clock
 * moves forward by a second so the next close has a period to close.
 */
export async function pendingConnections(
  db: Db,
  clock: TestClock,
  count: number,
  options: {
    amount?: number;
    tokens?: number;
    bidder?: Made['bidder'];
    /** The same owner again: a second connection between the same two members. */
    owner?: Made['owner'];
  } = {},
): Promise<Made[]> {
  const amount = options.amount ?? 100;
  // A clock moved past the open period's end finds it closed, with the next one open.
  await closePeriod(db, clock.clock());
  const period = await ensureOpenPeriod(db, clock.clock());
  const pairs = [];
  for (let i = 0; i < count; i++) {
    const owner = options.owner ?? (await buildBidder(db, 0));
    // One bidder winning several auctions (a member writing to several matches).
    const bidder = options.bidder ?? (await buildBidder(db, options.tokens ?? 1000));
    const [auction] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id})
          ON CONFLICT (user_id, period_id) DO UPDATE SET updated_at = now() RETURNING id`,
    );
    await placeBid(
      { db, clock: clock.clock },
      { auctionId: auction!.id, bidderId: bidder.id, amount },
    );
    pairs.push({ owner, bidder, auctionId: auction!.id });
  }
  clock.set(new Date(clock.clock().getTime() + 1000));
  const closed = await closePeriod(db, clock.clock(), { force: true });
  if (!closed) throw new Error('nothing to close');
  clock.set(new Date(clock.clock().getTime() + 1000));
  const made = await rows<{ id: number; auction_id: number }>(
    db,
    sql`SELECT id, auction_id FROM connections
         WHERE auction_id = ANY(${`{${pairs.map((p) => p.auctionId).join(',')}}`}::int[])`,
  );
  return pairs.map(({ owner, bidder, auctionId }) => {
    const connection = made.find((c) => c.auction_id === auctionId)!;
    return { id: connection.id, owner, bidder, amount };
  });
}

export interface Listener {
  id: number;
  token: string;
  headers: { authorization: string };
  socket: Socket;
  /** Every event received, in order, as [name, payload]. */
  events: [string, Record<string, unknown>][];
  /** Takes the first `name` event received that `match`es, waiting for it if need be. */
  next(
    name: string,
    match?: (payload: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>>;
}

/** Signs the member in and opens a socket that records every event it hears. */
export async function listen(
  t: TestApp,
  member: { id: number; phone_number: string },
): Promise<Listener> {
  const { token } = await signIn(t, member.phone_number);
  const address = t.app.server.address() as AddressInfo;
  const socket = connect(`http://127.0.0.1:${address.port}`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  const events: Listener['events'] = [];
  socket.onAny((name: string, payload: Record<string, unknown>) => {
    events.push([name, payload]);
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return {
    id: member.id,
    token,
    headers: { authorization: `Bearer ${token}` },
    socket,
    events,
    async next(name, match = () => true) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const index = events.findIndex(([n, p]) => n === name && match(p));
        if (index >= 0) return events.splice(index, 1)[0]![1];
        if (Date.now() > deadline) throw new Error(`no ${name} for member ${member.id}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
