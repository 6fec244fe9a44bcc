// Two servers sharing PostgreSQL and Redis: members on different servers chat, see each
// other come online and go offline (only when a member's last tab, on either server,
// closes), and a member whose socket drops while 1,000 messages arrive ends with every
// message exactly once, in order.
import type { AddressInfo } from 'node:net';
import type { Message } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type AcceptedPair, acceptedPairs } from '../../../test/chat';
import { testClock } from '../../../test/marketplace';
import { buildApp } from '../../app';
import { rows } from '../../db/client';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  console.info('[tests] TEST_REDIS_URL not set: the two-server chat tests are skipped');
const clock = testClock('2025-06-02T15:00:00Z');

type Events = [string, unknown][];

async function open(server: { server: { address(): unknown } }, token: string) {
  const port = (server.server.address() as AddressInfo).port;
  const socket = connect(`http://127.0.0.1:${port}`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  const events: Events = [];
  socket.onAny((name: string, payload: unknown) => events.push([name, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, events };
}

async function waitFor(events: Events, name: string, match: (p: unknown) => boolean = () => true) {
  const deadline = Date.now() + 8000;
  for (;;) {
    const index = events.findIndex(([n, p]) => n === name && match(p));
    if (index >= 0) return events.splice(index, 1)[0]![1];
    if (Date.now() > deadline) throw new Error(`no ${name}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!redisUrl)('chat and presence across two servers (Redis)', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let pair: AcceptedPair;
  beforeAll(async () => {
    a = await createTestApp(
      { REDIS_URL: redisUrl!, SWEEPER_ENABLED: 'false', RATE_LIMIT_MAX: '100000' },
      { clock: clock.clock, poolSize: 20 },
    );
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    b = await buildApp({ config: a.config, database: a.database, sms: a.sms, clock: clock.clock });
    await b.listen({ port: 0, host: '127.0.0.1' });
    [pair] = (await acceptedPairs(a, clock, 1)) as [AcceptedPair];
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('members on different servers chat and see each other online and offline', async () => {
    const owner = await open(a.app, pair.owner.token);
    expect(await waitFor(owner.events, 'onlineUsers')).toEqual([]);
    // The streams adapter needs a moment to start reading before the first emit.
    await pause(300);

    const bidderOnA = await open(a.app, pair.bidder.token);
    expect(await waitFor(owner.events, 'userOnline')).toBe(pair.bidder.id);
    const bidderOnB = await open(b, pair.bidder.token);
    expect(await waitFor(bidderOnB.events, 'onlineUsers')).toEqual([pair.owner.id]);
    await pause(300);

    // Sent through server B; heard on server A by the owner and by the bidder's tab there.
    const sent = await b.inject({
      method: 'POST',
      url: `/api/chat/conversations/${pair.cid}/messages`,
      headers: pair.bidder.headers,
      payload: { text: 'from server B' },
    });
    expect(sent.statusCode).toBe(200);
    for (const tab of [owner, bidderOnA, bidderOnB]) {
      expect(await waitFor(tab.events, 'new-message')).toMatchObject({
        message: { id: sent.json().msgId, text: 'from server B' },
      });
    }
    bidderOnB.socket.emit('typing', { cid: pair.cid, isTyping: true });
    expect(await waitFor(owner.events, 'typing')).toMatchObject({ userId: pair.bidder.id });

    // Closing the tab on A leaves the bidder online (their tab on B); closing B's too does not.
    bidderOnA.socket.close();
    await pause(500);
    expect(owner.events.map(([n]) => n)).not.toContain('userOffline');
    expect(owner.events.map(([n]) => n)).not.toContain('userOnline');
    bidderOnB.socket.close();
    expect(await waitFor(owner.events, 'userOffline')).toBe(pair.bidder.id);
    owner.socket.close();
  });

  it('1,000 messages sent while the reader reconnects arrive exactly once and in order', async () => {
    const reader = pair.owner;
    const writer = pair.bidder;
    const url = `/api/chat/conversations/${pair.cid}/messages`;
    const [start] = await rows<{ count: number; last: string | null }>(
      a.database.db,
      sql`SELECT message_count AS count, last_message_id AS last FROM conversations WHERE cid = ${pair.cid}`,
    );
    const baseSeq = start!.count;

    // The client keeps messages by seq; live events may come out of order, so it catches up
    // from the end of the gap-free run it holds, never from the highest id it has seen.
    const bySeq = new Map<number, Message>();
    const liveIds: number[] = [];
    const fetched: number[] = [];
    const show = (m: Message) => {
      if (!bySeq.has(m.seq)) bySeq.set(m.seq, m);
    };
    const attach = (socket: Socket) =>
      socket.on('new-message', (p: { message: Message }) => {
        liveIds.push(p.message.id);
        show(p.message);
      });
    const watermark = () => {
      let seq = baseSeq;
      while (bySeq.has(seq + 1)) seq++;
      return seq === baseSeq ? Number(start!.last ?? 0) : bySeq.get(seq)!.id;
    };
    async function catchUp() {
      let after: number | null = watermark();
      while (after !== null) {
        const page: { messages: Message[]; nextCursor: number | null } = (
          await a.app.inject({
            method: 'GET',
            url: `${url}?after=${after}&limit=200`,
            headers: reader.headers,
          })
        ).json();
        for (const m of page.messages) {
          fetched.push(m.id);
          show(m);
        }
        after = page.nextCursor;
      }
    }

    let tab = await open(b, reader.token);
    attach(tab.socket);
    await pause(300);

    const total = 1000;
    let next = 0;
    // Four requests in flight at a time, alternating between the two servers.
    const sender = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < total) {
          const i = next++;
          const res = await (i % 2 ? b : a.app).inject({
            method: 'POST',
            url,
            headers: writer.headers,
            payload: { text: `n${i}` },
          });
          if (res.statusCode !== 200) throw new Error(`send ${res.statusCode} ${res.body}`);
        }
      }),
    );

    // The connection drops twice mid-stream; each reconnect catches up.
    for (const at of [250, 600]) {
      while (next < at) await pause(10);
      tab.socket.close();
      await pause(150);
      tab = await open(b, reader.token);
      attach(tab.socket);
      await catchUp();
    }
    await sender;
    await pause(500);
    await catchUp();
    tab.socket.close();

    const stored = await rows<{ id: string; seq: number }>(
      a.database.db,
      sql`SELECT id, seq FROM messages WHERE cid = ${pair.cid} AND seq > ${baseSeq} ORDER BY seq`,
    );
    expect(stored).toHaveLength(total);
    // seq runs without gaps and in the order of the ids: storage order is reading order.
    expect(stored.map((r) => r.seq)).toEqual(
      Array.from({ length: total }, (_, i) => baseSeq + i + 1),
    );
    const ids = stored.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    // The client holds every message exactly once, the same ones, in the same order.
    expect([...bySeq.keys()].sort((x, y) => x - y).map((seq) => bySeq.get(seq)!.id)).toEqual(ids);
    // The server sent no live event twice, and no catch-up page repeated or reordered.
    expect(new Set(liveIds).size).toBe(liveIds.length);
    expect(new Set(fetched).size).toBe(fetched.length);
    expect(fetched).toEqual([...fetched].sort((x, y) => x - y));
    // Some of them did arrive only through the catch-up (the drops were real).
    expect(liveIds.length).toBeLessThan(total);
  }, 120_000);
});
