// marketplace §7 Chat through HTTP: who may start, read and write a conversation, the
// exact errors, paging both ways, unread counts and read receipts, and the reward paid
// once when the second member writes their first message.
import { CHAT_MESSAGES, conversationId, DELETE_ACCOUNT_CONFIRMATION } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type AcceptedPair, acceptedPairs, send, signedIn } from '../../../test/chat';
import { buildMember } from '../../../test/factories';
import { balanceOf, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { VERIFIED_FOR_MS } from '../auth/session-cache';

const clock = testClock('2025-06-02T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

const get = (headers: Record<string, string>, url: string) =>
  t.app.inject({ method: 'GET', url, headers });
const post = (headers: Record<string, string>, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function messageCount(cid: string) {
  const [row] = await rows<{ n: number }>(
    t.database.db,
    sql`SELECT COUNT(*)::int AS n FROM messages WHERE cid = ${cid}`,
  );
  return row!.n;
}

describe('POST /chat/conversations', () => {
  it("answers 'partnerId required' without a partner", async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    for (const payload of [{}, { partnerId: null }, { partnerId: '' }]) {
      const res = await post(pair!.owner.headers, '/api/chat/conversations', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CHAT_MESSAGES.partnerIdRequired);
    }
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: pair!.owner.headers,
    });
    expect(bare.statusCode).toBe(400);
  });

  it('opens the conversation of an accepted connection: cid is the two ids, smaller first', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const res = await post(pair!.bidder.headers, '/api/chat/conversations', {
      partnerId: pair!.owner.id,
    });
    expect(res.statusCode).toBe(200);
    const [low, high] = [pair!.owner.id, pair!.bidder.id].sort((a, b) => a - b);
    expect(res.json()).toMatchObject({
      success: true,
      cid: `${low}_${high}`,
      conversation: {
        cid: `${low}_${high}`,
        participants: [low, high],
        partnerId: pair!.owner.id,
        partner: { id: pair!.owner.id, username: pair!.owner.username },
        lastMessage: null,
        isOpen: true,
        unread: { [low!]: 0, [high!]: 0 },
      },
    });
    // Again, from the other side: the same conversation.
    const again = await post(pair!.owner.headers, '/api/chat/conversations', {
      partnerId: pair!.bidder.id,
    });
    expect(again.json().cid).toBe(`${low}_${high}`);
  });

  it('refuses members without an accepted connection, and oneself', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const stranger = await signedIn(t, await buildMember(t.database.db));
    const res = await post(stranger.headers, '/api/chat/conversations', {
      partnerId: pair!.owner.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CHAT_MESSAGES.notAccepted);
    const self = await post(pair!.owner.headers, '/api/chat/conversations', {
      partnerId: pair!.owner.id,
    });
    expect(self.statusCode).toBe(400);
    const [row] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS n FROM conversations
           WHERE cid = ${conversationId(stranger.id, pair!.owner.id)}`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('POST /chat/conversations/{cid}/messages', () => {
  it('stores trimmed text and answers its id; refuses empty, too long and control characters', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const res = await send(t, pair!.bidder, pair!.cid, { text: '  hello there \n' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      msgId: expect.any(Number),
      message: { senderId: pair!.bidder.id, text: 'hello there', type: 'text', blobUrl: null },
    });
    expect(body.message.id).toBe(body.msgId);
    expect(body.message.ts).toBe(clock.clock().getTime());

    const cases: [Record<string, unknown>, string][] = [
      [{ text: '   ' }, CHAT_MESSAGES.emptyMessage],
      [{}, CHAT_MESSAGES.emptyMessage],
      [{ text: 'x'.repeat(2001) }, CHAT_MESSAGES.messageTooLong],
      [{ text: 'bad\u0000byte' }, 'Text cannot contain control characters'],
      [{ type: 'image' }, CHAT_MESSAGES.imageRequired],
      [
        { type: 'image', blobUrl: 'dev/chat/1_2/00000000-0000-0000-0000-000000000000.webp' },
        CHAT_MESSAGES.imageRequired,
      ],
    ];
    for (const [payload, message] of cases) {
      const refused = await send(t, pair!.bidder, pair!.cid, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect(await send(t, pair!.bidder, pair!.cid, { text: 'x'.repeat(2000) })).toHaveProperty(
      'statusCode',
      200,
    );
    expect(await messageCount(pair!.cid)).toBe(2);
  });

  it('refuses a pending connection and an unmatched one with the spec text; nothing is stored', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    await send(t, pair!.bidder, pair!.cid, { text: 'before' });
    const unmatch = await t.app.inject({
      method: 'PUT',
      url: `/api/connections/${pair!.connectionId}/status`,
      headers: pair!.owner.headers,
      payload: { status: 'unmatched' },
    });
    expect(unmatch.statusCode).toBe(200);
    const res = await send(t, pair!.owner, pair!.cid, { text: 'after' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CHAT_MESSAGES.notAccepted);
    expect(await messageCount(pair!.cid)).toBe(1);
    // The history stays readable, marked closed.
    const list = (await get(pair!.owner.headers, '/api/chat/conversations')).json();
    const row = list.conversations.find((c: { cid: string }) => c.cid === pair!.cid);
    expect(row).toMatchObject({ isOpen: false, lastMessage: { text: 'before' } });
  });
});

describe('a third member (IDOR)', () => {
  it('cannot list, read, send to, mark read or fetch images of a conversation not theirs', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    await send(t, pair!.bidder, pair!.cid, { text: 'private' });
    const stranger = await signedIn(t, await buildMember(t.database.db));
    const base = `/api/chat/conversations/${pair!.cid}`;

    const listed = (await get(stranger.headers, '/api/chat/conversations')).json();
    expect(listed.conversations).toEqual([]);
    expect((await get(stranger.headers, `${base}/messages`)).statusCode).toBe(403);
    expect((await send(t, stranger, pair!.cid, { text: 'hi' })).statusCode).toBe(403);
    expect((await post(stranger.headers, `${base}/read`)).statusCode).toBe(403);
    expect(
      (await get(stranger.headers, `${base}/images/00000000-0000-0000-0000-000000000000.webp`))
        .statusCode,
    ).toBe(403);
    const upload = await t.app.inject({
      method: 'POST',
      url: `${base}/images`,
      headers: { ...stranger.headers, 'content-type': 'image/png' },
      payload: Buffer.from('not read'),
    });
    expect(upload.statusCode).toBe(403);
    expect(await messageCount(pair!.cid)).toBe(1);
    const [conversation] = await rows<{ unread_a: number; unread_b: number }>(
      t.database.db,
      sql`SELECT unread_a, unread_b FROM conversations WHERE cid = ${pair!.cid}`,
    );
    expect(conversation!.unread_a + conversation!.unread_b).toBe(1);
    // Malformed or reversed ids are no way in either.
    const [a, b] = pair!.cid.split('_');
    for (const cid of [`${b}_${a}`, `${a}_${a}`, 'x_1', `${a}_${b}_1`]) {
      expect(
        (await get(pair!.owner.headers, `/api/chat/conversations/${cid}/messages`)).statusCode,
      ).toBe(400);
    }
  });

  it('is refused without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/chat/conversations' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /chat/conversations/{cid}/messages', () => {
  it('pages back 30 at a time (50 on open), oldest first, and catches up after an id without gaps', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const ids: number[] = [];
    for (let i = 1; i <= 65; i++) {
      const from = i % 2 ? pair!.bidder : pair!.owner;
      ids.push((await send(t, from, pair!.cid, { text: `m${i}` })).json().msgId);
    }
    const url = `/api/chat/conversations/${pair!.cid}/messages`;
    const first = (await get(pair!.owner.headers, url)).json();
    expect(first.messages.map((m: { text: string }) => m.text)).toEqual(
      Array.from({ length: 30 }, (_, i) => `m${36 + i}`),
    );
    expect(first.nextCursor).toBe(ids[35]);
    const older = (await get(pair!.owner.headers, `${url}?cursor=${first.nextCursor}`)).json();
    expect(older.messages).toHaveLength(30);
    expect(older.messages[0].text).toBe('m6');
    const oldest = (await get(pair!.owner.headers, `${url}?cursor=${older.nextCursor}`)).json();
    expect(oldest.messages.map((m: { text: string }) => m.text)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
    expect(oldest.nextCursor).toBeNull();

    const open = (await get(pair!.owner.headers, `${url}?limit=50`)).json();
    expect(open.messages).toHaveLength(50);

    // A member who saw up to m10 catches up in pages, in order, without duplicates.
    const seen: number[] = [];
    let after: number | null = ids[9]!;
    while (after !== null) {
      const page: { messages: { id: number }[]; nextCursor: number | null } = (
        await get(pair!.owner.headers, `${url}?after=${after}&limit=20`)
      ).json();
      seen.push(...page.messages.map((m: { id: number }) => m.id));
      after = page.nextCursor;
    }
    expect(seen).toEqual(ids.slice(10));
  });
});

describe('GET /chat/conversations, unread counts and POST .../read', () => {
  it('lists newest first with previews and unread counts, pages by startAt, and clears on read', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    // Another pair's conversation never shows in this member's list.
    const second = await acceptedPairs(t, clock, 1);
    const bidder = pair.bidder;
    await send(t, second[0]!.bidder, second[0]!.cid, { text: 'other chat' });
    clock.set(new Date(clock.clock().getTime() + 60_000));
    await send(t, pair.owner, pair.cid, { text: 'one' });
    await send(t, pair.owner, pair.cid, { text: 'two' });

    const list = (await get(bidder.headers, '/api/chat/conversations?limit=20')).json();
    expect(list.nextCursor).toBeNull();
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0]).toMatchObject({
      cid: pair.cid,
      partnerId: pair.owner.id,
      lastMessage: { text: 'two', senderId: pair.owner.id, type: 'text' },
      unread: { [bidder.id]: 2, [pair.owner.id]: 0 },
      isOpen: true,
      online: false,
    });
    expect(list.conversations[0].updatedAt).toBe(clock.clock().getTime());
    expect((await get(bidder.headers, '/api/chat/unread')).json()).toEqual({
      success: true,
      unread: 2,
    });

    const read = await post(bidder.headers, `/api/chat/conversations/${pair.cid}/read`);
    expect(read.statusCode).toBe(200);
    const lastId = list.conversations[0].lastMessage.id;
    expect(read.json()).toEqual({ success: true, lastReadId: lastId });
    const after = (await get(bidder.headers, '/api/chat/conversations')).json();
    expect(after.conversations[0].unread[bidder.id]).toBe(0);
    expect(after.conversations[0].lastRead[bidder.id]).toBe(lastId);
    expect((await get(bidder.headers, '/api/chat/unread')).json().unread).toBe(0);
  });

  it('marks a partner who deleted their account, so the list shows the deleted-user placeholder', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    await send(t, pair!.bidder, pair!.cid, { text: 'hello' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: pair!.owner.headers,
      payload: { confirm: DELETE_ACCOUNT_CONFIRMATION },
    });
    expect(deleted.statusCode).toBe(200);
    const res = await get(pair!.bidder.headers, '/api/chat/conversations');
    const [conversation] = res.json().conversations;
    expect(conversation).toMatchObject({
      partnerId: pair!.owner.id,
      partner: { id: pair!.owner.id, username: null, deleted: true },
      isOpen: false,
    });
  });

  it('pages conversations with the cursor, none twice', async () => {
    const member = await buildMember(t.database.db);
    // Conversations of one member with many partners, straight in the table.
    const partners = await Promise.all(Array.from({ length: 5 }, () => buildMember(t.database.db)));
    const at = new Date('2025-06-01T00:00:00Z').toISOString();
    for (const p of partners) {
      const [a, b] = [member.id, p.id].sort((x, y) => x - y);
      await t.database.db.execute(
        sql`INSERT INTO conversations (cid, user_a, user_b, updated_at)
            VALUES (${`${a}_${b}`}, ${a}, ${b}, ${at}::timestamptz)`,
      );
    }
    const session = await signedIn(t, member);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&startAt=${cursor}` : '?limit=2';
      const page = (await get(session.headers, `/api/chat/conversations${query}`)).json();
      seen.push(...page.conversations.map((c: { cid: string }) => c.cid));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });
});

describe('engagement', () => {
  it("pays the owner once, when the second member's first message is stored", async () => {
    const [pair] = await acceptedPairs(t, clock, 1, { amount: 150 });
    const before = await balanceOf(t.database.db, pair!.owner.id);
    await send(t, pair!.bidder, pair!.cid, { text: 'hi' });
    await send(t, pair!.bidder, pair!.cid, { text: 'hello?' });
    expect(await balanceOf(t.database.db, pair!.owner.id)).toBe(before);
    await send(t, pair!.owner, pair!.cid, { text: 'hey!' });
    expect(await balanceOf(t.database.db, pair!.owner.id)).toBe(before + 150);
    await send(t, pair!.owner, pair!.cid, { text: 'again' });
    expect(await balanceOf(t.database.db, pair!.owner.id)).toBe(before + 150);
    const wins = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS n FROM token_transactions
           WHERE user_id = ${pair!.owner.id} AND transaction_type = 'win'`,
    );
    expect(wins[0]!.n).toBe(1);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('who may send (the send trusts a session verified in the last seconds)', () => {
  it('refuses a send at once after logout, and a suspended member once the row is read again', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const { bidder, owner, cid } = pair!;
    expect((await send(t, bidder, cid, { text: 'one' })).statusCode).toBe(200);
    expect((await post(bidder.headers, '/api/auth/logout')).statusCode).toBe(200);
    expect((await send(t, bidder, cid, { text: 'two' })).statusCode).toBe(401);

    // A suspension whose revocation was missed still stops the sends within VERIFIED_FOR_MS.
    expect((await send(t, owner, cid, { text: 'three' })).statusCode).toBe(200);
    await t.database.db.execute(
      sql`UPDATE users SET suspended_at = ${clock.clock().toISOString()}::timestamptz WHERE id = ${owner.id}`,
    );
    clock.set(new Date(clock.clock().getTime() + VERIFIED_FOR_MS + 1));
    expect((await send(t, owner, cid, { text: 'four' })).statusCode).toBe(401);
    expect(await messageCount(cid)).toBe(2);
  });
});
