// A block in chat: the conversation leaves both members' lists and unread counts, its
// history cannot be read, a new message or conversation is refused both ways, and nothing
// moves in the ledger. Unblocking brings the history back, not the connection the block
// ended (product rules, Blocks cover everything): no new message without a new match.
import { CHAT_MESSAGES } from '@bidboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { acceptedPairs, send } from '../../../test/chat';
import { ledgerProblems, testClock } from '../../../test/marketplace';

const clock = testClock('2025-06-02T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

const get = (headers: Record<string, string>, url: string) =>
  t.app.inject({ method: 'GET', url, headers });

describe('blocking in chat', () => {
  it('hides the conversation both ways and refuses messages, the ended connection too after unblocking', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const { owner, bidder, cid } = pair!;
    expect((await send(t, bidder, cid, { text: 'Hi there' })).statusCode).toBe(200);

    const block = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: owner.headers,
      payload: { user_id: bidder.id },
    });
    expect(block.statusCode).toBe(200);

    for (const [me, other] of [
      [owner, bidder],
      [bidder, owner],
    ] as const) {
      const list = await get(me.headers, '/api/chat/conversations');
      expect(list.json().conversations).toEqual([]);
      expect((await get(me.headers, `/api/chat/conversations/${cid}/messages`)).statusCode).toBe(
        403,
      );
      const sent = await send(t, me, cid, { text: 'Still there?' });
      expect(sent.statusCode).toBe(403);
      expect(sent.json().message).toBe(CHAT_MESSAGES.notAccepted);
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/chat/conversations',
        headers: me.headers,
        payload: { partnerId: other.id },
      });
      expect(start.statusCode).toBe(403);
    }
    expect(await ledgerProblems(t.database.db)).toEqual([]);

    await t.app.inject({
      method: 'DELETE',
      url: `/api/blocks/${bidder.id}`,
      headers: owner.headers,
    });
    const back = await get(owner.headers, '/api/chat/conversations');
    expect(back.json().conversations.map((c: { cid: string }) => c.cid)).toEqual([cid]);
    const after = await send(t, owner, cid, { text: 'Sorry, wrong button' });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(CHAT_MESSAGES.notAccepted);
  });
});
