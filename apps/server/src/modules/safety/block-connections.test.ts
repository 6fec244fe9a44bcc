// A block ends the connections between its two members at once (product rules, Blocks
// cover everything): a pending or accepted connection is unmatched in the block's own
// transaction, a held escrow goes back to the bidder as on an unmatch before engagement,
// and both members' sockets hear it. On main the block left the connection pending with
// the bidder's tokens held until the sweeper expired it days later.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type Listener, listen, type Made, pendingConnections } from '../../../test/connections';
import { ledgerProblems, originProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { transactionThenPublish } from '../../lib/realtime';
import { connectionEffectEvents, recordMessageSent } from '../connections';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
const opened: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const l of opened) l.socket.close();
  await t.close();
});

interface Pair extends Made {
  ownerSocket: Listener;
  bidderSocket: Listener;
}

async function pairs(count: number, amount = 100): Promise<Pair[]> {
  const made = await pendingConnections(t.database.db, clock, count, { amount });
  return Promise.all(
    made.map(async (m) => {
      const ownerSocket = await listen(t, m.owner);
      const bidderSocket = await listen(t, m.bidder);
      opened.push(ownerSocket, bidderSocket);
      return { ...m, ownerSocket, bidderSocket };
    }),
  );
}

const setStatus = (who: Listener, id: number, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/connections/${id}/status`,
    headers: who.headers,
    payload: { status },
  });

const block = (who: Listener, userId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blocks',
    headers: who.headers,
    payload: { user_id: userId },
  });

async function connection(id: number) {
  const [row] = await rows<{ status: string; escrow_state: string }>(
    t.database.db,
    sql`SELECT status, escrow_state FROM connections WHERE id = ${id}`,
  );
  return row!;
}

async function balance(userId: number) {
  const [row] = await rows<{ token_balance: number; redeemable_tokens: number }>(
    t.database.db,
    sql`SELECT token_balance, redeemable_tokens FROM users WHERE id = ${userId}`,
  );
  return row!;
}

function sendMessage(senderId: number, partnerId: number) {
  return transactionThenPublish(
    { db: t.database.db, realtime: t.app.realtime },
    async (tx, events) => {
      const effects = await recordMessageSent(tx, { senderId, partnerId, now: clock.clock() });
      events.add(...connectionEffectEvents(effects));
    },
  );
}

const books = async () => [
  ...(await ledgerProblems(t.database.db)),
  ...(await originProblems(t.database.db)),
];

describe('a block ends the connections between the two', () => {
  it('pending: unmatched at once, the escrow back to the bidder, both screens told', async () => {
    const [p] = await pairs(1, 120);
    expect((await balance(p!.bidder.id)).token_balance).toBe(880);

    expect((await block(p!.ownerSocket, p!.bidder.id)).statusCode).toBe(200);

    expect(await connection(p!.id)).toEqual({ status: 'unmatched', escrow_state: 'refunded' });
    expect((await balance(p!.bidder.id)).token_balance).toBe(1000);
    const toBidder = await p!.bidderSocket.next('connectionUnmatched');
    expect(toBidder).toMatchObject({
      connectionId: p!.id,
      status: 'unmatched',
      tokenBalance: 1000,
    });
    const toOwner = await p!.ownerSocket.next('connectionUnmatched');
    expect(toOwner).toMatchObject({ connectionId: p!.id, status: 'unmatched' });
    expect(toOwner.tokenBalance).toBeUndefined();
    expect(
      await rows(
        t.database.db,
        sql`SELECT user_id, amount, transaction_type FROM token_transactions
             WHERE reference_id = ${`connection:${p!.id}`}`,
      ),
    ).toEqual([{ user_id: p!.bidder.id, amount: 120, transaction_type: 'refund' }]);
    expect(await books()).toEqual([]);
  });

  it('accepted before engagement, blocked by the bidder: the bidder is refunded', async () => {
    const [p] = await pairs(1);
    expect((await setStatus(p!.ownerSocket, p!.id, 'accepted')).statusCode).toBe(200);
    await p!.bidderSocket.next('connectionAccepted');

    expect((await block(p!.bidderSocket, p!.owner.id)).statusCode).toBe(200);

    expect(await connection(p!.id)).toEqual({ status: 'unmatched', escrow_state: 'refunded' });
    expect((await balance(p!.bidder.id)).token_balance).toBe(1000);
    expect(await p!.bidderSocket.next('connectionUnmatched')).toMatchObject({ tokenBalance: 1000 });
    await p!.ownerSocket.next('connectionUnmatched');
    expect(await books()).toEqual([]);
  });

  it('accepted and engaged: unmatched, the owner keeps the reward already paid', async () => {
    const [p] = await pairs(1);
    await setStatus(p!.ownerSocket, p!.id, 'accepted');
    await sendMessage(p!.bidder.id, p!.owner.id);
    await sendMessage(p!.owner.id, p!.bidder.id);
    expect(await connection(p!.id)).toEqual({ status: 'accepted', escrow_state: 'paid' });
    const owner = await balance(p!.owner.id);

    expect((await block(p!.ownerSocket, p!.bidder.id)).statusCode).toBe(200);

    expect(await connection(p!.id)).toEqual({ status: 'unmatched', escrow_state: 'paid' });
    expect(await balance(p!.owner.id)).toEqual(owner);
    expect((await balance(p!.bidder.id)).token_balance).toBe(900);
    await p!.bidderSocket.next('connectionUnmatched');
    await p!.ownerSocket.next('connectionUnmatched');
    expect(await books()).toEqual([]);
  });

  it('rejected within its grace period: the escrow goes back at once', async () => {
    const [p] = await pairs(1);
    expect((await setStatus(p!.ownerSocket, p!.id, 'rejected')).statusCode).toBe(200);
    expect(await connection(p!.id)).toEqual({ status: 'rejected', escrow_state: 'held' });

    expect((await block(p!.bidderSocket, p!.owner.id)).statusCode).toBe(200);

    expect(await connection(p!.id)).toEqual({ status: 'rejected', escrow_state: 'refunded' });
    expect((await balance(p!.bidder.id)).token_balance).toBe(1000);
    expect(
      await p!.bidderSocket.next('connectionRejected', (e) => e.tokenBalance === 1000),
    ).toBeTruthy();
    expect(await books()).toEqual([]);
  });

  it('a block by report ends them too', async () => {
    const [p] = await pairs(1);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: p!.ownerSocket.headers,
      payload: { user_id: p!.bidder.id, reason: 'harassment' },
    });
    expect(report.json()).toMatchObject({ blocked: true });
    expect(await connection(p!.id)).toEqual({ status: 'unmatched', escrow_state: 'refunded' });
    expect(await p!.bidderSocket.next('connectionUnmatched')).toMatchObject({ tokenBalance: 1000 });
    await p!.ownerSocket.next('connectionUnmatched');
    expect(await books()).toEqual([]);
  });

  it("the owner's accept racing the bidder's block: the block ends it whichever commits first", async () => {
    const racing = await pairs(6);
    const answers = await Promise.all(
      racing.map(async (p) => {
        const [accept, blocked] = await Promise.all([
          setStatus(p.ownerSocket, p.id, 'accepted'),
          block(p.bidderSocket, p.owner.id),
        ]);
        expect(blocked.statusCode).toBe(200);
        return accept.statusCode;
      }),
    );
    for (const status of answers) expect([200, 404]).toContain(status);
    for (const p of racing) {
      expect(await connection(p.id)).toEqual({ status: 'unmatched', escrow_state: 'refunded' });
      expect((await balance(p.bidder.id)).token_balance).toBe(1000);
    }
    expect(await books()).toEqual([]);
  });
});
